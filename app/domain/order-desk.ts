/**
 * The seller's order desk (issue 10): which queues exist and how each is sorted, how late a paid
 * order is against the 12–24 h delivery promise, and the shapes of the seller's actions. Pure; the
 * transitions themselves are order-state.ts's.
 */
import { centsToAmountString } from "./money";
import { z } from "./zod";
import { ORDER_STATES, type OrderState } from "./order-state";

/** The queues in the order the seller works them. */
export const ORDER_QUEUES = [
  "paid",
  "in_progress",
  "manual_pending",
  "awaiting_payment",
  "delivered",
  "cancelled",
  "refunded",
] as const satisfies readonly OrderState[];

export const QUEUE_LABELS: Record<OrderState, string> = {
  manual_pending: "Manual pending",
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  in_progress: "In progress",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** Work queues go oldest first (paid and in progress by payment time); finished ones newest first. */
export function queueOrder(status: OrderState | "all"): { by: "paid_at" | "created_at"; direction: "asc" | "desc" } {
  if (status === "paid" || status === "in_progress") return { by: "paid_at", direction: "asc" };
  if (status === "manual_pending") return { by: "created_at", direction: "asc" };
  return { by: "created_at", direction: "desc" };
}

/** The delivery promise: within 12–24 hours of payment (SPEC). */
export const PROMISE_HOURS = { soft: 12, hard: 24 } as const;

export type Urgency = "on_time" | "due" | "late";

/** "on_time" under 12 h since payment, "due" between 12 and 24 h, "late" past 24 h. */
export function deliveryUrgency(paidAt: Date, now: Date): Urgency {
  const hours = (now.getTime() - paidAt.getTime()) / 3_600_000;
  if (hours >= PROMISE_HOURS.hard) return "late";
  if (hours >= PROMISE_HOURS.soft) return "due";
  return "on_time";
}

/** How the seller was paid for an order taken by hand. */
export const PAYMENT_METHODS = ["paypal", "card", "crypto", "money_transfer", "cash_app"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paypal: "PayPal",
  card: "Card",
  crypto: "Crypto",
  money_transfer: "Money transfer",
  cash_app: "Cash App",
};

export const NOTE_MAX = 2000;
const note = (label: string) => z.string().check(z.trim(), z.maxLength(NOTE_MAX, `${label}: at most ${NOTE_MAX} characters`));

export const orderQueueQuerySchema = z.object({
  status: z.catch(z.enum([...ORDER_STATES, "all"]), "paid"),
  q: z.catch(z.string().check(z.trim(), z.maxLength(200)), ""),
  page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(10_000))), 1),
});
export type OrderQueueQuery = z.infer<typeof orderQueueQuerySchema>;
export const ORDER_PAGE_SIZE = 25;

/** The seller's actions on one order, one schema per form (the `intent` field says which). */
export const orderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({
    intent: z.literal("deliver"),
    publicNote: note("Note for the buyer"),
    privateNote: note("Delivery record").check(z.minLength(1, "Record what was delivered, when and to which account")),
  }),
  z.object({ intent: z.literal("cancel"), reason: note("Reason") }),
  z.object({
    intent: z.literal("mark_paid"),
    method: z.enum(PAYMENT_METHODS, "Choose how you were paid"),
    reference: z.string().check(z.trim(), z.minLength(1, "Enter the payment's reference"), z.maxLength(200, "Reference: at most 200 characters")),
  }),
  z.object({
    intent: z.literal("refund"),
    /** "full", or dollars ("12.50") for part of it. */
    amount: z.string().check(z.trim(), z.maxLength(20)),
    reason: note("Reason"),
    /** For a payment taken outside PayPal: the reference of the refund the seller made. */
    reference: z.optional(z.string().check(z.trim(), z.maxLength(200))),
    /** Generated with the form: a repeated submit of the same form is the same refund at PayPal. */
    requestKey: z.uuid("The form is out of date: reload the page"),
  }),
]);
export type OrderAction = z.infer<typeof orderActionSchema>;

/** Why a refund amount was refused: a code the console words in the seller's language, beside the English message. */
export type RefundAmountProblem = "nothing_left" | "format" | "zero" | "over";

/** Parses the refund amount field: "full"/empty = what is left, else dollars with up to 2 decimals. */
export function parseRefundAmount(
  input: string,
  refundableCents: number,
): { ok: true; cents: number; full: boolean } | { ok: false; code: RefundAmountProblem; leftCents: number; message: string } {
  const no = (code: RefundAmountProblem, message: string) => ({ ok: false as const, code, leftCents: refundableCents, message });
  if (refundableCents <= 0) return no("nothing_left", "Nothing is left to refund on this order.");
  const text = input.trim().replace(/^\$/, "");
  if (text === "" || text.toLowerCase() === "full") return { ok: true, cents: refundableCents, full: true };
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return no("format", "Enter an amount in dollars such as 12.50, or leave it empty for the full amount.");
  const [whole, fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents <= 0) return no("zero", "The amount must be more than zero.");
  if (cents > refundableCents) return no("over", `At most ${centsToAmountString(refundableCents)} USD is left to refund.`);
  return { ok: true, cents, full: cents === refundableCents };
}
