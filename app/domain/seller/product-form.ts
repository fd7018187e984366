/** The seller's product edit: price, original price, stock, badge, listed (SPEC §3 fields). */
import { z } from "zod";
import { BADGES, type Badge } from "../product";
import { checkboxField, dollarsField } from "./form-fields";

export const productEditSchema = z
  .object({
    price: dollarsField("Price"),
    originalPrice: dollarsField("Original price"),
    inStock: checkboxField,
    listed: checkboxField,
    badge: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || (BADGES as readonly string[]).includes(v), { error: `Badge must be one of: ${BADGES.join(", ")}` })
      .transform((v) => (v === "" ? null : (v as Badge))),
  })
  .superRefine((input, ctx) => {
    if (input.price === 0) ctx.addIssue({ code: "custom", path: ["price"], message: "Price must be more than $0.00" });
    // The storefront strikes through the original price as the saving; a lower one would be a negative saving.
    if (input.originalPrice < input.price) {
      ctx.addIssue({ code: "custom", path: ["originalPrice"], message: "Original price must be at least the price (equal shows no saving)" });
    }
  });

export type ProductEdit = z.infer<typeof productEditSchema>;
