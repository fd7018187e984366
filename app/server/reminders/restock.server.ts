/**
 * "Email me when it's back" (issue 30, docs/decisions/045). An address asks on an out-of-stock
 * product's page and waits in `restock_alerts`, in the language it asked in. When the product is
 * back in stock (the console's switch; a stock count would call the same hook), `onProductRestocked`
 * deletes the product's waiting rows and writes one mail each into the outbox in the same
 * transaction: nobody is mailed twice for one wait, and a later restock mails only those who asked
 * since. Suppressed addresses (bounces, complaints: mail/suppressions) are forgotten unmailed.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isLang } from "~/domain/lang-path";
import type { Lang } from "~/domain/product";
import { products, restockAlerts } from "../../../db/schema";
import { readCatalogue } from "../catalogue/cache.server";
import { inStockSql } from "../catalogue/products.server";
import { enqueueMail } from "../mail/outbox.server";
import { suppressedSql } from "../mail/suppressions.server";
import { clientKey } from "../platform/client-key.server";
import type { Db } from "../platform/db.server";
import { hit, type RateLimitRule } from "../platform/rate-limit.server";
import type { Site } from "../platform/site.server";
import { readRestockStopToken } from "./restock-links.server";
import { restockMail } from "./restock-mail.server";

/** Sign-ups from one client (the page's form, with or without JavaScript). */
export const RESTOCK_CLIENT_LIMIT: RateLimitRule = { bucket: "restock", limit: 10, windowMs: 60 * 60_000 };
/** Sign-ups for one address, from any client: nobody can queue a flood of alerts for someone else's mailbox. */
export const RESTOCK_ADDRESS_LIMIT: RateLimitRule = { bucket: "restock-address", limit: 5, windowMs: 60 * 60_000 };

const normal = (email: string) => email.trim().toLowerCase();

export type RestockSignup =
  /** Stored (or already waiting: the language is updated). */
  | { state: "waiting" }
  /** The product can be bought now: nothing stored. */
  | { state: "in_stock" }
  | { state: "not_found" }
  | { state: "rate_limited"; retryAfter: number };

/** A product a shopper may wait for: listed (has a public page) and not archived. */
async function sellable(db: Pick<Db, "select">, productId: string) {
  const [row] = await db
    .select({ id: products.id, inStock: sql<boolean>`${inStockSql()}` })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.listed, true), isNull(products.archivedAt)));
  return row;
}

/** Records that `email` waits for `productId` (the client's own limit is the route's, before this). */
export async function subscribeRestockAlert(db: Db, site: Site, request: { productId: string; email: string; lang: Lang }, now: Date): Promise<RestockSignup> {
  const product = await sellable(db, request.productId);
  if (!product) return { state: "not_found" };
  if (product.inStock) return { state: "in_stock" };
  const email = normal(request.email);
  const limit = await hit(db, RESTOCK_ADDRESS_LIMIT, clientKey(site.keys, `restock:${email}`), now);
  if (!limit.allowed) return { state: "rate_limited", retryAfter: limit.retryAfter };
  await db
    .insert(restockAlerts)
    .values({ productId: product.id, email, lang: request.lang, createdAt: now })
    .onConflictDoUpdate({ target: [restockAlerts.productId, restockAlerts.email], set: { lang: request.lang } });
  return { state: "waiting" };
}

export interface RestockReport {
  mailed: number;
  /** Suppressed addresses, forgotten without a mail. */
  skipped: number;
}

/**
 * The hook for "this product can be bought again": call it after the change commits (the console's
 * save does). When the product is listed, unarchived and in stock, each waiting address gets one
 * mail in its language and is forgotten, in one transaction (the rows are deleted as the mails are
 * written: two callers at once cannot both mail an address). Otherwise nothing happens; calling it
 * again, or for a product nobody waits for, costs one query.
 */
export async function onProductRestocked(db: Db, site: Site, productId: string, now: Date): Promise<RestockReport> {
  const report: RestockReport = { mailed: 0, skipped: 0 };
  const product = (await readCatalogue(db)).anyProduct(productId);
  if (!product) return report;
  await db.transaction(async (tx) => {
    // The database decides, not the (maybe older) cached copy: in stock, listed, not archived.
    const [row] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), inStockSql(), eq(products.listed, true), isNull(products.archivedAt)))
      .for("share");
    if (!row) return;
    const waiting = await tx
      .delete(restockAlerts)
      .where(eq(restockAlerts.productId, productId))
      .returning({ email: restockAlerts.email, lang: restockAlerts.lang, suppressed: sql<boolean>`${suppressedSql(restockAlerts.email)}` });
    for (const alert of waiting) {
      if (alert.suppressed) {
        report.skipped++;
        continue;
      }
      const lang: Lang = isLang(alert.lang) ? alert.lang : "en";
      await enqueueMail(tx, restockMail(site, product, { email: alert.email, lang }), now);
      report.mailed++;
    }
  });
  return report;
}

/**
 * The backstop (a job): alerts still waiting for a product that is back — the process stopped
 * between the console's save and its hook, or the product became sellable some other way.
 */
export async function sweepRestockAlerts(db: Db, site: Site, now: Date): Promise<RestockReport> {
  const ready = await db
    .selectDistinct({ productId: restockAlerts.productId })
    .from(restockAlerts)
    .innerJoin(products, eq(products.id, restockAlerts.productId))
    .where(and(inStockSql(), eq(products.listed, true), isNull(products.archivedAt)));
  const total: RestockReport = { mailed: 0, skipped: 0 };
  for (const { productId } of ready) {
    const report = await onProductRestocked(db, site, productId, now);
    total.mailed += report.mailed;
    total.skipped += report.skipped;
  }
  return total;
}

/** How many addresses wait for each of these products (the console's product page). */
export async function waitingCounts(db: Pick<Db, "select">, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: restockAlerts.productId, count: sql<number>`count(*)::int` })
    .from(restockAlerts)
    .where(inArray(restockAlerts.productId, [...productIds]))
    .groupBy(restockAlerts.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.count)]));
}

export type StopLink = { state: "invalid" } | { state: "ready" | "done"; email: string; removed?: number };

/** What the stop page shows before its button: whose link it is. */
export function inspectRestockStopLink(site: Pick<Site, "keys">, token: string | null | undefined): StopLink {
  const email = readRestockStopToken(site.keys, token);
  return email ? { state: "ready", email } : { state: "invalid" };
}

/** The mail's "stop" link (page button or one-click): every alert still waiting for the address is removed. */
export async function stopRestockAlerts(db: Db, site: Pick<Site, "keys">, token: string | null | undefined): Promise<StopLink> {
  const email = readRestockStopToken(site.keys, token);
  if (!email) return { state: "invalid" };
  const removed = await db
    .delete(restockAlerts)
    .where(eq(restockAlerts.email, normal(email)))
    .returning({ id: restockAlerts.id });
  return { state: "done", email, removed: removed.length };
}
