import { and, eq, inArray } from "drizzle-orm";
import { isLang } from "~/domain/lang-path";
import type { Lang } from "~/domain/product";
import { newsletterSubscribers } from "../../../db/schema";
import { clientKey } from "../platform/client-key.server";
import type { Db } from "../platform/db.server";
import type { Keys } from "../platform/keys.server";
import type { Site } from "../platform/site.server";
import { newsletterAlreadySubscribedMail, newsletterConfirmationMail, type NewsletterRecipient } from "./newsletter-mail.server";
import { enqueueMail } from "../mail/outbox.server";
import { newNonce, readNewsletterToken, type NewsletterAction } from "./links.server";
import { hit, RATE_LIMITS, type RateLimitRule } from "../platform/rate-limit.server";

/**
 * Newsletter double opt-in (docs/decisions/018-newsletter-double-opt-in.md): a sign-up stores a
 * pending address and mails a confirmation link; only confirmed addresses receive newsletters or
 * count as subscribers; every emailed link works once.
 */
export type Subscriber = typeof newsletterSubscribers.$inferSelect;

/**
 * Mails to one address are limited like sign-ups from one client: someone cycling through client
 * addresses still cannot flood a mailbox with confirmation mails. Over the limit, the sign-up is
 * answered the same and no mail is written.
 */
const PER_ADDRESS: RateLimitRule = { ...RATE_LIMITS.newsletter, bucket: "newsletter-address" };

const normalize = (email: string) => email.trim().toLowerCase();
const langOf = (value: string): Lang => (isLang(value) ? value : "en");

/**
 * Signs an address up, answering the same whatever its state, so the caller learns nothing:
 * new, pending or unsubscribed → pending, with a confirmation mail in `lang` (a pending address
 * keeps its nonce, so an earlier confirmation mail still works); confirmed → unchanged, with an
 * "already subscribed" mail to the address's owner only. The mail is written in the same
 * transaction as the row.
 */
export async function subscribe(db: Db, site: Site, email: string, lang: Lang, now: Date): Promise<void> {
  const address = normalize(email);
  const mayMail = (await hit(db, PER_ADDRESS, clientKey(site.keys, `mailto:${address}`), now)).allowed;
  await db.transaction(async (tx) => {
    await tx.insert(newsletterSubscribers).values({ email: address, lang, status: "pending", nonce: newNonce(), createdAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, address)).for("update");
    if (row.status === "confirmed") {
      // Rows from before double opt-in have no nonce: they get one now (likewise below). The
      // write happens either way, so this branch costs what the others do.
      const nonce = row.nonce || newNonce();
      await tx.update(newsletterSubscribers).set({ nonce }).where(eq(newsletterSubscribers.email, address));
      if (mayMail) await enqueueMail(tx, newsletterAlreadySubscribedMail(site, { email: address, nonce, lang }), now);
      return;
    }
    const nonce = row.status === "pending" && row.nonce ? row.nonce : newNonce();
    await tx.update(newsletterSubscribers).set({ status: "pending", nonce, lang, confirmedAt: null }).where(eq(newsletterSubscribers.email, address));
    if (mayMail) await enqueueMail(tx, newsletterConfirmationMail(site, { email: address, nonce, lang }), now);
  });
}

/** What an emailed link can still do: nothing (`invalid`: not ours; `used`), or its action for `email`. */
export type LinkState = { state: "invalid" } | { state: "used" } | { state: "ready" | "done"; email: string };

/** The states from which each link's action applies. */
const APPLIES_TO: Record<NewsletterAction, readonly Subscriber["status"][]> = {
  confirm: ["pending"],
  unsubscribe: ["pending", "confirmed"],
};

/** Reads a link without using it: what its page shows before the button is pressed. */
export async function inspectNewsletterLink(db: Db, keys: Keys, action: NewsletterAction, token: string | null | undefined): Promise<LinkState> {
  const subject = readNewsletterToken(keys, action, token);
  if (!subject) return { state: "invalid" };
  const [row] = await db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.email, subject.email), eq(newsletterSubscribers.nonce, subject.nonce)));
  return row && APPLIES_TO[action].includes(row.status) ? { state: "ready", email: subject.email } : { state: "used" };
}

/**
 * Confirms the address of a confirm link, once: it applies only to a pending row whose nonce is the
 * link's. The nonce is kept, so the unsubscribe link of the same mail (and its List-Unsubscribe
 * header) still works after confirming; the link cannot confirm twice because the row is no longer
 * pending, and only a new sign-up, which draws a new nonce, makes it pending again.
 */
export async function confirmSubscription(db: Db, keys: Keys, token: string | null | undefined, now: Date): Promise<LinkState> {
  const subject = readNewsletterToken(keys, "confirm", token);
  if (!subject) return { state: "invalid" };
  const updated = await db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.email, subject.email),
        eq(newsletterSubscribers.nonce, subject.nonce),
        inArray(newsletterSubscribers.status, APPLIES_TO.confirm),
      ),
    )
    .returning({ email: newsletterSubscribers.email });
  return updated.length > 0 ? { state: "done", email: subject.email } : { state: "used" };
}

/** Unsubscribes the address of an unsubscribe link, once: the nonce is replaced, so every earlier link stops working. */
export async function unsubscribe(db: Db, keys: Keys, token: string | null | undefined, now: Date): Promise<LinkState> {
  const subject = readNewsletterToken(keys, "unsubscribe", token);
  if (!subject) return { state: "invalid" };
  const updated = await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now, nonce: newNonce() })
    .where(
      and(
        eq(newsletterSubscribers.email, subject.email),
        eq(newsletterSubscribers.nonce, subject.nonce),
        inArray(newsletterSubscribers.status, APPLIES_TO.unsubscribe),
      ),
    )
    .returning({ email: newsletterSubscribers.email });
  return updated.length > 0 ? { state: "done", email: subject.email } : { state: "used" };
}

/**
 * The recipients of a newsletter: confirmed addresses only, each with what its mail needs
 * (`newsletterMail` in mail/newsletter-mail.server.ts adds the unsubscribe link and headers).
 */
export async function listSubscribers(db: Db): Promise<NewsletterRecipient[]> {
  const rows = await db
    .select({ email: newsletterSubscribers.email, nonce: newsletterSubscribers.nonce, lang: newsletterSubscribers.lang })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "confirmed"))
    .orderBy(newsletterSubscribers.email);
  return rows.map((row) => ({ ...row, lang: langOf(row.lang) }));
}
