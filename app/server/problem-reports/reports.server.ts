/**
 * Problem reports (docs/decisions/034): the buyer opens one from the order page and writes in its
 * thread; the seller answers, re-delivers, refunds or closes it from the console. Every change runs
 * under the order's row lock (lockOrder) with its thread entry, its mails and, for the seller, its
 * one audit row, in one transaction. The reason rules are the domain's (app/domain/problem-reports.ts),
 * asked again here whatever the page offered.
 */
import { and, asc, count, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { TFunction } from "i18next";
import { consoleT } from "~/i18n/console.server";
import {
  reportableOrderOf,
  reportReasons,
  warrantyEndsAt,
  type BuyerReportsView,
  type ReportableOrder,
  type ReportEntryKind,
  type ReportReason,
  type ReportRefusal,
} from "~/domain/problem-reports";
import { orderItems, orderDeliveries, orderEvents, orders, problemReportEntries, products, problemReports } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { lockOrder, type OrderTx } from "../orders/orders.server";
import { recordProofs, type StoredProof } from "../orders/delivery-proofs.server";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";
import { queueBuyerReportMail, queueSellerReportAlert } from "./report-mail.server";

export type ReportRow = typeof problemReports.$inferSelect;
export type ReportEntryRow = typeof problemReportEntries.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type Reader = Pick<Db, "select">;

/** What the rules need of a stored order: its state, times and each item's warranty from the catalogue. */
export async function reportableOrder(db: Reader, order: OrderRow): Promise<ReportableOrder> {
  // Read from the products table, not the in-memory catalogue: this runs inside transactions too, and
  // an archived product's warranty still holds for the orders that bought it.
  const items = await db
    .select({ warrantyDays: products.warrantyDays })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id));
  return reportableOrderOf(order, items);
}

/**
 * The buyer's reports for `orderId`, and the reasons that apply now; undefined for an unknown order.
 * `known`: the order's rule facts as the page already read them, so the order is not read again.
 */
export async function buyerReportsView(db: Db, orderId: string, now: Date, known?: ReportableOrder): Promise<BuyerReportsView | undefined> {
  let rules = known;
  if (!rules) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return undefined;
    rules = await reportableOrder(db, order);
  }
  const reports = await db.select().from(problemReports).where(eq(problemReports.orderId, orderId)).orderBy(desc(problemReports.id));
  const entries = reports.length
    ? await db
        .select()
        .from(problemReportEntries)
        .where(
          inArray(
            problemReportEntries.reportId,
            reports.map((r) => r.id),
          ),
        )
        .orderBy(asc(problemReportEntries.id))
    : [];
  const end = warrantyEndsAt(rules);
  return {
    reasons: reportReasons(rules, now),
    facts: {
      status: rules.status,
      paidAt: rules.paidAt?.toISOString() ?? null,
      deliveredAt: rules.deliveredAt?.toISOString() ?? null,
      warrantyDays: [...rules.warrantyDays],
    },
    warrantyEndsAt: end && end.getTime() >= now.getTime() ? end.toISOString() : null,
    reports: reports.map((r) => ({
      id: r.id,
      reason: r.reason,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      entries: entries
        .filter((e) => e.reportId === r.id)
        .map((e) => ({ id: e.id, author: e.author, kind: e.kind, body: e.body, at: e.createdAt.toISOString() })),
    })),
  };
}

export type BuyerReportResult = { ok: true; reportId: number } | { ok: false; code: ReportRefusal };

async function openReportOf(tx: Reader, orderId: string): Promise<ReportRow | undefined> {
  const [open] = await tx
    .select()
    .from(problemReports)
    .where(and(eq(problemReports.orderId, orderId), eq(problemReports.status, "open")));
  return open;
}

/** The buyer opens a report: refused when the reason does not apply to the order now, or one is already open. */
export async function openProblemReport(
  db: Db,
  site: Site,
  input: { orderId: string; reason: ReportReason; message: string },
  now: Date,
): Promise<BuyerReportResult> {
  return db.transaction(async (tx): Promise<BuyerReportResult> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return { ok: false, code: "order_not_found" };
    if (!reportReasons(await reportableOrder(tx, order), now).includes(input.reason)) return { ok: false, code: "report_reason_unavailable" };
    if (await openReportOf(tx, order.id)) return { ok: false, code: "report_already_open" };
    const [report] = await tx
      .insert(problemReports)
      .values({ orderId: order.id, reason: input.reason, status: "open", waitingSince: now, createdAt: now })
      .returning();
    await tx
      .insert(problemReportEntries)
      .values({ reportId: report.id, author: "buyer", kind: "message", body: input.message, actor: "buyer", createdAt: now });
    await queueSellerReportAlert(tx, site, order, report, input.message, true, now);
    return { ok: true, reportId: report.id };
  });
}

/** The buyer writes in the order's open report. */
export async function addBuyerMessage(db: Db, site: Site, input: { orderId: string; message: string }, now: Date): Promise<BuyerReportResult> {
  return db.transaction(async (tx): Promise<BuyerReportResult> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return { ok: false, code: "order_not_found" };
    const report = await openReportOf(tx, order.id);
    if (!report) return { ok: false, code: "report_not_open" };
    await tx
      .insert(problemReportEntries)
      .values({ reportId: report.id, author: "buyer", kind: "message", body: input.message, actor: "buyer", createdAt: now });
    // The queue's age runs from the first message the seller has not answered.
    if (!report.waitingSince) await tx.update(problemReports).set({ waitingSince: now }).where(eq(problemReports.id, report.id));
    await queueSellerReportAlert(tx, site, order, report, input.message, false, now);
    return { ok: true, reportId: report.id };
  });
}

// ——— The seller's side ———

export type SellerReportResult = { ok: true; message: string } | { ok: false; status: number; message: string };

const sellerRefused = (status: number, message: string): SellerReportResult => ({ ok: false, status, message });

/** The replies' language when the caller names none (tests, scripts): the console's English, word for word. */
export const ENGLISH_REPLIES = consoleT("en");

/** Locks the report's order, then reads the report: every seller action starts here. */
export async function lockReport(tx: OrderTx, reportId: number): Promise<{ report: ReportRow; order: OrderRow } | undefined> {
  const [found] = await tx.select({ orderId: problemReports.orderId }).from(problemReports).where(eq(problemReports.id, reportId));
  if (!found) return undefined;
  const order = await lockOrder(tx, found.orderId);
  const [report] = await tx.select().from(problemReports).where(eq(problemReports.id, reportId));
  return order && report ? { report, order } : undefined;
}

/** A seller's entry in the thread, with the buyer's mail and the audit row; `close` closes the report with it. */
export async function writeSellerEntry(
  tx: OrderTx,
  site: Site,
  seller: Actor,
  target: { report: ReportRow; order: OrderRow },
  entry: { kind: ReportEntryKind; body: string; close: boolean; audit: string; detail: Record<string, unknown> },
  now: Date,
): Promise<void> {
  const { report, order } = target;
  await tx
    .insert(problemReportEntries)
    .values({ reportId: report.id, author: "seller", kind: entry.kind, body: entry.body, actor: seller.actor, createdAt: now });
  await tx
    .update(problemReports)
    .set(entry.close ? { waitingSince: null, status: "closed", closedAt: now } : { waitingSince: null })
    .where(eq(problemReports.id, report.id));
  // A refund is told by the refund path's own mail (recordRefund), not twice.
  if (entry.kind !== "refund") await queueBuyerReportMail(tx, site, order, report.reason, entry.kind, entry.body, now);
  // On the order, like every other order action, so the order page's audit card lists it too.
  await recordSellerAction(tx, seller, entry.audit, order.id, { reportId: report.id, ...entry.detail }, now);
}

/** The seller answers in the thread; the report stays open. */
export async function answerReport(
  db: Db,
  site: Site,
  seller: Actor,
  reportId: number,
  message: string,
  now: Date,
  /** The acting seller's `consoleT(seller.lang)`: the reply's language. */
  t: TFunction = ENGLISH_REPLIES,
): Promise<SellerReportResult> {
  return db.transaction(async (tx): Promise<SellerReportResult> => {
    const target = await lockReport(tx, reportId);
    if (!target) return sellerRefused(404, t("adminReports.replies.notFound"));
    if (target.report.status !== "open") return sellerRefused(409, t("adminReports.replies.closed"));
    await writeSellerEntry(tx, site, seller, target, { kind: "message", body: message, close: false, audit: "report_answered", detail: { message } }, now);
    return { ok: true, message: t("adminReports.replies.answered") };
  });
}

/**
 * A new delivery for a delivered order: its own row with its notes, and a history row with the
 * state unchanged; the first delivery's notes and time on the order stay as they were.
 */
export async function redeliverReport(
  db: Db,
  site: Site,
  seller: Actor,
  reportId: number,
  notes: { publicNote: string; privateNote: string; close: boolean },
  now: Date,
  /** The re-delivery's screenshots, already stored privately: recorded with it (docs/decisions/043). */
  proofs: readonly StoredProof[] = [],
  t: TFunction = ENGLISH_REPLIES,
): Promise<SellerReportResult> {
  return db.transaction(async (tx): Promise<SellerReportResult> => {
    const target = await lockReport(tx, reportId);
    if (!target) return sellerRefused(404, t("adminReports.replies.notFound"));
    const { report, order } = target;
    if (report.status !== "open") return sellerRefused(409, t("adminReports.replies.closed"));
    if (order.status !== "delivered") return sellerRefused(409, t("adminReports.replies.onlyDelivered"));
    const [delivery] = await tx
      .insert(orderDeliveries)
      .values({ orderId: order.id, reportId: report.id, publicNote: notes.publicNote, privateNote: notes.privateNote, actor: seller.actor, createdAt: now })
      .returning();
    await recordProofs(tx, order.id, delivery.id, proofs, now);
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      actor: seller.actor,
      note: `re-delivered (problem report ${report.id}, delivery ${delivery.id})`,
      createdAt: now,
    });
    await writeSellerEntry(
      tx,
      site,
      seller,
      target,
      {
        kind: "redelivery",
        body: notes.publicNote,
        close: notes.close,
        audit: "report_redelivered",
        detail: { deliveryId: delivery.id, publicNote: notes.publicNote, privateNote: notes.privateNote, closed: notes.close, proofs: proofs.length },
      },
      now,
    );
    const key = `adminReports.replies.redelivered${proofs.length ? "Shots" : ""}${notes.close ? "Closed" : ""}`;
    return { ok: true, message: t(key, { delivery: delivery.id, count: proofs.length }) };
  });
}

/** The seller closes the report with a reason the buyer reads. */
export async function closeReport(
  db: Db,
  site: Site,
  seller: Actor,
  reportId: number,
  reason: string,
  now: Date,
  t: TFunction = ENGLISH_REPLIES,
): Promise<SellerReportResult> {
  return db.transaction(async (tx): Promise<SellerReportResult> => {
    const target = await lockReport(tx, reportId);
    if (!target) return sellerRefused(404, t("adminReports.replies.notFound"));
    if (target.report.status !== "open") return sellerRefused(409, t("adminReports.replies.alreadyClosed"));
    await writeSellerEntry(tx, site, seller, target, { kind: "closed", body: reason, close: true, audit: "report_closed", detail: { reason } }, now);
    return { ok: true, message: t("adminReports.replies.reportClosed") };
  });
}

// ——— The console's reads ———

/** Open reports, the longest waiting first, with what the queue shows of their order. */
export async function openReportsQueue(db: Db) {
  const rows = await db
    .select({
      id: problemReports.id,
      orderId: problemReports.orderId,
      reason: problemReports.reason,
      createdAt: problemReports.createdAt,
      waitingSince: problemReports.waitingSince,
      orderStatus: orders.status,
      name: orders.name,
      email: orders.email,
      isGift: orders.isGift,
    })
    .from(problemReports)
    .innerJoin(orders, eq(orders.id, problemReports.orderId))
    .where(eq(problemReports.status, "open"))
    .orderBy(asc(problemReports.createdAt));
  // Waiting on the seller first (oldest unanswered message first), then those waiting on the buyer.
  return rows.toSorted((a, b) => (a.waitingSince?.getTime() ?? Infinity) - (b.waitingSince?.getTime() ?? Infinity));
}

/** Open reports waiting on the seller (the buyer wrote last): the nav's badge. */
export async function waitingReportCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(problemReports)
    .where(and(eq(problemReports.status, "open"), isNotNull(problemReports.waitingSince)));
  return Number(row.n);
}

/** One report with its thread, its order and the order's deliveries after the first. */
export async function reportDetail(db: Db, reportId: number) {
  const [report] = await db.select().from(problemReports).where(eq(problemReports.id, reportId));
  if (!report) return null;
  const [[order], entries, deliveries, others] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, report.orderId)),
    db.select().from(problemReportEntries).where(eq(problemReportEntries.reportId, reportId)).orderBy(asc(problemReportEntries.id)),
    db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, report.orderId)).orderBy(asc(orderDeliveries.id)),
    db
      .select({ id: problemReports.id, reason: problemReports.reason, status: problemReports.status, createdAt: problemReports.createdAt })
      .from(problemReports)
      .where(eq(problemReports.orderId, report.orderId))
      .orderBy(desc(problemReports.id)),
  ]);
  return { report, order, entries, deliveries, otherReports: others.filter((r) => r.id !== reportId) };
}

/** The order page's card: the order's reports and its deliveries after the first. */
export async function reportsOfOrder(db: Db, orderId: string) {
  const [reports, deliveries] = await Promise.all([
    db
      .select({ id: problemReports.id, reason: problemReports.reason, status: problemReports.status, createdAt: problemReports.createdAt })
      .from(problemReports)
      .where(eq(problemReports.orderId, orderId))
      .orderBy(desc(problemReports.id)),
    db
      .select({ id: orderDeliveries.id, reportId: orderDeliveries.reportId, createdAt: orderDeliveries.createdAt })
      .from(orderDeliveries)
      .where(eq(orderDeliveries.orderId, orderId))
      .orderBy(asc(orderDeliveries.id)),
  ]);
  return { reports, deliveries };
}
