import type { ApiContract } from "./contract";
import type { couponApi } from "./coupon";
import type { newsletterApi } from "./newsletter";
import { COUPON_PATH, NEWSLETTER_PATH, REVIEWS_PATH } from "./paths";
import type { reviewsApi } from "./reviews";

/**
 * What a page needs of a contract to call it: its path, typed by the contract. Importing the
 * contract itself would bring its schema, and zod with it, into every page's JavaScript; the frame's
 * calls (coupon, newsletter) and the product page's review form go through these instead
 * (docs/decisions/020).
 */
export interface Endpoint<C extends ApiContract> {
  path: C["path"];
  /** Type only, never set. */
  readonly contract?: C;
}

const endpoint = <C extends ApiContract>(path: C["path"]): Endpoint<C> => ({ path });

export const COUPON_ENDPOINT = endpoint<typeof couponApi>(COUPON_PATH);
export const NEWSLETTER_ENDPOINT = endpoint<typeof newsletterApi>(NEWSLETTER_PATH);
export const REVIEWS_ENDPOINT = endpoint<typeof reviewsApi>(REVIEWS_PATH);
