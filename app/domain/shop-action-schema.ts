/**
 * The storefront form post's fields (docs/decisions/056), apart from app/domain/shop-actions.ts: the
 * pages import that module on every load, and this one would bring zod with it (docs/decisions/025).
 */
import { z } from "./zod";
import { CURRENCIES } from "./money";
import { LANGS } from "./lang-path";
import { SHOP_INTENTS } from "./shop-actions";

const id = z.string().check(z.minLength(1), z.maxLength(100));

/** One form post. `back` is the page the shopper was on (the redirect's target; checked by safeBackPath). */
export const shopActionSchema = z.object({
  intent: z.enum(SHOP_INTENTS),
  back: z.optional(z.string().check(z.maxLength(2000))),
  id: z.optional(id),
  quantity: z.optional(z.string().check(z.regex(/^\d{1,3}$/))),
  coupon: z.optional(z.string().check(z.maxLength(64))),
  currency: z.optional(z.enum(CURRENCIES)),
  lang: z.optional(z.enum(LANGS)),
});
export type ShopActionInput = z.output<typeof shopActionSchema>;
