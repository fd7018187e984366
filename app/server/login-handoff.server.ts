/**
 * The buyer's game login for permanent items (docs/decisions/022-login-handoff-crypto.md). The
 * server stores what the buyer's browser sealed to the shop's public key and what the seller's
 * browser encrypted under a passphrase — it can open neither. It decides when a login may be
 * given, replaced or withdrawn (app/domain/login-handoff.ts), hands a ciphertext to a seller only
 * after recording the reveal, and deletes it when the order ends or 7 days after payment.
 *
 * Nothing here logs, mails or exports a login; errors carry codes, never the request's body.
 */
import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import {
  deletionReasonFor,
  handoffStage,
  isPlausibleSealedLogin,
  KDF_MAX_ITERATIONS,
  KDF_MIN_ITERATIONS,
  LOGIN_RETENTION_MS,
  mayBuyer,
  orderNeedsLogin,
  type HandoffProduct,
  type HandoffStage,
  type LoginDeletionReason,
  type LoginEventKind,
} from "~/domain/login-handoff";
import type { BuyerHandoffView, PublicSellerKey } from "~/domain/api/order-login";
import type { MessageCode } from "~/domain/messages";
import type { OrderState } from "~/domain/order-state";
import { orderItems, orderLoginEvents, orderLogins, orders, products, sellerKeys } from "../../db/schema";
import type { Db } from "./db.server";

/** A transaction or the database itself. */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

export interface EncryptedPrivateKey {
  ciphertext: string;
  iv: string;
  salt: string;
  iterations: number;
}

export interface NewSellerKey {
  publicKey: string;
  privateKey: EncryptedPrivateKey;
}

export type HandoffResult<T> = { ok: true; value: T } | { ok: false; status: number; code: MessageCode };

const refused = (status: number, code: MessageCode): { ok: false; status: number; code: MessageCode } => ({ ok: false, status, code });

// --- Keys -----------------------------------------------------------------------------------------

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function base64Bytes(value: string): number | null {
  if (!BASE64.test(value) || value.length % 4 !== 0) return null;
  const padding = value.endsWith("==") ? 2 : value.endsWith("=") ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

/** X25519 keys are 32 bytes; AES-GCM of one is 32 + a 16-byte tag; GCM nonce 12; salt 16. */
const KEY_SHAPE = { publicKey: 32, ciphertext: 48, iv: 12, salt: 16 } as const;

/**
 * True when the record has exactly the shapes of a public key and an AES-GCM-encrypted private key:
 * a raw private key (32 bytes) in the ciphertext's place is refused, so a broken or careless client
 * cannot leave the private key readable on the server.
 */
export function isWellFormedSellerKey(key: NewSellerKey): boolean {
  const { privateKey } = key;
  return (
    base64Bytes(key.publicKey) === KEY_SHAPE.publicKey &&
    base64Bytes(privateKey.ciphertext) === KEY_SHAPE.ciphertext &&
    base64Bytes(privateKey.iv) === KEY_SHAPE.iv &&
    base64Bytes(privateKey.salt) === KEY_SHAPE.salt &&
    Number.isInteger(privateKey.iterations) &&
    privateKey.iterations >= KDF_MIN_ITERATIONS &&
    privateKey.iterations <= KDF_MAX_ITERATIONS
  );
}

export async function activeSellerKey(db: Executor): Promise<PublicSellerKey | null> {
  const [key] = await db.select({ id: sellerKeys.id, publicKey: sellerKeys.publicKey }).from(sellerKeys).where(isNull(sellerKeys.retiredAt));
  return key ?? null;
}

/** Every key for the console's keys page, newest first, with how many live logins each still opens. */
export async function listSellerKeys(db: Db) {
  const rows = await db
    .select({
      id: sellerKeys.id,
      publicKey: sellerKeys.publicKey,
      createdBy: sellerKeys.createdBy,
      createdAt: sellerKeys.createdAt,
      retiredAt: sellerKeys.retiredAt,
      destroyedAt: sellerKeys.destroyedAt,
      liveLogins: sql<number>`(select count(*)::int from ${orderLogins} where ${orderLogins.keyId} = ${sellerKeys.id} and ${orderLogins.ciphertext} is not null)`,
    })
    .from(sellerKeys)
    .orderBy(sql`${sellerKeys.id} desc`);
  return rows;
}

/**
 * Makes `key` the active key; the previous one is retired (still opens the logins sealed to it until
 * they are deleted). `within` runs in the same transaction (the seller's audit row).
 */
export async function createSellerKey(
  db: Db,
  key: NewSellerKey,
  actor: string,
  now = new Date(),
  within?: (tx: Tx, keyId: number) => Promise<void>,
): Promise<HandoffResult<PublicSellerKey>> {
  if (!isWellFormedSellerKey(key)) return refused(422, "login_key_invalid");
  return db.transaction(async (tx) => {
    // Serialises concurrent rotations: the partial unique index would refuse the second anyway.
    await tx.execute(sql`lock table ${sellerKeys} in share row exclusive mode`);
    await tx.update(sellerKeys).set({ retiredAt: now }).where(isNull(sellerKeys.retiredAt));
    const [row] = await tx
      .insert(sellerKeys)
      .values({
        publicKey: key.publicKey,
        privateKeyCiphertext: key.privateKey.ciphertext,
        privateKeyIv: key.privateKey.iv,
        privateKeySalt: key.privateKey.salt,
        kdfIterations: key.privateKey.iterations,
        createdBy: actor,
        createdAt: now,
      })
      .returning({ id: sellerKeys.id, publicKey: sellerKeys.publicKey });
    await within?.(tx, row!.id);
    return { ok: true as const, value: row! };
  });
}

/**
 * Wipes the encrypted private key of retired keys that no live login needs any more: once the last
 * ciphertext sealed to a key is gone, nothing is left for that key to open.
 */
export async function destroyUnusedRetiredKeys(db: Executor, now = new Date()): Promise<number> {
  const destroyed = await db
    .update(sellerKeys)
    .set({ privateKeyCiphertext: null, privateKeyIv: null, privateKeySalt: null, destroyedAt: now })
    .where(
      and(
        isNotNull(sellerKeys.retiredAt),
        isNull(sellerKeys.destroyedAt),
        sql`not exists (select 1 from ${orderLogins} where ${orderLogins.keyId} = ${sellerKeys.id} and ${orderLogins.ciphertext} is not null)`,
      ),
    )
    .returning({ id: sellerKeys.id });
  return destroyed.length;
}

// --- The order's side -----------------------------------------------------------------------------

interface LockedOrder {
  status: OrderState;
  isGift: boolean;
  paidAt: Date | null;
  /** Each line's product with its delivery and type as stored now (archived products too). */
  items: { productId: string; type: string | null; delivery: string | null }[];
}

async function readOrder(tx: Executor, orderId: string, lock: boolean): Promise<LockedOrder | null> {
  const query = tx.select({ status: orders.status, isGift: orders.isGift, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) return null;
  const items = await tx
    .select({ productId: orderItems.productId, type: products.type, delivery: products.delivery })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  return { ...order, items };
}

/** How each line is delivered, from the product rows read with the order (not the storefront's catalogue). */
function productOf(order: LockedOrder): (id: string) => HandoffProduct | undefined {
  return (id) => {
    const item = order.items.find((i) => i.productId === id);
    if (!item?.delivery) return undefined;
    return {
      type: item.type === "room" ? "room" : item.type === "bundle" ? "bundle" : "trigger",
      delivery: item.delivery === "username-gift" ? "username-gift" : "manual-upload",
    };
  };
}

const stageOf = (order: LockedOrder, now: Date) => handoffStage(order, productOf(order), now);

async function loginRow(tx: Executor, orderId: string) {
  const [row] = await tx.select().from(orderLogins).where(eq(orderLogins.orderId, orderId));
  return row ?? null;
}

async function recordEvent(tx: Executor, orderId: string, kind: LoginEventKind, actor: string, now: Date, reason: LoginDeletionReason | null = null) {
  await tx.insert(orderLoginEvents).values({ orderId, kind, actor, reason, createdAt: now });
}

/** The order's login history, oldest first (the console shows who; the buyer's view does not). */
export async function listLoginEvents(db: Executor, orderId: string) {
  return db
    .select({ kind: orderLoginEvents.kind, actor: orderLoginEvents.actor, reason: orderLoginEvents.reason, createdAt: orderLoginEvents.createdAt })
    .from(orderLoginEvents)
    .where(eq(orderLoginEvents.orderId, orderId))
    .orderBy(asc(orderLoginEvents.createdAt), asc(orderLoginEvents.id));
}

const isReason = (value: string | null): value is LoginDeletionReason =>
  value === "withdrawn" || value === "delivered" || value === "refunded" || value === "cancelled" || value === "expired";

/** What the buyer's page shows for `orderId`; null for an unknown order. */
export async function buyerHandoffView(db: Executor, orderId: string, now = new Date()): Promise<BuyerHandoffView | null> {
  const order = await readOrder(db, orderId, false);
  if (!order) return null;
  const stage = stageOf(order, now);
  const row = await loginRow(db, orderId);
  const events = stage === "not_needed" ? [] : await listLoginEvents(db, orderId);
  const hasLogin = row?.ciphertext != null;
  const login: BuyerHandoffView["login"] =
    row === null
      ? { state: "none" }
      : hasLogin
        ? { state: "received", receivedAt: row.createdAt.toISOString(), replacedAt: row.replacedAt?.toISOString() ?? null }
        : { state: "deleted", deletedAt: (row.deletedAt ?? row.createdAt).toISOString(), reason: isReason(row.deletedReason) ? row.deletedReason : "expired" };
  const key = stage === "open" || stage === "started" ? await activeSellerKey(db) : null;
  return {
    stage,
    login,
    events: events.map((e) => ({ kind: e.kind, at: e.createdAt.toISOString(), reason: isReason(e.reason) ? e.reason : null })),
    key,
    deleteBy: order.paidAt && stage !== "not_needed" ? new Date(order.paidAt.getTime() + LOGIN_RETENTION_MS).toISOString() : null,
    may: {
      submit: key !== null && mayBuyer("submit", stage, hasLogin),
      replace: key !== null && mayBuyer("replace", stage, hasLogin),
      withdraw: mayBuyer("withdraw", stage, hasLogin),
    },
  };
}

/** Why the buyer may not act in this stage, as the message they see. */
function stageRefusal(stage: HandoffStage): { ok: false; status: number; code: MessageCode } {
  switch (stage) {
    case "not_needed":
      return refused(409, "login_not_needed");
    case "unpaid":
      return refused(409, "login_not_paid");
    case "started":
      return refused(409, "login_locked");
    default:
      return refused(409, "login_closed");
  }
}

export interface SealedLogin {
  /** The key the browser sealed to: must still be the active one. */
  keyId: number;
  /** base64 crypto_box_seal of the padded JSON {username, password}. */
  ciphertext: string;
}

/**
 * Stores the buyer's sealed login, or replaces the one given earlier (while the team has not
 * started). Under the order's row lock, so it never races a delivery or a refund that deletes it.
 */
export async function submitLogin(db: Db, orderId: string, sealed: SealedLogin, now = new Date()): Promise<HandoffResult<"submitted" | "replaced">> {
  if (!isPlausibleSealedLogin(sealed.ciphertext)) return refused(422, "login_ciphertext_invalid");
  return db.transaction(async (tx): Promise<HandoffResult<"submitted" | "replaced">> => {
    const order = await readOrder(tx, orderId, true);
    if (!order) return refused(404, "order_not_found");
    const stage = stageOf(order, now);
    const row = await loginRow(tx, orderId);
    const hasLogin = row?.ciphertext != null;
    const action = hasLogin ? "replace" : "submit";
    if (!mayBuyer(action, stage, hasLogin)) return stageRefusal(stage);
    const key = await activeSellerKey(tx);
    if (!key) return refused(503, "login_unavailable");
    if (key.id !== sealed.keyId) return refused(409, "login_key_changed");
    if (row === null) {
      await tx.insert(orderLogins).values({ orderId, keyId: key.id, ciphertext: sealed.ciphertext, createdAt: now });
    } else {
      await tx
        .update(orderLogins)
        .set({
          keyId: key.id,
          ciphertext: sealed.ciphertext,
          // A login given again after a withdrawal is a new one; a replacement keeps when the first came.
          ...(hasLogin ? { replacedAt: now } : { createdAt: now, replacedAt: null }),
          deletedAt: null,
          deletedReason: null,
        })
        .where(eq(orderLogins.orderId, orderId));
    }
    await recordEvent(tx, orderId, hasLogin ? "replaced" : "submitted", "buyer", now);
    return { ok: true, value: hasLogin ? "replaced" : "submitted" };
  });
}

/** The buyer takes the login back before the team starts: the ciphertext is deleted at once. */
export async function withdrawLogin(db: Db, orderId: string, now = new Date()): Promise<HandoffResult<"withdrawn">> {
  return db.transaction(async (tx): Promise<HandoffResult<"withdrawn">> => {
    const order = await readOrder(tx, orderId, true);
    if (!order) return refused(404, "order_not_found");
    const stage = stageOf(order, now);
    const row = await loginRow(tx, orderId);
    const hasLogin = row?.ciphertext != null;
    if (!hasLogin && (stage === "open" || stage === "started")) return refused(409, "login_missing");
    if (!mayBuyer("withdraw", stage, hasLogin)) return stageRefusal(stage);
    await eraseCiphertext(tx, orderId, "withdrawn", now);
    await recordEvent(tx, orderId, "withdrawn", "buyer", now, "withdrawn");
    return { ok: true, value: "withdrawn" };
  });
}

async function eraseCiphertext(tx: Executor, orderId: string, reason: LoginDeletionReason, now: Date): Promise<boolean> {
  const erased = await tx
    .update(orderLogins)
    .set({ ciphertext: null, deletedAt: now, deletedReason: reason })
    .where(and(eq(orderLogins.orderId, orderId), isNotNull(orderLogins.ciphertext)))
    .returning({ id: orderLogins.id });
  return erased.length > 0;
}

/**
 * Deletes the order's login, if one is stored, and records why. Call it inside the transaction that
 * ends the order (changeOrderStatus), so the order never ends with its login still stored.
 */
export async function deleteOrderLogin(tx: Executor, orderId: string, reason: LoginDeletionReason, actor: string, now = new Date()): Promise<boolean> {
  const erased = await eraseCiphertext(tx, orderId, reason, now);
  if (erased) await recordEvent(tx, orderId, "deleted", actor, now, reason);
  return erased;
}

/** For changeOrderStatus: the deletion a move to `status` requires, if any. */
export async function deleteLoginForStatus(tx: Tx, orderId: string, status: OrderState, actor: string, now = new Date()): Promise<void> {
  const reason = deletionReasonFor(status);
  if (reason) await deleteOrderLogin(tx, orderId, reason, actor, now);
}

/**
 * The retention job: every login whose order was paid at least 7 days ago is deleted whatever the
 * order's status, then retired keys left with nothing to open are destroyed. Returns how many
 * logins were deleted.
 */
export async function deleteExpiredLogins(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - LOGIN_RETENTION_MS);
  const due = await db
    .select({ orderId: orderLogins.orderId })
    .from(orderLogins)
    .innerJoin(orders, eq(orders.id, orderLogins.orderId))
    .where(and(isNotNull(orderLogins.ciphertext), lte(orders.paidAt, cutoff)));
  let deleted = 0;
  for (const { orderId } of due) {
    const done = await db.transaction((tx) => deleteOrderLogin(tx, orderId, "expired", "system:retention", now));
    if (done) deleted++;
  }
  await destroyUnusedRetiredKeys(db, now);
  return deleted;
}

// --- The seller's side ----------------------------------------------------------------------------

export interface LockedSellerKey extends PublicSellerKey {
  privateKey: EncryptedPrivateKey;
}

/**
 * Step 1 of a reveal: the passphrase-encrypted private key the order's live login is sealed to. The
 * seller's browser checks the passphrase against it before asking for the login itself, so a wrong
 * passphrase reveals nothing and leaves no "opened" mark on the buyer's page. `within` records the
 * fetch in the console's audit table.
 */
export async function loginKeyForOrder(db: Db, orderId: string, within?: (tx: Tx) => Promise<void>): Promise<HandoffResult<LockedSellerKey>> {
  return db.transaction(async (tx): Promise<HandoffResult<LockedSellerKey>> => {
    const [row] = await tx
      .select({
        ciphertext: orderLogins.ciphertext,
        id: sellerKeys.id,
        publicKey: sellerKeys.publicKey,
        privateKeyCiphertext: sellerKeys.privateKeyCiphertext,
        privateKeyIv: sellerKeys.privateKeyIv,
        privateKeySalt: sellerKeys.privateKeySalt,
        kdfIterations: sellerKeys.kdfIterations,
      })
      .from(orderLogins)
      .innerJoin(sellerKeys, eq(sellerKeys.id, orderLogins.keyId))
      .where(eq(orderLogins.orderId, orderId));
    if (!row?.ciphertext) return refused(404, "login_missing");
    if (!row.privateKeyCiphertext || !row.privateKeyIv || !row.privateKeySalt) return refused(410, "login_key_destroyed");
    await within?.(tx);
    return {
      ok: true,
      value: {
        id: row.id,
        publicKey: row.publicKey,
        privateKey: { ciphertext: row.privateKeyCiphertext, iv: row.privateKeyIv, salt: row.privateKeySalt, iterations: row.kdfIterations },
      },
    };
  });
}

export interface RevealedLogin {
  orderId: string;
  /** The key it is sealed to (the one loginKeyForOrder gave, unless the buyer replaced it meanwhile). */
  keyId: number;
  ciphertext: string;
}

/**
 * Step 2: hands a seller the sealed login. The reveal is recorded (who, when) in the same
 * transaction, before anything is returned; `within` adds the console's audit row.
 */
export async function revealLogin(
  db: Db,
  orderId: string,
  actor: string,
  now = new Date(),
  within?: (tx: Tx) => Promise<void>,
): Promise<HandoffResult<RevealedLogin>> {
  return db.transaction(async (tx): Promise<HandoffResult<RevealedLogin>> => {
    const [row] = await tx
      .select({ ciphertext: orderLogins.ciphertext, keyId: orderLogins.keyId })
      .from(orderLogins)
      .where(eq(orderLogins.orderId, orderId))
      .for("update");
    if (!row?.ciphertext) return refused(404, "login_missing");
    await recordEvent(tx, orderId, "revealed", actor, now);
    await within?.(tx);
    return { ok: true, value: { orderId, keyId: row.keyId, ciphertext: row.ciphertext } };
  });
}

/** What the console's order page shows about the login (never the ciphertext). */
export async function sellerLoginSummary(db: Db, orderId: string) {
  const order = await readOrder(db, orderId, false);
  const row = await loginRow(db, orderId);
  return {
    needed: order !== null && orderNeedsLogin(order, productOf(order)),
    state: row === null ? ("none" as const) : row.ciphertext ? ("stored" as const) : ("deleted" as const),
    keyId: row?.keyId ?? null,
    receivedAt: row?.createdAt ?? null,
    replacedAt: row?.replacedAt ?? null,
    deletedAt: row?.deletedAt ?? null,
    deletedReason: row?.deletedReason ?? null,
    events: await listLoginEvents(db, orderId),
  };
}
