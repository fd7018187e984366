/**
 * The seller's side of the login hand-off: a reveal in two steps (the encrypted private key, then
 * the sealed login, recorded before it is returned) and the console's summary, never the ciphertext.
 */
import { eq } from "drizzle-orm";
import { orderNeedsLogin } from "~/domain/login-handoff";
import type { PublicSellerKey } from "~/domain/api/order-login";
import { orderLogins, sellerKeys } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { EncryptedPrivateKey } from "./keys.server";
import { listLoginEvents, loginRow, productOf, readOrder, recordEvent, refused, type HandoffResult, type Tx } from "./records.server";

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
  now: Date,
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
