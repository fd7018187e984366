import type { Lang } from "~/domain/product";
import { newsletterSubscribers } from "../../db/schema";
import type { Db } from "./db.server";

/** Subscribes a validated address once; a repeat is silently the same (no address probing). */
export async function subscribe(db: Db, email: string, lang: Lang): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email: email.toLowerCase(), lang }).onConflictDoNothing();
}
