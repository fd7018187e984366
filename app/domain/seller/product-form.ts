/** The seller's product edit: price, original price, stock, badge, listed (SPEC §3 fields). */
import { z } from "../zod";
import { BADGES, type Badge } from "../product";
import { checkboxField, dollarsField, optionalText, refuseValue } from "./form-fields";

const isBadge = (text: string): text is Badge => (BADGES as readonly string[]).includes(text);

export const productEditSchema = z
  .object({
    price: dollarsField("Price"),
    originalPrice: dollarsField("Original price"),
    inStock: checkboxField,
    listed: checkboxField,
    badge: z.pipe(
      optionalText,
      z.transform((value: string | undefined, ctx) => {
        const badge = (value ?? "").trim();
        if (badge === "") return null;
        return isBadge(badge) ? badge : refuseValue(ctx, `Badge must be one of: ${BADGES.join(", ")}`);
      }),
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.price === 0) ctx.addIssue({ code: "custom", path: ["price"], message: "Price must be more than $0.00" });
      // The storefront strikes through the original price as the saving; a lower one would be a negative saving.
      if (input.originalPrice < input.price) {
        ctx.addIssue({ code: "custom", path: ["originalPrice"], message: "Original price must be at least the price (equal shows no saving)" });
      }
    }),
  );

export type ProductEdit = z.infer<typeof productEditSchema>;
