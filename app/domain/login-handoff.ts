/**
 * The permanent-item login handoff (docs/decisions/022): which orders ask the buyer for their game
 * login, what the buyer may do with it and when, and when it must be deleted. Pure rules shared by
 * the server (the authority) and the order page.
 */
import type { OrderState } from "./order-state";
import { lineDelivery } from "./gifts";
import type { DeliveryType, ProductType } from "./product";

export const LOGIN_DELETION_REASONS = ["withdrawn", "delivered", "refunded", "cancelled", "expired"] as const;
export type LoginDeletionReason = (typeof LOGIN_DELETION_REASONS)[number];

export const LOGIN_EVENT_KINDS = ["submitted", "replaced", "withdrawn", "revealed", "deleted"] as const;
export type LoginEventKind = (typeof LOGIN_EVENT_KINDS)[number];

/** However the order goes, a login is kept at most this long after payment. */
export const LOGIN_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** What the rules need of a catalogue product. */
export interface HandoffProduct {
  type: ProductType;
  delivery: DeliveryType;
}

export interface HandoffOrder {
  status: OrderState;
  paidAt: Date | null;
  items: readonly { productId: string }[];
}

/**
 * The team uploads into the buyer's own account for every permanent item — trigger, room or bundle
 * delivered by manual upload (the room pages and /login-required tell buyers a room needs the login
 * too, SPEC §2). Gifting triggers (delivered by username) never ask; items no longer in the
 * catalogue count for nothing. Decided from the items alone (docs/decisions/042): an order's gift
 * flag never spares a permanent item the login — the server makes an order a gift only when every
 * line is a gifting item (app/domain/gifts.ts), so a gift order never needs it anyway.
 */
export function orderNeedsLogin(order: Pick<HandoffOrder, "items">, productOf: (id: string) => HandoffProduct | undefined): boolean {
  return order.items.some((item) => lineDelivery(productOf(item.productId)) === "login");
}

/** The status whose arrival deletes the login, and the reason recorded. */
export function deletionReasonFor(status: OrderState): LoginDeletionReason | null {
  if (status === "delivered" || status === "refunded" || status === "cancelled") return status;
  return null;
}

/** True once the login must be gone because payment was more than LOGIN_RETENTION_MS ago. */
export function loginRetentionOver(paidAt: Date | null, now: Date): boolean {
  return paidAt !== null && now.getTime() - paidAt.getTime() >= LOGIN_RETENTION_MS;
}

/**
 * Where an order stands for the handoff:
 * - not_needed: gifting triggers only (every gift order) — never asked;
 * - unpaid: not paid yet — no credentials before payment;
 * - open: paid, the team has not started — the buyer may give, replace or withdraw the login;
 * - started: the team is working (in progress) — a missing login may still be given, a given one
 *   is kept as it is;
 * - closed: delivered, refunded, cancelled, or 7 days after payment — nothing is accepted and any
 *   login is deleted.
 */
export type HandoffStage = "not_needed" | "unpaid" | "open" | "started" | "closed";

export function handoffStage(order: HandoffOrder, productOf: (id: string) => HandoffProduct | undefined, now: Date): HandoffStage {
  if (!orderNeedsLogin(order, productOf)) return "not_needed";
  if (order.status === "awaiting_payment" || order.status === "manual_pending") return "unpaid";
  if (deletionReasonFor(order.status) !== null || loginRetentionOver(order.paidAt, now)) return "closed";
  return order.status === "paid" ? "open" : "started";
}

export type HandoffAction = "submit" | "replace" | "withdraw";

/** Whether the buyer may do `action` now; `hasLogin`: a login is stored and not deleted. */
export function mayBuyer(action: HandoffAction, stage: HandoffStage, hasLogin: boolean): boolean {
  switch (action) {
    case "submit":
      return !hasLogin && (stage === "open" || stage === "started");
    case "replace":
    case "withdraw":
      return hasLogin && stage === "open";
  }
}

// --- The sealed box's shape --------------------------------------------------------------------

/** Bounds of what the buyer types (characters). */
export const GAME_USERNAME_MAX = 64;
export const GAME_PASSWORD_MAX = 128;

/**
 * The JSON inside the box is padded with spaces to a multiple of this many bytes, so the
 * ciphertext's length does not tell the password's length.
 */
export const LOGIN_PADDING_BYTES = 256;
/** Largest padded plaintext: every character of the longest username and password escaped as \uXXXX. */
export const LOGIN_PLAINTEXT_MAX_BYTES = 2048;
/** crypto_box_seal adds an ephemeral public key (32 bytes) and a MAC (16 bytes). */
export const SEALED_BOX_OVERHEAD_BYTES = 48;

/** The padded plaintext's length for `bytes` of JSON (at least one block). */
export function paddedLength(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / LOGIN_PADDING_BYTES)) * LOGIN_PADDING_BYTES;
}

/**
 * What a sealed login may look like on the wire: base64 of 48 bytes of overhead plus a whole number
 * of padding blocks, at most the largest plaintext. The server can check nothing more — by design
 * it cannot open the box.
 */
export function isPlausibleSealedLogin(base64: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) return false;
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  const bytes = (base64.length / 4) * 3 - padding;
  const plaintext = bytes - SEALED_BOX_OVERHEAD_BYTES;
  return plaintext >= LOGIN_PADDING_BYTES && plaintext <= LOGIN_PLAINTEXT_MAX_BYTES && plaintext % LOGIN_PADDING_BYTES === 0;
}

/** Largest base64 a sealed login can be (for request schemas). */
export const SEALED_LOGIN_MAX_CHARS = Math.ceil((SEALED_BOX_OVERHEAD_BYTES + LOGIN_PLAINTEXT_MAX_BYTES) / 3) * 4;

/** The order page's login section: mails and the success screen link straight to it. */
export const LOGIN_SECTION_ANCHOR = "game-login";

/** How long the console shows a revealed login before clearing it. */
export const REVEAL_SECONDS = 60;

/** The passphrase-derived key: PBKDF2-SHA256 with at least OWASP's 2023 figure. */
export const KDF_MIN_ITERATIONS = 600_000;
/** Above this the seller's browser would take minutes: a stored record asking more is refused. */
export const KDF_MAX_ITERATIONS = 10_000_000;
export const PASSPHRASE_MIN_LENGTH = 12;
