/**
 * The inbox's "Reply" link: opens the seller's mail program on the shopper's address, with a subject
 * in the shopper's language and their message quoted, so the reply carries its context.
 */
import type { Lang } from "../product";

const SUBJECT: Record<Lang, string> = {
  en: "Re: your message to Trigger Shop",
  fr: "Re : votre message à Trigger Shop",
  es: "Re: tu mensaje a Trigger Shop",
};

/** Mail programs and browsers cut long mailto links; the quote stops well before that. */
export const QUOTE_MAX = 1200;

export function replyMailto(message: { email: string; lang: string; message: string; createdAt: Date }): string {
  const lang = (message.lang in SUBJECT ? message.lang : "en") as Lang;
  const text = message.message.length > QUOTE_MAX ? `${message.message.slice(0, QUOTE_MAX)}…` : message.message;
  const quote = text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const body = `\n\n${message.createdAt.toISOString().slice(0, 10)}, ${message.email}:\n${quote}\n`;
  // encodeURIComponent, not URLSearchParams: mail programs read %20, not +, as a space.
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(SUBJECT[lang])}&body=${encodeURIComponent(body)}`;
}
