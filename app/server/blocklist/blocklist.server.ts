/**
 * The blocklist (docs/decisions/035): emails, game usernames, PayPal payer ids and clients (the rate
 * limiter's keyed hash of the address, never the address) the seller no longer sells to. A new order
 * from any of them is refused at creation, before anything reaches PayPal. A payer id is only known
 * after a payment, so a blocked payer also blocks the emails and game usernames its orders used.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { normaliseBlockValue, type BlockKind } from "~/domain/disputes";
import { blocklist, orders } from "../../../db/schema";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";
import type { Db } from "../platform/db.server";

export interface BuyerKeys {
  email: string;
  gameUsername: string;
  clientKey?: string | null;
}

/** What blocks this buyer, or null. Never told to the buyer (they get a neutral refusal). */
export async function blockedBuyer(db: Db, buyer: BuyerKeys): Promise<{ kind: BlockKind; value: string } | null> {
  const email = normaliseBlockValue("email", buyer.email);
  const game = normaliseBlockValue("game_username", buyer.gameUsername);
  const checks = [and(eq(blocklist.kind, "email"), eq(blocklist.value, email)), and(eq(blocklist.kind, "game_username"), eq(blocklist.value, game))];
  if (buyer.clientKey) checks.push(and(eq(blocklist.kind, "client"), eq(blocklist.value, buyer.clientKey)));
  const [direct] = await db
    .select({ kind: blocklist.kind, value: blocklist.value })
    .from(blocklist)
    .where(or(...checks))
    .limit(1);
  if (direct) return direct;
  // A blocked PayPal account: the emails and game usernames of the orders it paid.
  const [byPayer] = await db
    .select({ value: blocklist.value })
    .from(blocklist)
    .innerJoin(orders, eq(orders.payerId, blocklist.value))
    .where(and(eq(blocklist.kind, "payer_id"), or(sql`lower(${orders.email}) = ${email}`, sql`lower(${orders.gameUsername}) = ${game}`)))
    .limit(1);
  return byPayer ? { kind: "payer_id", value: byPayer.value } : null;
}

export type BlockResult = { ok: true; added: boolean } | { ok: false; message: string };

/** Adds one value (a repeat changes nothing); one audit row when it is new. */
export async function addBlock(
  db: Db,
  who: Actor,
  entry: { kind: BlockKind; value: string; reason?: string | null; source?: string | null },
  now: Date,
): Promise<BlockResult> {
  const value = normaliseBlockValue(entry.kind, entry.value);
  if (!value) return { ok: false, message: "Nothing to block." };
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(blocklist)
      .values({ kind: entry.kind, value, reason: entry.reason || null, source: entry.source ?? null, createdBy: who.actor, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: blocklist.id });
    if (inserted.length === 0) return { ok: true, added: false };
    await recordSellerAction(tx, who, "block", `block:${entry.kind}`, { value, reason: entry.reason || null, source: entry.source ?? null }, now);
    return { ok: true, added: true };
  });
}

/** The buyer of an order, by everything the shop knows of them (the lost-dispute offer). */
export async function blockOrderBuyer(db: Db, who: Actor, orderId: string, reason: string, source: string, now: Date): Promise<number | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const entries: { kind: BlockKind; value: string | null }[] = [
    { kind: "email", value: order.email },
    { kind: "game_username", value: order.gameUsername },
    { kind: "payer_id", value: order.payerId },
    { kind: "client", value: order.clientKey },
  ];
  let added = 0;
  for (const { kind, value } of entries) {
    if (!value) continue;
    const result = await addBlock(db, who, { kind, value, reason, source }, now);
    if (result.ok && result.added) added++;
  }
  return added;
}

export async function removeBlock(db: Db, who: Actor, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(blocklist).where(eq(blocklist.id, id)).returning();
    if (!removed) return false;
    await recordSellerAction(tx, who, "unblock", `block:${removed.kind}`, { value: removed.value }, now);
    return true;
  });
}

export async function listBlocks(db: Db) {
  return db.select().from(blocklist).orderBy(desc(blocklist.createdAt), desc(blocklist.id));
}

/** Which of an order's buyer keys are blocked (the order page says so). */
export async function blocksOfOrder(db: Db, order: { email: string; gameUsername: string; payerId: string | null; clientKey: string | null }) {
  const pairs: [BlockKind, string | null][] = [
    ["email", normaliseBlockValue("email", order.email)],
    ["game_username", normaliseBlockValue("game_username", order.gameUsername)],
    ["payer_id", order.payerId],
    ["client", order.clientKey],
  ];
  const values = pairs.filter(([, v]) => v).map(([, v]) => v!);
  if (values.length === 0) return [];
  const rows = await db.select().from(blocklist).where(inArray(blocklist.value, values));
  return rows.filter((r) => pairs.some(([k, v]) => r.kind === k && r.value === v));
}
