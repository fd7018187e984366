import { z } from "../zod";
import { ageConfirmedAtSchema } from "../consent";
import { LANGS } from "../lang-path";
import { CURRENCIES } from "../money";
import { paymentDetailsSchema } from "../validation";
import { defineContract } from "./contract";
import { cartLinesSchema } from "./lines";

export type PaymentChannel = "paypal" | "manual";

/** One line of the stored order, priced by the server (US cents). */
export interface CreatedOrderItem {
  productId: string;
  title: string;
  unitPriceCents: number;
  quantity: number;
  /** The coupon's free product, charged at 0. */
  isFree: boolean;
}

/** The stored order as the browser needs it for the payment step and the manual-order message. */
export interface CreatedOrderSummary {
  id: string;
  items: CreatedOrderItem[];
  totalCents: number;
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  /** Whether the server stored the order as a gift: the request's `gift` counts only when every line is a gifting item (docs/decisions/042). */
  isGift: boolean;
  channel: PaymentChannel;
  /**
   * The order's status page with its signed key ("/order/ORD…?k=…"), without a language prefix:
   * the browser links it in the page's language.
   */
  statusPath: string;
}

/** POST /api/orders: step 1 of checkout, the payment details and the cart become a stored order. */
export const ordersApi = defineContract<{ ok: true; order: CreatedOrderSummary }>()(
  "/api/orders",
  z.object({
    details: paymentDetailsSchema,
    lines: cartLinesSchema,
    couponCode: z._default(z.nullable(z.string().check(z.maxLength(64))), null),
    currency: z._default(z.enum(CURRENCIES), "USD"),
    lang: z._default(z.enum(LANGS), "en"),
    /** The buyer's wish to send gifting items to someone else's username; ignored unless every line is one (docs/decisions/042). */
    gift: z._default(z.boolean(), false),
    /** When the age gate was confirmed in this browser (ISO time), kept on the order as consent. */
    ageConfirmedAt: z.optional(ageConfirmedAtSchema),
  }),
);
