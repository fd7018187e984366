/**
 * Our stored order as PayPal's Orders v2 `order_request` (tests/contracts/paypal/), and the request
 * ids PayPal deduplicates on. Pure: no HTTP here (adapter.server.ts sends it).
 */
import { lineTotalCents } from "~/domain/cart";
import { centsToAmountString } from "~/domain/money";
import type { PayPalConfig } from "./config.server";

/** The parts of our stored order (orders row + items) a PayPal order is built from. */
export interface PayableOrder {
  id: string;
  items: readonly { productId: string; title: string; unitPriceCents: number; quantity: number; isFree: boolean }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponId: string | null;
}

export interface CreatePayPalOrderOptions {
  /** Shop path PayPal returns to, with any language prefix ('/checkout', '/fr/product/9'). */
  returnPath?: string;
}

/**
 * Request ids PayPal deduplicates on (kept 6 h). Create is keyed on our order id alone, so a
 * repeated createOrder never makes a second PayPal order. Capture and refund take an attempt
 * number: retries of ONE attempt reuse its id, while a new attempt (after INSTRUMENT_DECLINED and
 * actions.restart(), or a second partial refund) must not be answered from PayPal's replay cache.
 * The console's refunds use the refund form's key as the attempt: one form, one refund.
 */
export function payPalRequestId(action: "create" | "capture" | "refund", orderId: string, attempt: number | string = 1): string {
  return action === "create" ? `${orderId}-create` : `${orderId}-${action}-${attempt}`;
}

const MAX_TEXT = 127;
const truncate = (text: string, max = MAX_TEXT) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** '[ORD…] title' for one unit, else '[ORD…] Order for N items'; ' (coupon applied)' when a coupon is (DESIGN §5). */
export function describeOrder(order: PayableOrder): string {
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const coupon = order.couponId ? " (coupon applied)" : "";
  const prefix = `[${order.id}] `;
  const what = units === 1 && order.items.length === 1 ? order.items[0].title : `Order for ${units} items`;
  return prefix + truncate(what, MAX_TEXT - prefix.length - coupon.length) + coupon;
}

export const usd = (cents: number) => ({ currency_code: "USD", value: centsToAmountString(cents) });

function withQuery(url: string, query: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

/** The Orders v2 `order_request` for a stored order; refuses totals that do not add up. */
export function buildOrderRequest(order: PayableOrder, config: PayPalConfig, options: CreatePayPalOrderOptions = {}) {
  const itemTotal = order.items.reduce((sum, item) => sum + lineTotalCents(item), 0);
  if (itemTotal !== order.subtotalCents || order.subtotalCents - order.discountCents !== order.totalCents || order.discountCents < 0) {
    throw new RangeError(`Order ${order.id}: items, subtotal, discount and total do not add up`);
  }
  if (order.totalCents <= 0) throw new RangeError(`Order ${order.id}: nothing to pay (total ${order.totalCents})`);
  const page = `${config.siteUrl.replace(/\/$/, "")}${options.returnPath ?? "/checkout"}`;
  return {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: order.id,
        invoice_id: order.id,
        custom_id: order.id,
        description: describeOrder(order),
        soft_descriptor: config.softDescriptor,
        amount: {
          ...usd(order.totalCents),
          breakdown: {
            item_total: usd(order.subtotalCents),
            ...(order.discountCents > 0 ? { discount: usd(order.discountCents) } : {}),
          },
        },
        items: order.items.map((item) => ({
          name: truncate(item.title),
          sku: truncate(item.productId),
          unit_amount: usd(item.unitPriceCents),
          quantity: String(item.quantity),
          category: "DIGITAL_GOODS",
        })),
      },
    ],
    // payment_source.paypal.experience_context is the current form; application_context is deprecated.
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: config.brandName,
          shipping_preference: "NO_SHIPPING",
          user_action: "PAY_NOW",
          landing_page: "GUEST_CHECKOUT", // the successor of application_context's BILLING
          // Digital goods are delivered on payment: no eCheck that stays pending for days.
          payment_method_preference: "IMMEDIATE_PAYMENT_REQUIRED",
          return_url: withQuery(page, "success=true"),
          cancel_url: withQuery(page, "cancelled=true"),
        },
      },
    },
  };
}
