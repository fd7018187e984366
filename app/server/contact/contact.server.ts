import { isLang } from "~/domain/lang-path";
import type { Lang } from "~/domain/product";
import type { ContactForm } from "~/domain/validation";
import { contactMessages } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { enqueueMail, type OutgoingMail } from "../mail/outbox.server";
import { renderMail } from "../mail/render.server";

export interface NewContactMessage extends Pick<ContactForm, "name" | "email" | "message"> {
  /** Language of the page the message was sent from, so the seller answers in it. */
  lang: Lang;
  /** Pseudonymous client key (never a raw address), for spam checks; optional. */
  clientKey?: string | null;
}

export type ContactMessage = typeof contactMessages.$inferSelect;

const LANGUAGE_NAMES: Record<Lang, string> = { en: "English", fr: "French", es: "Spanish" };

/** "22 November 2026, 17:30 UTC": the seller may be anywhere, so the time says its zone. */
function sellerTime(date: Date): string {
  const text = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date);
  return `${text} UTC`;
}

/**
 * The seller's copy of a contact message (English, like the console): answering it in the mail
 * client replies to the shopper (Reply-To), in the language shown.
 */
function contactSellerMail(site: Pick<Site, "sellerEmail">, message: ContactMessage): OutgoingMail {
  const lang: Lang = isLang(message.lang) ? message.lang : "en";
  // Typed names may hold line breaks: the subject stays one line.
  const name = message.name.replace(/\s+/g, " ").trim();
  const rendered = renderMail({
    lang: "en",
    subject: `Contact message from ${name} (${LANGUAGE_NAMES[lang]})`,
    blocks: [
      { kind: "heading", text: `New message from ${name}` },
      {
        kind: "rows",
        rows: [
          ["From", `${name} <${message.email}>`],
          ["Language", `${LANGUAGE_NAMES[lang]} (${lang})`],
          ["Sent", sellerTime(message.createdAt)],
          ["Message no.", String(message.id)],
        ],
      },
      { kind: "quote", text: message.message },
      { kind: "paragraph", text: `Reply to this mail to answer ${name} at ${message.email}, in ${LANGUAGE_NAMES[lang]}.` },
    ],
    footer: "Trigger Shop contact form",
  });
  return { ...rendered, to: site.sellerEmail, replyTo: message.email, kind: "seller_contact", lang: "en" };
}

/**
 * Stores a contact-form message for the seller's inbox and, in the same transaction, the mail that
 * brings it to SELLER_EMAIL: the message is never stored without its mail, nor mailed without being
 * stored. The input must already have passed `contactSchema` (trimmed, non-empty, within the caps).
 */
export async function saveContactMessage(db: Db, site: Pick<Site, "sellerEmail">, input: NewContactMessage, now: Date): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        message: input.message,
        lang: input.lang,
        clientKey: input.clientKey ?? null,
        createdAt: now,
      })
      .returning();
    await enqueueMail(tx, contactSellerMail(site, row), now);
    return row;
  });
}
