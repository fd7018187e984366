/**
 * The console's shop settings kept in the database (shop_settings): today the analytics time zone,
 * where the seller's days are cut (docs/decisions/051). The view counter needs it for every view, so
 * it keeps the value in memory and reads it again at each flush (page-views.server.ts).
 */
import { eq } from "drizzle-orm";
import { isTimeZone } from "~/domain/time-zone";
import { z } from "~/domain/zod";
import { shopSettings } from "../../../db/schema";
import type { Db } from "../platform/db.server";

export const DEFAULT_TIME_ZONE = "UTC";
const TIME_ZONE = "time_zone";

/** The time zone field: an IANA name this server knows. */
export const timeZoneSchema = z.string().check(
  z.trim(),
  z.refine((zone) => isTimeZone(zone), "Choose a time zone such as Europe/Paris or UTC."),
);

export async function readTimeZone(db: Db): Promise<string> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.name, TIME_ZONE));
  return row && isTimeZone(row.value) ? row.value : DEFAULT_TIME_ZONE;
}

export async function saveTimeZone(db: Db, zone: string, now: Date): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ name: TIME_ZONE, value: zone, updatedAt: now })
    .onConflictDoUpdate({ target: shopSettings.name, set: { value: zone, updatedAt: now } });
}
