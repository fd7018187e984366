/**
 * What "gift" means for an order (docs/decisions/042). Pure rules shared by the server (the
 * authority, which stores what they derive) and the browser (which uses them only to word the
 * checkout): the request's `gift` is at most the buyer's wish to send gifting items to someone
 * else's username; it never turns a permanent trigger, room or bundle into a gift.
 */
import type { DeliveryType } from "./product";

/** How one line reaches the buyer: the team uploads into the buyer's account (needs the login), is sent to a username, or nothing (no longer in the catalogue). */
export type LineDelivery = "login" | "username" | "none";

/** What the rules need of a catalogue product. */
export interface GiftingProduct {
  delivery: DeliveryType;
}

type ProductOf = (id: string) => GiftingProduct | undefined;

/** A gifting product is one delivered by sending it to a game username (never one whose id merely says "gift"). */
export function isGiftingProduct(product: GiftingProduct | undefined): boolean {
  return product?.delivery === "username-gift";
}

export function lineDelivery(product: GiftingProduct | undefined): LineDelivery {
  if (!product) return "none";
  return product.delivery === "username-gift" ? "username" : "login";
}

/**
 * What a set of lines holds:
 * - gift: only gifting items — sent to a username, no login;
 * - login: only items uploaded into the buyer's account — the login is handed over after payment;
 * - mixed: both — the login is needed, the gifting items go to the buyer's game username;
 * - empty: nothing the catalogue still knows.
 */
export type OrderKind = "gift" | "login" | "mixed" | "empty";

export function orderKind(lines: readonly { productId: string }[], productOf: ProductOf): OrderKind {
  const deliveries = new Set(lines.map((line) => lineDelivery(productOf(line.productId))));
  const login = deliveries.has("login");
  const username = deliveries.has("username");
  if (login && username) return "mixed";
  if (login) return "login";
  if (username) return "gift";
  return "empty";
}

/**
 * Whether the stored order is a gift: the buyer asked for it AND every line is a gifting item.
 * Anything else ignores the wish (a stale `?gift=true` link, an old tab, a hand-made request):
 * the order is an ordinary one and its permanent items ask for the login.
 */
export function isGiftOrder(requested: boolean, lines: readonly { productId: string }[], productOf: ProductOf): boolean {
  return requested && orderKind(lines, productOf) === "gift";
}

/** Where the buyer goes once paid: the login page when the team needs the login, the confirmation otherwise. */
export type AfterPayment = "login-required" | "thank-you";

export function afterPayment(needsLogin: boolean): AfterPayment {
  return needsLogin ? "login-required" : "thank-you";
}
