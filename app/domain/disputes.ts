/**
 * PayPal disputes and the blocklist (docs/decisions/035), pure: which outcomes mean the seller lost,
 * when the response is due soon, the evidence packet assembled from what the shop recorded, and how
 * blocked values are normalised. The server reads the records; this decides what they say.
 */
import { centsToAmountString } from "./money";
import { z } from "./zod";

/** PayPal's outcome codes that send money back to the buyer (the order follows with a refund). */
export const LOST_OUTCOMES = ["RESOLVED_BUYER_FAVOUR", "ACCEPTED"] as const;

export function isLostOutcome(outcome: string | null | undefined): boolean {
  return (LOST_OUTCOMES as readonly string[]).includes(outcome ?? "");
}

/** PayPal's outcome code when the seller won: money a chargeback's reversal took comes back (docs/decisions/050). */
export function isWonOutcome(outcome: string | null | undefined): boolean {
  return outcome === "RESOLVED_SELLER_FAVOUR";
}

/** PayPal's statuses in which the seller can still act (evidence, accept, message). */
export function awaitsSeller(status: string): boolean {
  return status === "WAITING_FOR_SELLER_RESPONSE" || status === "OPEN";
}

/** The seller is alerted this long before the response is due (and once when the dispute opens). */
export const DUE_ALERT_BEFORE_MS = 2 * 24 * 60 * 60_000;

/** Due within two days and not past: the second alert goes out. */
export function dueSoon(dueAt: Date | null, now: Date): boolean {
  if (!dueAt) return false;
  const left = dueAt.getTime() - now.getTime();
  return left > 0 && left <= DUE_ALERT_BEFORE_MS;
}

/** "3 d 4 h left", "5 h 12 min left", "overdue by 2 h": the console's countdown, from the loader's clock. */
export function countdown(dueAt: Date, now: Date): string {
  const ms = dueAt.getTime() - now.getTime();
  const abs = Math.abs(ms);
  const minutes = Math.floor(abs / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const span = days >= 1 ? `${days} d ${hours % 24} h` : hours >= 1 ? `${hours} h ${String(minutes % 60).padStart(2, "0")} min` : `${minutes} min`;
  return ms >= 0 ? `${span} left` : `overdue by ${span}`;
}

export const DISPUTE_REASON_LABELS: Record<string, string> = {
  MERCHANDISE_OR_SERVICE_NOT_RECEIVED: "Not received",
  MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED: "Not as described",
  UNAUTHORISED: "Unauthorised payment",
  CREDIT_NOT_PROCESSED: "Credit not processed",
  DUPLICATE_TRANSACTION: "Duplicate transaction",
  INCORRECT_AMOUNT: "Incorrect amount",
  PAYMENT_BY_OTHER_MEANS: "Paid by other means",
  CANCELED_RECURRING_BILLING: "Cancelled recurring billing",
  PROBLEM_WITH_REMITTANCE: "Problem with remittance",
  OTHER: "Other",
};

export const reasonLabel = (reason: string | null): string => (reason ? (DISPUTE_REASON_LABELS[reason] ?? reason) : "—");

/** What the shop recorded about an order, as the evidence packet needs it (times as Date, never the login itself). */
export interface EvidenceFacts {
  orderId: string;
  paypalOrderId: string | null;
  captureId: string | null;
  totalCents: number;
  createdAt: Date;
  paidAt: Date | null;
  deliveredAt: Date | null;
  items: readonly { title: string; quantity: number }[];
  gameUsername: string;
  /** The seller's private record of the delivery (what, when, to which account). */
  deliveryNote: string | null;
  /** What the buyer was told on delivery. */
  sellerNote: string | null;
  loginRevealedAt: readonly Date[];
  loginDeletedAt: Date | null;
  mails: readonly { kind: string; sentAt: Date }[];
  /** Status-page visits after delivery (times only). */
  visits: readonly Date[];
  termsVersion: string | null;
  ageConfirmedAt: Date | null;
}

/** PayPal's notes field holds at most this many characters (customer_disputes_v1.json, evidence.notes). */
export const EVIDENCE_NOTES_MAX = 2000;

const at = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The most telling visits only (first ones after delivery): the list is evidence, not a log. */
const MAX_VISITS = 8;

/**
 * The evidence packet in plain English, as the seller reads and edits it before sending it as
 * PROOF_OF_FULFILLMENT. Short enough for PayPal's notes (2000 characters): long notes are cut
 * with a marker, and the seller can shorten further.
 */
export function evidencePacket(facts: EvidenceFacts): string {
  const lines: string[] = [];
  lines.push(`Order ${facts.orderId}: a digital item delivered by hand inside the game, to the buyer's game account.`);
  lines.push(`Placed ${at(facts.createdAt)}; paid ${facts.paidAt ? at(facts.paidAt) : "—"}; total ${centsToAmountString(facts.totalCents)} USD.`);
  lines.push(`PayPal order ${facts.paypalOrderId ?? "—"}; capture ${facts.captureId ?? "—"}.`);
  lines.push(`Items: ${facts.items.map((i) => `${i.quantity} x ${i.title}`).join(", ")}.`);
  lines.push(`Delivered ${facts.deliveredAt ? at(facts.deliveredAt) : "(not recorded as delivered)"} to game account "${facts.gameUsername}".`);
  if (facts.deliveryNote) lines.push(`Delivery record: ${facts.deliveryNote}`);
  if (facts.sellerNote) lines.push(`Message to the buyer on delivery: ${facts.sellerNote}`);
  if (facts.loginRevealedAt.length > 0) lines.push(`The buyer's game login was used for delivery at ${facts.loginRevealedAt.map(at).join(", ")}.`);
  if (facts.loginDeletedAt) lines.push(`The login was deleted from our records at ${at(facts.loginDeletedAt)}.`);
  if (facts.mails.length > 0) lines.push(`Emails sent to the buyer: ${facts.mails.map((m) => `${m.kind.replaceAll("_", " ")} (${at(m.sentAt)})`).join("; ")}.`);
  if (facts.visits.length > 0) {
    const shown = facts.visits.slice(0, MAX_VISITS).map(at).join(", ");
    const more = facts.visits.length > MAX_VISITS ? ` and ${facts.visits.length - MAX_VISITS} more` : "";
    lines.push(`The buyer opened the order's status page after delivery ${facts.visits.length} time(s): ${shown}${more}.`);
  }
  const policy = [
    facts.termsVersion ? `terms of service version ${facts.termsVersion}` : null,
    facts.ageConfirmedAt ? `age confirmed ${at(facts.ageConfirmedAt)}` : null,
  ]
    .filter(Boolean)
    .join("; ");
  if (policy) lines.push(`At checkout the buyer accepted the ${policy} (digital items are not returnable once delivered).`);
  const text = lines.join("\n");
  return text.length <= EVIDENCE_NOTES_MAX ? text : `${text.slice(0, EVIDENCE_NOTES_MAX - 2)}…`;
}

export const BLOCK_KINDS = ["email", "game_username", "payer_id", "client"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const BLOCK_KIND_LABELS: Record<BlockKind, string> = {
  email: "Email",
  game_username: "Game username",
  payer_id: "PayPal payer id",
  client: "Client (keyed address hash)",
};

/** One spelling per value: emails and game usernames compare without case or outer spaces; ids as given. */
export function normaliseBlockValue(kind: BlockKind, value: string): string {
  const trimmed = value.trim();
  return kind === "email" || kind === "game_username" ? trimmed.toLowerCase() : trimmed;
}

const text = (max: number, what: string) =>
  z.string().check(z.trim(), z.minLength(1, `${what} is required.`), z.maxLength(max, `${what} is at most ${max} characters.`));

/** The console's dispute actions. */
export const disputeActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send_evidence"), notes: text(EVIDENCE_NOTES_MAX, "The evidence") }),
  z.object({ intent: z.literal("accept_claim"), note: text(EVIDENCE_NOTES_MAX, "A note to PayPal") }),
  z.object({ intent: z.literal("send_message"), message: text(EVIDENCE_NOTES_MAX, "The message") }),
  z.object({ intent: z.literal("refresh") }),
]);
export type DisputeAction = z.infer<typeof disputeActionSchema>;

/** The blocklist's form: add one value, or remove an entry. */
export const blockActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("block"),
    kind: z.enum(BLOCK_KINDS, "Choose what to block."),
    value: text(320, "The value"),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(500, "The reason is at most 500 characters."))),
  }),
  z.object({ intent: z.literal("unblock"), id: z.string().check(z.regex(/^\d+$/, "Unknown entry.")) }),
]);
export type BlockAction = z.infer<typeof blockActionSchema>;
