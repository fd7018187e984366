/**
 * The buyer's side of the login hand-off: what their order page shows, giving or replacing the
 * login their browser sealed to the shop's public key, and taking it back before the team starts.
 * The rules of when each is allowed are in app/domain/login-handoff.ts.
 */
import { eq } from "drizzle-orm";
import { LOGIN_RETENTION_MS, isPlausibleSealedLogin, mayBuyer, type HandoffStage } from "~/domain/login-handoff";
import type { BuyerHandoffView } from "~/domain/api/order-login";
import type { MessageCode } from "~/domain/messages";
import { orderLogins } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { activeSellerKey } from "./keys.server";
import {
  eraseCiphertext,
  isReason,
  listLoginEvents,
  loginRow,
  readOrder,
  recordEvent,
  refused,
  stageOf,
  type Executor,
  type HandoffResult,
  type LockedOrder,
} from "./records.server";

/**
 * What the buyer's page shows for `orderId`; null for an unknown order. `known`: the order as the
 * page already read it (its state, payment time and lines' products), so it is not read again.
 */
export async function buyerHandoffView(db: Executor, orderId: string, now: Date, known?: LockedOrder): Promise<BuyerHandoffView | null> {
  const order = known ?? (await readOrder(db, orderId, false));
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
export async function submitLogin(db: Db, orderId: string, sealed: SealedLogin, now: Date): Promise<HandoffResult<"submitted" | "replaced">> {
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
export async function withdrawLogin(db: Db, orderId: string, now: Date): Promise<HandoffResult<"withdrawn">> {
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
