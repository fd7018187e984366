/**
 * Pushes to the sellers' devices (docs/decisions/053). A device subscribes from its Account page; an
 * event (a paid order, a report, a dispute, a late order) queues one outbox row per subscribed device
 * whose account's role gets that kind, in the event's own transaction — so the push is sent once the
 * change is committed, retried with the outbox's backoff, and never twice (the outbox marks the row
 * sent). The payload is the order id and a short label.
 */
import { and, count, eq, gt, inArray, isNull, lt, notExists } from "drizzle-orm";
import { DELIVERY_EARLIEST_MS, DELIVERY_LATEST_MS } from "~/domain/delivery-promise";
import { PUSH_KINDS, pushPayload, roleGetsPush, type PushKind, type PushSubscriptionInput } from "~/domain/seller/push";
import type { Lang } from "~/domain/lang";
import { consoleT } from "~/i18n/console.server";
import { emailOutbox, orders, pushSubscriptions, sellers } from "../../../db/schema";
import type { Db } from "../platform/db.server";

type Writer = Pick<Db, "insert" | "select">;

/** Saves this device's subscription for the account (the same endpoint moves to the newest account). */
export async function saveSubscription(db: Db, sellerId: number, subscription: PushSubscriptionInput, userAgent: string | null, now: Date): Promise<void> {
  const values = { sellerId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, userAgent: userAgent?.slice(0, 300) ?? null };
  await db
    .insert(pushSubscriptions)
    .values({ ...values, endpoint: subscription.endpoint, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Turns this device's pushes off (only the account's own subscription). */
export async function removeSubscription(db: Db, sellerId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.sellerId, sellerId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function countSubscriptions(db: Db, sellerId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.sellerId, sellerId));
  return n;
}

/**
 * Queues the push `kind` about `orderId` for every subscribed device of an enabled account whose role
 * gets it. Pass the transaction that makes the change. Returns how many rows were queued.
 */
export async function queueSellerPush(db: Writer, kind: PushKind, orderId: string, now: Date): Promise<number> {
  const devices = await db
    .select({ id: pushSubscriptions.id, role: sellers.role, lang: sellers.language })
    .from(pushSubscriptions)
    .innerJoin(sellers, eq(sellers.id, pushSubscriptions.sellerId))
    .where(isNull(sellers.disabledAt));
  const to = devices.filter((d) => roleGetsPush(d.role, kind));
  if (to.length === 0) return 0;
  // Each device's label in its account's language (docs/decisions/055); English is PUSH_KINDS' own.
  const labelIn = (lang: Lang) => (lang === "en" ? PUSH_KINDS[kind].label : consoleT(lang)(`admin.push.${kind}`));
  await db.insert(emailOutbox).values(
    to.map((device) => ({
      channel: "push" as const,
      to: `push:${device.id}`,
      subject: labelIn(device.lang),
      text: JSON.stringify(pushPayload(kind, orderId, labelIn(device.lang))),
      kind: `push_${kind}`,
      orderId,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  return to.length;
}

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** What one send came to; the outbox's wiring (services.server.ts) turns it into sent, failed or retried. */
export type PushOutcome = { kind: "sent" } | { kind: "gone"; status: number } | { kind: "retry"; status: number; waitMs?: number };

/** A push service keeps a push this long for a device that is off (a paid order an hour later is still news). */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * The outbox's push sender: encrypts the row's payload for its device (RFC 8291) with the VAPID
 * headers (RFC 8292) and posts it. A subscription the push service no longer knows (404/410) is
 * deleted and the row failed; one already deleted fails the row without a request.
 */
export function pushSender(db: Db, vapid: VapidKeys, fetchImpl: typeof fetch = fetch) {
  return async (row: { to: string; text: string }): Promise<PushOutcome> => {
    const id = Number(row.to.replace(/^push:/, ""));
    const [device] = Number.isSafeInteger(id) ? await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)) : [];
    if (!device) return { kind: "gone", status: 0 };
    // Loaded on the first push, not when the server starts (≈ 9 MB resident; docs/decisions/061).
    const { default: webpush } = await import("web-push");
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, row.text, {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: "high",
      contentEncoding: "aes128gcm",
    });
    const response = await fetchImpl(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(15_000),
    });
    await response.body?.cancel();
    if (response.ok) return { kind: "sent" };
    if (response.status === 404 || response.status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      return { kind: "gone", status: response.status };
    }
    const retryAfter = Number(response.headers.get("retry-after"));
    return { kind: "retry", status: response.status, ...(response.status === 429 && retryAfter > 0 ? { waitMs: retryAfter * 1000 } : {}) };
  };
}

/** Orders the 12-hour push is still looked for: paid this long ago at most (the 24-hour alert takes over). */
const EARLY_WINDOW_MS = DELIVERY_LATEST_MS;

/**
 * Paid orders still undelivered 12 hours after payment: one "Order past 12 h" push each (the 24-hour
 * one rides with the late-order alert, orders/late-orders.server.ts). An order is pushed once: the
 * outbox row it leaves is how it is known (none when no device is subscribed at that moment).
 */
export async function pushEarlyLateOrders(db: Db, now: Date): Promise<number> {
  const pushed = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orders.id), eq(emailOutbox.kind, "push_order_late_12h")));
  const late = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ["paid", "in_progress"]),
        lt(orders.paidAt, new Date(now.getTime() - DELIVERY_EARLIEST_MS)),
        gt(orders.paidAt, new Date(now.getTime() - EARLY_WINDOW_MS)),
        notExists(pushed),
      ),
    )
    .orderBy(orders.paidAt)
    .limit(50);
  let queued = 0;
  for (const order of late) queued += await db.transaction((tx) => queueSellerPush(tx, "order_late_12h", order.id, now));
  return queued;
}
