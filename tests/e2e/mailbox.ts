import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import { FAKE_MAIL_URL } from "../../playwright.config";
import type { ReceivedMail } from "../mocks/mail-server";

/**
 * Reads the fake mail server's inbox (tests/mocks/mail-server.ts). Tests run in parallel against one
 * inbox: give each test its own recipient address and look only at mails to it.
 */
export async function mailsTo(request: APIRequestContext, address: string): Promise<ReceivedMail[]> {
  const all = (await (await request.get(`${FAKE_MAIL_URL}/messages`)).json()) as ReceivedMail[];
  return all.filter((mail) => mail.to.includes(address.toLowerCase()) || mail.to.includes(address));
}

/** Waits (the outbox job runs every few seconds) for a mail to `address` whose subject matches. */
export async function waitForMail(request: APIRequestContext, address: string, subject: RegExp, timeout = 20_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, address)).find((mail) => subject.test(mail.subject));
        return found?.subject ?? null;
      },
      { timeout, message: `a mail to ${address} with subject ${subject}` },
    )
    .not.toBeNull();
  return found!;
}

/** The first link in a mail's text whose path matches, as a same-site path (so the test's baseURL applies). */
export function linkIn(mail: ReceivedMail, path: RegExp): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => path.test(new URL(url).pathname));
  if (!link) throw new Error(`No link matching ${path} in mail "${mail.subject}":\n${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
