import type { MessageCode } from "~/domain/messages";
import { fieldErrors, newsletterSchema } from "~/domain/validation";
import type { Lang } from "~/domain/product";
import { newsletterSubscribers } from "../../db/schema";
import type { Db } from "./db.server";

export type NewsletterResult = { ok: true } | { ok: false; code: MessageCode };

/** Subscribes an address once; a repeat answers the same as a first time (no address probing). */
export async function subscribe(db: Db, raw: unknown, lang: Lang): Promise<NewsletterResult> {
  const parsed = newsletterSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed, "email_invalid");
    return { ok: false, code: errors.email ?? Object.values(errors)[0] ?? "email_invalid" };
  }
  await db
    .insert(newsletterSubscribers)
    .values({ email: parsed.data.email.toLowerCase(), lang })
    .onConflictDoNothing();
  return { ok: true };
}
