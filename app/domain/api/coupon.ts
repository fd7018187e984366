import { z } from "../zod";
import type { CouponType } from "../coupons";
import type { ProductSummary } from "../product";
import { defineContract } from "./contract";
import { COUPON_PATH } from "./paths";
import { cartLinesSchema } from "./lines";

/** A coupon the server accepted for the cart, with the discount it gives. */
export interface AppliedCoupon {
  id: string;
  code: string;
  type: CouponType;
  description: string;
  discountCents: number;
  freeProduct: ProductSummary | null;
}

/** POST /api/coupon: checks a code against the cart with the database's prices and limits. */
export const couponApi = defineContract<{ ok: true; coupon: AppliedCoupon }>()(
  COUPON_PATH,
  z.object({ code: z.string().check(z.maxLength(64)), lines: cartLinesSchema }),
);
