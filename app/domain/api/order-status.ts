import type { Currency } from "../money";
import type { OrderState } from "../order-state";
import type { TimelineKey, TimelineStep } from "../order-timeline";
import type { ApiRefusal } from "./contract";
import type { CreatedOrderItem, PaymentChannel } from "./orders";

/**
 * An order as its buyer sees it on the status page (/order/:id?k=…): nothing the buyer did not
 * enter or pay, never the email address. Times are ISO strings.
 */
export interface OrderStatusView {
  id: string;
  status: OrderState;
  channel: PaymentChannel;
  /** The name the buyer gave, for the greeting. */
  name: string;
  isGift: boolean;
  /** Gifts: the recipient's game username, as the buyer typed it. */
  recipient: string | null;
  items: CreatedOrderItem[];
  subtotalCents: number;
  discountCents: number;
  /** The coupon the buyer entered, if any. */
  couponCode: string | null;
  /** Charged (or to be charged) in US dollars. */
  totalCents: number;
  /** The total in the currency the buyer was shown when ordering, at that day's rate; null for USD. */
  estimate: { currency: Currency; cents: number } | null;
  paidAt: string | null;
  timeline: { key: TimelineKey; at: string | null; state: TimelineStep["state"] }[];
  /** The seller's note to the buyer (delivery details…), public on this page and in the delivered mail. */
  sellerNote: string | null;
  /** The server's clock when it answered: the countdown's first render matches the server's. */
  serverNow: string;
}

/**
 * GET /api/order-status?id=…&k=…: the same view as the page, polled by the open page while the
 * order can still change (docs/decisions/019). Any id/key that does not open the page answers 404
 * order_not_found, like the page.
 */
export const orderStatusApi = { path: "/api/order-status" } as const;

export type OrderStatusReply = { ok: true; order: OrderStatusView } | ApiRefusal;

export function orderStatusApiUrl(orderId: string, key: string): string {
  return `${orderStatusApi.path}?${new URLSearchParams({ id: orderId, k: key }).toString()}`;
}
