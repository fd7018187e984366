import type { Lang } from "~/domain/product";
import type { ContactForm } from "~/domain/validation";
import { contactMessages } from "../../db/schema";
import type { Db } from "./db.server";

export interface NewContactMessage extends Pick<ContactForm, "name" | "email" | "message"> {
  /** Language of the page the message was sent from, so the seller answers in it. */
  lang: Lang;
  /** Pseudonymous client key (never a raw address), for spam checks; optional. */
  clientKey?: string | null;
}

export type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * Stores a contact-form message for the seller's inbox. The input must already have passed
 * `contactSchema` (trimmed, non-empty, within the length caps).
 */
export async function saveContactMessage(db: Db, input: NewContactMessage): Promise<ContactMessage> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      message: input.message,
      lang: input.lang,
      clientKey: input.clientKey ?? null,
    })
    .returning();
  return row;
}
