import { z } from "zod";
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
    couponCode: z.string().max(64).nullable().default(null),
    currency: z.enum(CURRENCIES).default("USD"),
    lang: z.enum(LANGS).default("en"),
    gift: z.boolean().default(false),
    /** When the age gate was confirmed in this browser (ISO time), kept on the order as consent. */
    ageConfirmedAt: ageConfirmedAtSchema.optional(),
  }),
);
