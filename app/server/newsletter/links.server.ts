import { randomBytes } from "node:crypto";
import { localizePath } from "~/domain/lang-path";
import type { Lang } from "~/domain/product";
import type { Keys } from "../platform/keys.server";
import { signValue, verifySignedValue } from "../platform/signed-value.server";
import type { Site } from "../platform/site.server";

/**
 * The newsletter's emailed links. A token is the signed value
 * `newsletter-{action}.{nonce}.{email, base64url}`: the action keeps a confirm link from passing for
 * an unsubscribe link, the email says whose subscription it is, and the nonce — stored on the
 * subscriber's row, replaced on unsubscribing and on signing up again after that — ties the link to
 * one sign-up, so each link works once (newsletter.server.ts; docs/decisions/018). Every part is
 * URL-safe, so the token needs no escaping in a link or a header.
 */
export type NewsletterAction = "confirm" | "unsubscribe";

export interface NewsletterTokenSubject {
  email: string;
  nonce: string;
}

/** 128 random bits, base64url: a fresh nonce for a subscriber row. */
export function newNonce(): string {
  return randomBytes(16).toString("base64url");
}

const PREFIX = "newsletter-";
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

export function newsletterToken(keys: Keys, action: NewsletterAction, { email, nonce }: NewsletterTokenSubject): string {
  return signValue(keys, `${PREFIX}${action}.${nonce}.${Buffer.from(email, "utf8").toString("base64url")}`);
}

/** The email and nonce of a token made by this shop for `action`; null for anything else. */
export function readNewsletterToken(keys: Keys, action: NewsletterAction, token: string | null | undefined): NewsletterTokenSubject | null {
  if (typeof token !== "string" || token.length > 600) return null;
  const value = verifySignedValue(keys, token);
  if (!value) return null;
  const [purpose, nonce, encodedEmail, ...extra] = value.split(".");
  if (purpose !== `${PREFIX}${action}` || extra.length > 0 || !NONCE.test(nonce ?? "") || !encodedEmail) return null;
  const email = Buffer.from(encodedEmail, "base64url").toString("utf8");
  return email.includes("@") ? { email, nonce } : null;
}

/** What a link needs of the site: where it starts, and the key that signs it. */
type LinkSite = Pick<Site, "url" | "keys">;

/** Page paths (under the language prefix) where the links land. */
const NEWSLETTER_PATHS: Record<NewsletterAction, string> = {
  confirm: "/newsletter/confirm",
  unsubscribe: "/newsletter/unsubscribe",
};

/** Absolute link for a mail, in the subscriber's language. */
export function newsletterUrl(site: LinkSite, action: NewsletterAction, subject: NewsletterTokenSubject, lang: Lang): string {
  return `${site.url}${localizePath(NEWSLETTER_PATHS[action], lang)}?t=${newsletterToken(site.keys, action, subject)}`;
}

/**
 * Headers every newsletter-type mail carries (RFC 2369 + RFC 8058): mail clients show their own
 * "unsubscribe" button, which POSTs `List-Unsubscribe=One-Click` to the link without a browser.
 */
export function newsletterMailHeaders(site: LinkSite, subscriber: NewsletterTokenSubject & { lang: Lang }): Record<string, string> {
  return {
    "List-Unsubscribe": `<${newsletterUrl(site, "unsubscribe", subscriber, subscriber.lang)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
