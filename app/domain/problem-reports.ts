/**
 * Problem reports from the order page (issue 21, docs/decisions/034): which reasons a buyer may give
 * for an order at a given moment, and the form's rules. Pure: the page offers only what this says,
 * and the server asks it again before storing anything, so a forged form cannot report a warranty
 * fault on a permanent trigger or "not received" before the promise has run out.
 */
import { DELIVERY_LATEST_MS } from "./delivery-promise";
import type { MessageCode } from "./messages";
import type { OrderState } from "./order-state";
import { z } from "./zod";

/** In the order the form lists them. */
export const REPORT_REASONS = ["not_received", "wrong_item", "warranty", "charged_twice", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ["open", "closed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Who wrote a thread entry, and what it records: a message, or one of the seller's outcomes. */
export const REPORT_ENTRY_KINDS = ["message", "redelivery", "refund", "closed"] as const;
export type ReportEntryKind = (typeof REPORT_ENTRY_KINDS)[number];
export const REPORT_AUTHORS = ["buyer", "seller"] as const;
export type ReportAuthor = (typeof REPORT_AUTHORS)[number];

const DAY_MS = 24 * 60 * 60_000;
export const REPORT_MESSAGE_MAX = 2000;

/** What the rules need of an order: its state, when it was paid and delivered, and each item's warranty. */
export interface ReportableOrder {
  status: OrderState;
  paidAt: Date | null;
  deliveredAt: Date | null;
  /** Replacement warranty in days of each item's product (30 for gifting triggers, 0 otherwise). */
  warrantyDays: readonly number[];
}

/** The rule facts of an order and its lines as stored (a line whose product row is gone has no warranty). */
export function reportableOrderOf(
  order: { status: OrderState; paidAt: Date | null; deliveredAt: Date | null },
  items: readonly { warrantyDays: number | null }[],
): ReportableOrder {
  return { status: order.status, paidAt: order.paidAt, deliveredAt: order.deliveredAt, warrantyDays: items.map((item) => item.warrantyDays ?? 0) };
}

/** The states a paid order can be in: reports open once money was taken. */
const PAID_STATES: readonly OrderState[] = ["paid", "in_progress", "delivered", "refunded"];

/** The longest warranty of the order's items, in days (0: none). */
export function warrantyDaysOf(order: Pick<ReportableOrder, "warrantyDays">): number {
  return Math.max(0, ...order.warrantyDays);
}

/** The last moment a warranty report is accepted: delivery + the warranty's days (inclusive), or null. */
export function warrantyEndsAt(order: ReportableOrder): Date | null {
  const days = warrantyDaysOf(order);
  if (days === 0 || order.status !== "delivered" || !order.deliveredAt) return null;
  return new Date(order.deliveredAt.getTime() + days * DAY_MS);
}

/** Whether `reason` applies to this order at `now`. */
export function reasonApplies(reason: ReportReason, order: ReportableOrder, now: Date): boolean {
  if (!order.paidAt || !PAID_STATES.includes(order.status)) return false;
  switch (reason) {
    case "not_received":
      // Delivered by the seller's records: the buyer may say it never arrived. Not yet delivered:
      // only once the 24-hour promise has run out (before that, the page shows the countdown).
      if (order.status === "delivered") return true;
      return (order.status === "paid" || order.status === "in_progress") && now.getTime() >= order.paidAt.getTime() + DELIVERY_LATEST_MS;
    case "wrong_item":
      return order.status === "delivered";
    case "warranty": {
      const end = warrantyEndsAt(order);
      return end !== null && now.getTime() <= end.getTime();
    }
    case "charged_twice":
    case "other":
      return true;
  }
}

/** The reasons to offer, in form order (empty: the order takes no report, e.g. unpaid). */
export function reportReasons(order: ReportableOrder, now: Date): ReportReason[] {
  return REPORT_REASONS.filter((reason) => reasonApplies(reason, order, now));
}

export function isReportReason(value: unknown): value is ReportReason {
  return typeof value === "string" && (REPORT_REASONS as readonly string[]).includes(value);
}

const messageField = z
  .string({ error: "report_message_required" })
  .check(z.trim(), z.minLength(1, { error: "report_message_required", abort: true }), z.maxLength(REPORT_MESSAGE_MAX, { error: "text_too_long", abort: true }));

/** A new report: a reason and a message. Whether the reason applies is the server's second check. */
export const newReportSchema = z.object(
  {
    intent: z.literal("report", { error: "request_invalid" }),
    reason: z.enum(REPORT_REASONS, { error: "report_reason_required" }),
    message: messageField,
  },
  { error: "request_invalid" },
);

/** The buyer's answer in an open report's thread. */
export const reportReplySchema = z.object(
  {
    intent: z.literal("report_reply", { error: "request_invalid" }),
    message: messageField,
  },
  { error: "request_invalid" },
);

/** Either form of the order page's report panel. */
export const buyerReportFormSchema = z.discriminatedUnion("intent", [newReportSchema, reportReplySchema]);
export type BuyerReportForm = z.infer<typeof buyerReportFormSchema>;

/** Why the server refused a report that passed the schema. */
export type ReportRefusal = Extract<MessageCode, "report_reason_unavailable" | "report_already_open" | "report_not_open" | "order_not_found">;

/** The seller's queue shows how long a report has waited: whole hours, or days past two. */
export function reportAge(since: Date, now: Date): { unit: "hours" | "days"; value: number } {
  const hours = Math.max(0, Math.floor((now.getTime() - since.getTime()) / (60 * 60_000)));
  return hours < 48 ? { unit: "hours", value: hours } : { unit: "days", value: Math.floor(hours / 24) };
}

/** The buyer's side of the order page: the reasons offered now, the warranty's end, and every report with its thread. */
export interface BuyerReportsView {
  /** The reasons that applied when the server answered. */
  reasons: ReportReason[];
  /** While the warranty runs (ISO), else null. */
  warrantyEndsAt: string | null;
  /**
   * What the rules read of the order (times as ISO), so a page left open asks them again with the
   * browser's clock: a reason that lapses meanwhile (the warranty's last day) is no longer offered.
   */
  facts: { status: OrderState; paidAt: string | null; deliveredAt: string | null; warrantyDays: number[] };
  reports: {
    id: number;
    reason: ReportReason;
    status: ReportStatus;
    createdAt: string;
    entries: { id: number; author: ReportAuthor; kind: ReportEntryKind; body: string; at: string }[];
  }[];
}

// ——— The console (English, like the rest of the console) ———

const sellerText = (label: string, required: string | null) =>
  required
    ? z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(REPORT_MESSAGE_MAX, `${label}: at most ${REPORT_MESSAGE_MAX} characters`))
    : z.string().check(z.trim(), z.maxLength(REPORT_MESSAGE_MAX, `${label}: at most ${REPORT_MESSAGE_MAX} characters`));

/** The seller's actions on a report, one schema per form (the `intent` field says which). */
export const sellerReportActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("answer"), message: sellerText("Answer", "Write the answer the buyer will read") }),
  z.object({
    intent: z.literal("redeliver"),
    publicNote: sellerText("Note for the buyer", "Tell the buyer what was delivered again"),
    privateNote: sellerText("Delivery record", "Record what was delivered, when and to which account"),
    /** A checkbox: "on" when ticked. */
    close: z.optional(z.string()),
  }),
  z.object({
    intent: z.literal("refund"),
    amount: z.string().check(z.trim(), z.maxLength(20)),
    reference: z.optional(z.string().check(z.trim(), z.maxLength(200))),
    reason: sellerText("Reason", "Tell the buyer why the order is refunded"),
    requestKey: z.uuid("The form is out of date: reload the page"),
  }),
  z.object({ intent: z.literal("close"), reason: sellerText("Reason", "Tell the buyer why the report is closed") }),
]);
export type SellerReportAction = z.infer<typeof sellerReportActionSchema>;

/** The rules' input back from the page's facts (JSON has no dates). */
export function reportableFromFacts(facts: BuyerReportsView["facts"]): ReportableOrder {
  return {
    status: facts.status,
    paidAt: facts.paidAt ? new Date(facts.paidAt) : null,
    deliveredAt: facts.deliveredAt ? new Date(facts.deliveredAt) : null,
    warrantyDays: facts.warrantyDays,
  };
}

/** The console's words for each reason (English, like the console). */
export const REASON_LABELS: Record<ReportReason, string> = {
  not_received: "Not received after the promised time",
  wrong_item: "Wrong item",
  warranty: "Stopped working (30-day warranty)",
  charged_twice: "Charged twice",
  other: "Something else",
};
