/**
 * What the shop keeps about buyers and for how long (docs/decisions/041): the retention policy's
 * numbers and the rules the job and the buyers' requests share. Pure: the server, the console and
 * the tests read it.
 */

import { z } from "./zod";

export interface RetentionPolicy {
  /** Months after an order's last event before its personal data is pseudonymised (RETENTION_ORDER_MONTHS). */
  orderMonths: number;
  /** Days after which status-page visits and rate-limit rows are deleted (RETENTION_VISIT_DAYS). */
  visitDays: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { orderMonths: 24, visitDays: 180 };

/** What replaces a name, a username, a message or a note once pseudonymised. */
export const ERASED = "[erased]";

/** The address an order keeps once pseudonymised: unique per order, never deliverable (RFC 2606 `.invalid`). */
export function erasedEmail(orderId: string): string {
  return `erased-${orderId.toLowerCase()}@erased.invalid`;
}

/** The moment before which an order's last event makes it due for pseudonymisation. */
export function orderCutoff(policy: RetentionPolicy, now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - policy.orderMonths);
  return cutoff;
}

/** The moment before which visits and rate-limit rows are deleted. */
export function visitCutoff(policy: RetentionPolicy, now: Date): Date {
  return new Date(now.getTime() - policy.visitDays * 24 * 60 * 60_000);
}

export const PRIVACY_REQUEST_KINDS = ["export", "delete"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

/** Why a deletion cannot be applied yet: the order is still running, or money may still move. */
export const DELETION_BLOCKERS = ["order_open", "open_dispute", "open_report"] as const;
export type DeletionBlocker = (typeof DELETION_BLOCKERS)[number];

/** How long the mailed confirmation link works. */
export const PRIVACY_LINK_HOURS = 24;

/** The order page's "Your data" forms: which request the buyer asks for (the page's key proves the order). */
export const privacyRequestFormSchema = z.object(
  { intent: z.enum(["privacy_export", "privacy_delete"], { error: "request_invalid" }) },
  { error: "request_invalid" },
);

/** The confirmation page's form: the mailed token. */
export const privacyConfirmFormSchema = z.object(
  { t: z.string({ error: "request_invalid" }).check(z.maxLength(200, "request_invalid")) },
  { error: "request_invalid" },
);
