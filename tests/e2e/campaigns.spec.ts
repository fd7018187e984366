import { createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import sharp from "sharp";
import { E2E_DKIM, FAKE_MAIL_URL } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { buyer, loginAsSeller, placePaidOrder, uniqueEmail } from "./admin-helpers";
import { linkIn, mailsTo, waitForMail } from "./mailbox";
import type { ReceivedMail } from "../mocks/mail-server";

/**
 * Issue 30, campaigns (docs/decisions/046) in the browser: the owner composes a campaign in three
 * languages, picks a product card, previews, tests and sends it; each confirmed subscriber gets one
 * mail in their language (DKIM-signed, one-click unsubscribe, pictures that load, a counted click
 * link) and a pending, an unsubscribed and a suppressed address get nothing; staff cannot reach it.
 * Every address is the test's own: the inbox is shared by the run, and the campaign also reaches
 * the other specs' confirmed subscribers (its figures are not asserted as totals for that reason).
 */

type Lang = "en" | "fr" | "es";
const LANGS = ["en", "fr", "es"] as const;
const SUBJECTS = { en: "Spring drop", fr: "Nouveautés de printemps", es: "Novedades de primavera" } as const;
/** A product no other spec looks at the pictures of: it gets a PNG as its first picture here. */
const PRODUCT = { id: "king-cummy-v8-new", title: "KCUMMY-V8-TRIGGER" };

/** The test's DNS: the TXT record the README tells the seller to publish, made from the e2e shop's key. */
function dkimResolver() {
  const publicKey = createPublicKey(readFileSync(E2E_DKIM.keyFile, "utf8")).export({ type: "spki", format: "der" }).toString("base64");
  const record = `${E2E_DKIM.selector}._domainkey.${E2E_DKIM.domain}`;
  return async (name: string, type: string) => {
    if (type === "TXT" && name.toLowerCase() === record) return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
    throw Object.assign(new Error(`no ${type} for ${name}`), { code: "ENOTFOUND" });
  };
}

/** Signs up through the footer's API and, unless left pending, confirms from the mail's link. */
async function subscriber(request: APIRequestContext, lang: Lang, email: string, confirm: boolean): Promise<ReceivedMail> {
  expect((await request.post("/api/newsletter", { data: { email, lang, website: "" } })).status()).toBe(200);
  const mail = await waitForMail(request, email, /./);
  if (confirm) expect((await request.post(linkIn(mail, /\/newsletter\/confirm$/), { form: {} })).status()).toBe(200);
  return mail;
}

/** SMTP answers 550 to these addresses from now on (an empty list: to nobody). */
async function refuseAtSmtp(request: APIRequestContext, addresses: string[]) {
  expect((await request.post(`${FAKE_MAIL_URL}/control`, { data: { refuse: addresses } })).status()).toBeLessThan(300);
}

/** A facts list's value ("Clicks" → its <dd>). */
const fact = (scope: Locator, term: string) =>
  scope
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::*[1]");

/** Puts an uploaded picture (stored with a JPEG fallback) first in the product's, so its mail card has one mail clients show (the seeded drawings are SVG). */
async function givePngPicture(page: Page) {
  await page.goto(`/admin/products/${PRODUCT.id}`);
  const media = page.getByRole("region", { name: "Photos and video" });
  const png = await sharp({ create: { width: 480, height: 480, channels: 3, background: "#22aa66" } })
    .png()
    .toBuffer();
  const rows = page.getByTestId("media-row");
  // The card loads its list after the page: the seeded drawing's row first, then count.
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  await page.getByLabel("Photos", { exact: true }).setInputFiles({ name: "card.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(media.getByRole("status").first()).toHaveText(/^Added 1 photo/, { timeout: 60_000 });
  // The status comes before the list has reloaded: count the new row first, or the loop below may not move it.
  await expect(rows).toHaveCount(before + 1);
  for (let at = before + 1; at > 1; at--) {
    await page
      .getByRole("listitem", { name: `${at}. Photo ${at}` })
      .getByRole("button", { name: `Move photo ${at} up` })
      .click();
    await expect(page.getByRole("listitem", { name: `${at - 1}. Photo ${at - 1}` })).toContainText(/\b(JPEG|PNG) · /);
  }
}

/** Staff are refused the campaigns, as a page and as a forged POST. */
async function staffRefused(browser: Browser, campaignPath: string) {
  const context = await browser.newContext();
  const staff = await context.newPage();
  await loginAsSeller(staff, { account: "staff" });
  await expect(staff.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(staff.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Campaigns" })).toHaveCount(0);
  for (const path of ["/admin/campaigns", campaignPath]) {
    await staff.goto(path);
    await expect(staff.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(staff.getByText("Your role (staff) may not see campaigns: ask the shop's owner.")).toBeVisible();
  }
  const origin = new URL(staff.url()).origin;
  for (const path of [campaignPath, `${campaignPath}.data`]) {
    const forged = await staff.request.post(path, { form: { intent: "cancel" }, headers: { origin } });
    expect(forged.status()).toBe(403);
  }
  expect((await staff.request.get(`${campaignPath}/preview?lang=en`)).status()).toBe(403);
  const created = await staff.request.post("/admin/campaigns/new", {
    form: { subject_en: "Forged by staff", body_en: "Forged" },
    headers: { origin },
  });
  expect(created.status()).toBe(403);
  await context.close();
}

test("the owner composes, previews and sends a campaign in three languages; each confirmed subscriber gets one signed mail in their language", async ({
  page,
  request,
  browser,
}) => {
  // Six sign-ups, a picture upload, a compose and a send: more than one page's test.
  test.setTimeout(120_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const to = { en: uniqueEmail("camp-en"), fr: uniqueEmail("camp-fr"), es: uniqueEmail("camp-es") };
  const pending = uniqueEmail("camp-pending");
  const unsubscribed = uniqueEmail("camp-unsub");
  // The address a paid order's buyer has (tests/e2e/admin-helpers.ts buyer()): its "paid" mail meets the 550.
  const suppressedTag = `csup${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const suppressed = buyer(suppressedTag).EMAIL;

  for (const lang of LANGS) await subscriber(request, lang, to[lang], true);
  await subscriber(request, "fr", pending, false);
  const leaving = await subscriber(request, "en", unsubscribed, true);
  const oneClick = await request.post(linkIn(leaving, /\/newsletter\/unsubscribe$/), { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);
  // A confirmed subscriber whose server then refuses mail for good (their paid order's mail meets the 550).
  await subscriber(request, "es", suppressed, true);
  await refuseAtSmtp(request, [suppressed]);
  await placePaidOrder(request, suppressedTag);

  await loginAsSeller(page, { next: "/admin/suppressions" });
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole("cell", { name: suppressed, exact: true }).count();
      },
      { timeout: 30_000, message: `${suppressed} on the suppression list` },
    )
    .toBe(1);
  await refuseAtSmtp(request, []);

  await givePngPicture(page);

  // Compose: French and Spanish are flagged until they are written.
  await page.goto("/admin/campaigns");
  await page.getByRole("link", { name: "New campaign" }).click();
  await expect(page.getByText("Missing: French subscribers get the English text.")).toBeVisible();
  for (const [lang, name] of [
    ["en", "English"],
    ["fr", "French"],
    ["es", "Spanish"],
  ] as const) {
    await page.getByLabel(`Subject (${name})`).fill(`${SUBJECTS[lang]} ${stamp}`);
    await page.getByLabel(`Text (${name})`).fill(`${SUBJECTS[lang]}!`);
  }
  await page.getByRole("checkbox", { name: PRODUCT.title }).check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${SUBJECTS.en} ${stamp}`);
  await expect(fact(page.getByRole("region", { name: "Status" }), "Missing languages")).toHaveText("None");
  const campaignPath = new URL(page.url()).pathname;

  // The preview frame shows the mail as sent, in the chosen language and width.
  await expect(page.getByTitle("Preview in English at phone width")).toBeVisible();
  await expect(page.frameLocator("iframe[title^='Preview']").getByRole("heading", { name: `${SUBJECTS.en} ${stamp}` })).toBeVisible();
  await page.getByRole("link", { name: "French", exact: true }).click();
  await expect(page.getByTitle("Preview in French at phone width")).toBeVisible();
  await page.getByRole("link", { name: "Desktop", exact: true }).click();
  await expect(page.getByTitle("Preview in French at desktop width")).toBeVisible();
  const preview = page.frameLocator("iframe[title^='Preview']");
  // The frame's document runs no script: its policy allows none, whatever its sandbox says.
  const policy = (await page.request.get(`${campaignPath}/preview?lang=fr`)).headers()["content-security-policy"];
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("script-src 'none'");
  expect(policy).not.toContain("script-src 'self'");
  await expect(preview.getByRole("heading", { name: `${SUBJECTS.fr} ${stamp}` })).toBeVisible();
  await expect(preview.getByRole("img", { name: PRODUCT.title })).toBeVisible();

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A test in English, French, Spanish" })).toBeVisible();

  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Sending to \d+ subscribers?\./ })).toBeVisible();
  await expect(page.getByRole("progressbar")).toBeVisible();

  const resolver = dkimResolver();
  const subjectOf = (lang: Lang) => new RegExp(`^${SUBJECTS[lang]} ${stamp}$`);
  for (const lang of LANGS) {
    const mail = await waitForMail(request, to[lang], subjectOf(lang), 30_000);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toMatch(/^<https?:\/\/.+\/newsletter\/unsubscribe\?/);
    expect(mail.html).toContain(`<html lang="${lang}">`);
    expect(mail.text).toContain(`${SUBJECTS[lang]}!`);
    // Signed by the shop's key, checked by a library that did not sign it.
    const verified = await dkimVerify(mail.raw, { resolver });
    expect(verified.results.map((r: { signingDomain: string; status: { result: string } }) => [r.signingDomain, r.status.result])).toEqual([
      [E2E_DKIM.domain, "pass"],
    ]);
    // Pictures a mail client shows, at absolute URLs that load.
    const pictures = [...mail.html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    expect(pictures.length).toBeGreaterThan(0);
    for (const src of pictures) {
      expect(src).toMatch(/^https?:\/\//);
      const picture = await request.get(src);
      expect(picture.status(), src).toBe(200);
      expect(picture.headers()["content-type"], src).toMatch(/^image\/(jpeg|png)$/);
    }
    // The card's link is a counted redirect to the product page in the mail's language.
    const landed = await page.goto(linkIn(mail, /^\/c\//));
    expect(landed?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(lang === "en" ? `/product/${PRODUCT.id}` : `/${lang}/product/${PRODUCT.id}`);
  }

  // Once it has gone to everybody: exactly one each, and nothing to the pending, unsubscribed and suppressed addresses.
  await page.goto(campaignPath);
  await expect
    .poll(
      async () => {
        await page.reload();
        return fact(page.getByRole("region", { name: "Status" }), "Status").textContent();
      },
      { timeout: 30_000 },
    )
    .toBe("Sent");
  for (const lang of LANGS) expect((await mailsTo(request, to[lang])).filter((m) => m.subject.includes(stamp))).toHaveLength(1);
  for (const address of [pending, unsubscribed, suppressed]) expect((await mailsTo(request, address)).filter((m) => m.subject.includes(stamp))).toEqual([]);
  const tests = (await mailsTo(request, "seller@triggershop.test")).filter((m) => m.subject.includes(stamp));
  expect(tests).toHaveLength(3);

  // The three clicks are counted, for the campaign and for the product.
  const sending = page.getByRole("region", { name: "Sending" });
  await expect(fact(sending, "Clicks")).toHaveText("3");
  await expect(sending.getByRole("listitem").filter({ hasText: `${PRODUCT.title}: 3 clicks` })).toBeVisible();

  await staffRefused(browser, campaignPath);
  await page.reload();
  await expect(fact(page.getByRole("region", { name: "Status" }), "Status")).toHaveText("Sent");
  await page.goto("/admin/campaigns");
  await expect(page.getByRole("link", { name: `${SUBJECTS.en} ${stamp}` })).toBeVisible();
  await expect(page.getByText("Forged by staff")).toHaveCount(0);
});
