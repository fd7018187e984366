/**
 * PayPal disputes (docs/decisions/035): CUSTOMER.DISPUTE.* webhooks become one row per dispute,
 * filled from the Disputes API, linked to the order through the disputed capture; the seller is
 * alerted when one opens and two days before the answer is due; a dispute resolved against the
 * seller is a refund through the one refund path (cause 'dispute', docs/decisions/028), once.
 */
import { and, eq, isNotNull, isNull, lte, gt, inArray, desc } from "drizzle-orm";
import { DUE_ALERT_BEFORE_MS, isLostOutcome, isWonOutcome, reasonLabel } from "~/domain/disputes";
import { formatMoney } from "~/domain/money";
import { disputes, orderEvents, orders, payments } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { enqueueDiscord, enqueueMail } from "../mail/outbox.server";
import { queueSellerPush } from "../push/push.server";
import { renderMail } from "../mail/render.server";
import { sellerAlertLang } from "../seller-auth/sellers.server";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
import type { OrderTx } from "../orders/orders.server";
import type { PayPalAdapter } from "../paypal/adapter.server";
import type { PayPalDispute } from "../paypal/disputes.server";
import { recordReinstatement, recordRefund } from "../orders/refunds.server";

export type DisputeRow = typeof disputes.$inferSelect;
type Tx = Db | OrderTx;

export const DISPUTE_OPEN_ALERT = "seller_dispute_opened";
export const DISPUTE_DUE_ALERT = "seller_dispute_due";

/** The reference of the refund a lost dispute records: one per dispute, so applying the outcome again is a repeat. */
export const disputeRefundReference = (disputeId: string) => `dispute-${disputeId}`;

/** The order a dispute is about: our invoice id, else the disputed capture's payment row. */
async function orderOfDispute(db: Tx, dispute: PayPalDispute): Promise<string | null> {
  if (dispute.invoiceId) {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, dispute.invoiceId));
    if (order) return order.id;
  }
  if (dispute.captureId) {
    const [row] = await db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(and(eq(payments.kind, "capture"), eq(payments.providerRef, dispute.captureId)));
    if (row) return row.orderId;
  }
  return null;
}

/**
 * Stores what PayPal says about a dispute (a webhook's resource or the API's full dispute) and
 * applies it: the first sight of a dispute alerts the seller, a resolution against the seller
 * refunds the order. Idempotent: the same dispute seen again updates its one row, and the refund's
 * reference makes a second application a repeat. Runs in the caller's transaction (the webhook's).
 */
export async function saveDispute(db: Tx, site: Site, dispute: PayPalDispute, options: { fromApi: boolean }, now: Date): Promise<DisputeRow> {
  const orderId = await orderOfDispute(db, dispute);
  const fields = {
    orderId,
    captureId: dispute.captureId,
    reason: dispute.reason,
    status: dispute.status,
    stage: dispute.stage,
    amountCents: dispute.amountCents,
    currency: dispute.currency,
    sellerResponseDueAt: dispute.sellerResponseDueAt,
    outcome: dispute.outcome,
    refundedCents: dispute.refundedCents,
    raw: dispute.raw as object,
    updatedAt: now,
    ...(options.fromApi ? { detailsReadAt: now } : {}),
  };
  const inserted = await db
    .insert(disputes)
    .values({ id: dispute.id, ...fields, createdAt: now })
    .onConflictDoNothing()
    .returning();
  let row: DisputeRow;
  if (inserted.length > 0) {
    row = inserted[0];
  } else {
    // A webhook's resource is a summary: it never erases what the API told us (due date, outcome).
    const known = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
    [row] = await db.update(disputes).set(known).where(eq(disputes.id, dispute.id)).returning();
  }
  if (!row.openAlertedAt) row = await alertOpened(db, site, row, now);
  if (row.orderId && isLostOutcome(row.outcome)) await refundLostDispute(db, site, row, now);
  if (row.orderId && isWonOutcome(row.outcome)) await reinstateWonDispute(db, row, now);
  return row;
}

/** Reads the full dispute from PayPal and saves it; false when PayPal could not answer (the job tries again). */
export async function refreshDispute(db: Db, site: Site, paypal: PayPalAdapter, disputeId: string, now: Date): Promise<DisputeRow | null> {
  let dispute: PayPalDispute | null;
  try {
    dispute = await paypal.getDispute(disputeId);
  } catch {
    return null;
  }
  if (!dispute) return null;
  return db.transaction((tx) => saveDispute(tx, site, dispute, { fromApi: true }, now));
}

/**
 * A dispute PayPal resolved against the seller: the money PayPal took back is recorded through
 * recordRefund, cause 'dispute', reference dispute-<id> (a second call is a repeat). When PayPal's
 * reversal or refund webhook already recorded that money, nothing more is recorded.
 */
async function refundLostDispute(db: Tx, site: Site, row: DisputeRow, now: Date): Promise<void> {
  const orderId = row.orderId!;
  const amount = row.refundedCents ?? row.amountCents;
  const reference = disputeRefundReference(row.id);
  const [already] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.kind, "refund"), eq(payments.providerRef, reference)));
  if (already) return;
  if (!amount || amount <= 0) return;
  const result = await recordRefund(
    db,
    site,
    {
      orderId,
      amountCents: amount,
      reference,
      cause: "dispute",
      actor: "webhook",
      note: `PayPal dispute ${row.id} resolved against the seller (${row.outcome})`,
      provider: "paypal",
      currency: row.currency ?? "USD",
      raw: null,
    },
    now,
  );
  if (!result.ok) {
    // Usually PayPal's own reversal webhook came first and recorded the money: the history says so.
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (order) {
      await db.insert(orderEvents).values({
        orderId,
        fromStatus: order.status,
        toStatus: order.status,
        actor: "webhook",
        note: `PayPal dispute ${row.id} lost (${row.outcome}); no refund recorded: ${result.code}`,
        createdAt: now,
      });
    }
  }
}

/** The reference of the reinstatement a won dispute records: one per dispute. */
export const disputeReinstatementReference = (disputeId: string) => `dispute-won-${disputeId}`;

/**
 * A dispute the seller won after PayPal reversed the capture (PAYMENT.CAPTURE.REVERSED, recorded
 * as a refund with cause 'reversal'): PayPal gives the money back, so the shop records it through
 * recordReinstatement and the order returns to where it was (docs/decisions/050). A won dispute
 * whose money was never taken (an inquiry) records nothing; a repeat is a repeat.
 */
async function reinstateWonDispute(db: Tx, row: DisputeRow, now: Date): Promise<void> {
  if (!row.amountCents || row.amountCents <= 0) return;
  await recordReinstatement(
    db,
    {
      orderId: row.orderId!,
      amountCents: row.amountCents,
      reference: disputeReinstatementReference(row.id),
      actor: "webhook",
      note: `PayPal dispute ${row.id} resolved in the seller's favour`,
      raw: null,
    },
    now,
  );
}

/**
 * True when a refund or reversal webhook carries money a lost dispute already recorded (same
 * order, same amount): the webhook path then records nothing more, so the order is refunded once.
 */
export async function coveredByDisputeRefund(db: Tx, orderId: string, amountCents: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, "refund"), eq(payments.cause, "dispute"), eq(payments.amountCents, amountCents)));
  return Boolean(row);
}

function alertLines(row: DisputeRow, now: Date) {
  const amount = row.amountCents === null ? "?" : `${formatMoney(row.amountCents, "USD")} ${row.currency ?? "USD"}`;
  const due = row.sellerResponseDueAt ? row.sellerResponseDueAt.toISOString() : null;
  const left = row.sellerResponseDueAt ? Math.max(0, Math.floor((row.sellerResponseDueAt.getTime() - now.getTime()) / 3_600_000)) : null;
  return { amount, due, left };
}

/**
 * The seller's alerts for a dispute: the mail in the seller account's language (docs/decisions/055:
 * sellerAlertLang, like the paid-order and report alerts), the push, and Discord (a shared channel) in English.
 */
async function alert(db: Tx, site: Site, row: DisputeRow, kind: typeof DISPUTE_OPEN_ALERT | typeof DISPUTE_DUE_ALERT, now: Date): Promise<void> {
  const url = `${site.url}/admin/disputes/${encodeURIComponent(row.id)}`;
  const { amount, due } = alertLines(row, now);
  const headline = kind === DISPUTE_DUE_ALERT ? "A PayPal dispute answer is due in under two days" : "A PayPal dispute was opened";
  const lang = await sellerAlertLang(db, site.sellerEmail);
  const t = getI18n(lang).getFixedT(lang, undefined, "emails.sellerDispute");
  const heading = t(kind === DISPUTE_DUE_ALERT ? "due" : "opened");
  // PayPal's reason code: the console's words for it, English keeping the domain's label (unknown codes as PayPal wrote them).
  const reason =
    lang === "en" || !row.reason
      ? reasonLabel(row.reason)
      : getI18n(lang).t(`adminReports.disputeReasons.${row.reason}`, { defaultValue: reasonLabel(row.reason) });
  const mail = renderMail({
    lang,
    subject: `${heading} — ${row.orderId ?? t("unknownOrder")}`,
    blocks: [
      { kind: "heading", text: heading },
      {
        kind: "rows",
        rows: [
          [t("dispute"), row.id],
          [t("order"), row.orderId ?? t("notOurs")],
          [t("reason"), reason],
          [t("amount"), amount],
          [t("status"), row.status],
          [t("answerDue"), due ?? t("dueUnknown")],
        ],
      },
      { kind: "paragraph", text: t("text") },
      { kind: "link", label: t("open"), href: url },
    ],
    footer: t("footer"),
  });
  await enqueueMail(db, { ...mail, to: site.sellerEmail, kind, orderId: row.orderId, lang }, now);
  // The owners' phones (docs/decisions/053); a dispute on no order of ours has nothing to open.
  if (row.orderId) await queueSellerPush(db, kind === DISPUTE_DUE_ALERT ? "dispute_due" : "dispute_opened", row.orderId, now);
  if (site.sellerDiscord) {
    await enqueueDiscord(
      db,
      {
        kind,
        orderId: row.orderId,
        summary: `${headline} ${row.id}`,
        body: {
          content: `⚠️ ${headline}: **${row.id}** on ${row.orderId ?? "an unknown order"} (${amount}), answer due ${due ?? "unknown (read from PayPal shortly)"}: ${url}`,
          allowed_mentions: { parse: [] },
        },
      },
      now,
    );
  }
}

async function alertOpened(db: Tx, site: Site, row: DisputeRow, now: Date): Promise<DisputeRow> {
  // First seen already resolved (a late webhook): nothing for the seller to answer.
  if (row.status !== "RESOLVED") await alert(db, site, row, DISPUTE_OPEN_ALERT, now);
  const [updated] = await db.update(disputes).set({ openAlertedAt: now }).where(eq(disputes.id, row.id)).returning();
  return updated;
}

/** Disputes still waiting for the seller whose answer is due within two days: alerted once each. */
export async function alertDisputesDue(db: Db, site: Site, now: Date): Promise<number> {
  const due = await db
    .select()
    .from(disputes)
    .where(
      and(
        isNull(disputes.dueAlertedAt),
        isNull(disputes.evidenceSentAt),
        inArray(disputes.status, ["OPEN", "WAITING_FOR_SELLER_RESPONSE"]),
        isNotNull(disputes.sellerResponseDueAt),
        gt(disputes.sellerResponseDueAt, now),
        lte(disputes.sellerResponseDueAt, new Date(now.getTime() + DUE_ALERT_BEFORE_MS)),
      ),
    );
  for (const row of due) {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(disputes)
        .set({ dueAlertedAt: now })
        .where(and(eq(disputes.id, row.id), isNull(disputes.dueAlertedAt)))
        .returning({ id: disputes.id });
      if (claimed.length > 0) await alert(tx, site, row, DISPUTE_DUE_ALERT, now);
    });
  }
  return due.length;
}

/** The dispute job: read the details of disputes only known from a webhook, and of open ones every run; then the due alerts. */
export async function disputeJob(db: Db, site: Site, paypal: PayPalAdapter | null, now: Date): Promise<void> {
  if (paypal) {
    const open = await db
      .select({ id: disputes.id })
      .from(disputes)
      .where(inArray(disputes.status, ["OPEN", "WAITING_FOR_SELLER_RESPONSE", "WAITING_FOR_BUYER_RESPONSE", "UNDER_REVIEW", "OTHER"]));
    for (const { id } of open) await refreshDispute(db, site, paypal, id, now);
  }
  await alertDisputesDue(db, site, now);
}

/** The console's list: open ones first by deadline, then the rest newest first. */
export async function listDisputes(db: Db) {
  const rows = await db.select().from(disputes).orderBy(desc(disputes.createdAt));
  const open = rows.filter((r) => r.status !== "RESOLVED");
  open.sort((a, b) => (a.sellerResponseDueAt?.getTime() ?? Infinity) - (b.sellerResponseDueAt?.getTime() ?? Infinity));
  return [...open, ...rows.filter((r) => r.status === "RESOLVED")];
}

export async function findDispute(db: Db, id: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id));
  return row;
}

export async function disputesOfOrder(db: Db, orderId: string): Promise<DisputeRow[]> {
  return db.select().from(disputes).where(eq(disputes.orderId, orderId)).orderBy(desc(disputes.createdAt));
}
