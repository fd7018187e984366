/**
 * The gift confirmation on /thank-you (SPEC §2) and what feeds it (docs/decisions/042). Only an
 * order the server stored as a gift writes it, from the details sent with that very order; the
 * gift form's saved data is cleared with it, so nothing from an earlier form leaks into a later
 * order or onto the contact form's thank-you.
 */
import type { CreatedOrder } from "~/components/checkout/details-dialog";
import { giftConfirmationSchema, type GiftConfirmation } from "~/domain/validation";
import { readJson, removeKey, STORAGE_KEYS, writeJson } from "~/state/storage";

/** A confirmation older than this (a tab left open) is not shown. */
export const GIFT_CONFIRMATION_TTL_MS = 30 * 60_000;

type Ordered = Pick<CreatedOrder, "id" | "details" | "items">;

export function saveGiftConfirmation(order: Ordered, now = Date.now()): void {
  const confirmation: GiftConfirmation = {
    orderId: order.id,
    productIds: order.items.filter((item) => !item.isFree).map((item) => item.productId),
    email: order.details.EMAIL,
    imvuUsername: order.details.VUUSER,
    timestamp: now,
  };
  writeJson(STORAGE_KEYS.giftConfirmation, confirmation, "session");
  removeKey(STORAGE_KEYS.giftOrder, "session");
}

/** After a payment that is not a gift: no confirmation and no gift form may outlive it. */
export function forgetGift(): void {
  removeKey(STORAGE_KEYS.giftConfirmation, "session");
  removeKey(STORAGE_KEYS.giftOrder, "session");
}

/** Read once by /thank-you and removed (SPEC §2: "after which that data is deleted"). */
export function takeGiftConfirmation(now = Date.now()): GiftConfirmation | null {
  const parsed = giftConfirmationSchema.safeParse(readJson(STORAGE_KEYS.giftConfirmation, "session"));
  removeKey(STORAGE_KEYS.giftConfirmation, "session");
  if (!parsed.success || now - parsed.data.timestamp > GIFT_CONFIRMATION_TTL_MS) return null;
  return parsed.data;
}
