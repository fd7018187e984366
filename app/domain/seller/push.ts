/**
 * Pushes to the sellers' devices (docs/decisions/053): what each says and who gets it. A payload
 * carries the order id and a short label, nothing else (a push service and a lock screen see it).
 * Pure: the server and the tests read it.
 */
import { z } from "../zod";
import { roleMay, type Permission, type SellerRole } from "./permissions";

/** Each push, its label, and the permission a role needs to receive it (staff: orders and reports only). */
export const PUSH_KINDS = {
  order_paid: { label: "Order paid", need: "orders.view" },
  report_opened: { label: "New problem report", need: "reports.view" },
  report_message: { label: "New buyer message", need: "reports.view" },
  dispute_opened: { label: "Dispute opened", need: "disputes.respond" },
  dispute_due: { label: "Dispute due in 2 days", need: "disputes.respond" },
  order_late_12h: { label: "Order past 12 h", need: "orders.view" },
  order_late_24h: { label: "Order past 24 h", need: "orders.view" },
} as const satisfies Record<string, { label: string; need: Permission }>;

export type PushKind = keyof typeof PUSH_KINDS;

export interface PushPayload {
  orderId: string;
  label: string;
}

/** `label`: the kind's label in the receiving account's language (English by default). */
export function pushPayload(kind: PushKind, orderId: string, label: string = PUSH_KINDS[kind].label): PushPayload {
  return { orderId, label };
}

export function roleGetsPush(role: SellerRole, kind: PushKind): boolean {
  return roleMay(role, PUSH_KINDS[kind].need);
}

const base64url = (min: number, max: number) => z.string().check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/), z.minLength(min), z.maxLength(max));

/** What the browser's PushSubscription.toJSON() posts: an https endpoint and its two keys. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).check(z.maxLength(1000)),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
