/**
 * The products list's bulk actions (issue 33): one change applied to every ticked product in one
 * transaction. One zod schema per field, composed into the form's; the server runs it.
 */
import { z } from "../zod";
import type { Badge } from "../product";
import { badgeField, idListField } from "./product-form";
import { optionalText, parseDollars, refuseValue } from "./form-fields";

export const BULK_ACTIONS = ["price-percent", "price-amount", "badge", "list", "unlist", "archive"] as const;
export type BulkActionKind = (typeof BULK_ACTIONS)[number];

export type BulkAction =
  | { kind: "price-percent"; percent: number }
  | { kind: "price-amount"; cents: number }
  | { kind: "badge"; badge: Badge | null }
  | { kind: "list" | "unlist" | "archive" };

/** "-10", "+5", "10" (percent, −90…+500, whole or one decimal); "-5.00", "+2.50" (dollars). Signed: a cut is negative. */
const signedAmount = z.pipe(
  optionalText,
  z.transform((value: string | undefined, ctx) => {
    const text = (value ?? "").trim().replace(/\s+/g, "");
    const match = /^([-+−]?)(.+)$/.exec(text);
    const cents = match ? parseDollars(match[2].replace(/%$/, "")) : null;
    if (cents === null || cents === 0) return refuseValue(ctx, "Change must be a number like -10 or +2.50 (not 0)", [], { rule: "change" });
    return match![1] === "-" || match![1] === "−" ? -cents : cents;
  }),
);

export const bulkEditSchema = z
  .object({
    ids: idListField,
    bulkAction: z.enum(BULK_ACTIONS, { error: "Pick what to do with the ticked products" }),
    change: z.optional(z.string()),
    bulkBadge: badgeField,
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.ids.length === 0) ctx.addIssue({ code: "custom", path: ["ids"], message: "Tick at least one product", params: { rule: "tickOne" } });
    }),
  );

/** The parsed form as the action to apply; a price change's amount is checked here (its own message). */
export function toBulkAction(
  form: z.infer<typeof bulkEditSchema>,
): { ok: true; action: BulkAction } | { ok: false; message: string; rule: "change" | "percent" } {
  const { bulkAction } = form;
  if (bulkAction === "badge") return { ok: true, action: { kind: "badge", badge: form.bulkBadge } };
  if (bulkAction === "list" || bulkAction === "unlist" || bulkAction === "archive") return { ok: true, action: { kind: bulkAction } };
  const parsed = signedAmount.safeParse(form.change);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Change must be a number", rule: "change" };
  if (bulkAction === "price-amount") return { ok: true, action: { kind: "price-amount", cents: parsed.data } };
  // parseDollars read "10" as 1000 "cents": hundredths of a percent.
  const percent = parsed.data / 100;
  if (percent <= -100 || percent > 500) return { ok: false, message: "A percentage change must be above -100 % and at most +500 %", rule: "percent" };
  return { ok: true, action: { kind: "price-percent", percent } };
}

/** The new price of one product, rounded to the cent; null when it would not be above $0. */
export function bulkPrice(priceCents: number, action: Extract<BulkAction, { kind: "price-percent" | "price-amount" }>): number | null {
  const next = action.kind === "price-percent" ? Math.round((priceCents * (100 + action.percent)) / 100) : priceCents + action.cents;
  return next > 0 ? next : null;
}
