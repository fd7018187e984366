import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import { isTerminal } from "~/domain/order-state";
import { ERASED, erasedEmail, type DeletionBlocker } from "~/domain/privacy";
import {
  campaignRecipients,
  deliveryProofs,
  contactMessages,
  disputes,
  emailOutbox,
  mailSuppressions,
  newsletterSubscribers,
  orderDeliveries,
  orderLogins,
  orders,
  paymentEvents,
  payments,
  privacyRequests,
  problemReportEntries,
  problemReports,
  restockAlerts,
  reviews,
  sellerActions,
} from "../../../db/schema";
import type { PrivateStorage } from "../media/private-storage.server";
import type { Db } from "../platform/db.server";

/**
 * How an order's personal data is removed (docs/decisions/041), the one path for both the retention
 * job and a buyer's delete request: the buyer's email, name, usernames, client key and PayPal payer
 * id, the notes that name their account, the texts of the mails and messages about it, PayPal's raw
 * answers (which carry the payer's name and address) and the sealed login. What the accounts need
 * stays: the order's id, status, amounts, currency, items, dates, payments (amounts, references),
 * refunds, the history's steps and the disputes' outcome.
 */
/** Returns the private storage keys of the order's delivery screenshots, whose rows it deletes: the caller removes the files. */
export async function pseudonymiseOrder(db: Db, orderId: string, now: Date): Promise<string[]> {
  const pseudonym = erasedEmail(orderId);
  const erasedIfSet = (column: typeof orders.sellerNote | typeof orders.deliveryNote) => sql`case when ${column} is null then null else ${ERASED} end`;
  await db
    .update(orders)
    .set({
      email: pseudonym,
      name: ERASED,
      communityUsername: ERASED,
      gameUsername: ERASED,
      clientKey: null,
      payerId: null,
      sellerNote: erasedIfSet(orders.sellerNote),
      deliveryNote: erasedIfSet(orders.deliveryNote),
      pseudonymisedAt: now,
    })
    .where(eq(orders.id, orderId));
  await db
    .update(orderDeliveries)
    .set({ publicNote: sql`case when ${orderDeliveries.publicNote} is null then null else ${ERASED} end`, privateNote: ERASED })
    .where(eq(orderDeliveries.orderId, orderId));
  await db
    .update(problemReportEntries)
    .set({ body: ERASED })
    .where(inArray(problemReportEntries.reportId, db.select({ id: problemReports.id }).from(problemReports).where(eq(problemReports.orderId, orderId))));
  // Mails about the order: kept as a record that they went (kind, times), without their words. One
  // still waiting is not sent any more.
  await db
    .update(emailOutbox)
    .set({
      to: sql`case when ${emailOutbox.channel} = 'email' then ${pseudonym} else ${emailOutbox.to} end`,
      subject: ERASED,
      text: ERASED,
      html: null,
      replyTo: null,
      headers: null,
      lastError: null,
      status: sql`case when ${emailOutbox.status} = 'pending' then 'skipped' else ${emailOutbox.status} end`,
    })
    .where(eq(emailOutbox.orderId, orderId));
  await db
    .update(orderLogins)
    .set({
      ciphertext: null,
      deletedAt: sql`coalesce(${orderLogins.deletedAt}, ${now.toISOString()}::timestamptz)`,
      deletedReason: sql`coalesce(${orderLogins.deletedReason}, 'expired')`,
    })
    .where(and(eq(orderLogins.orderId, orderId), isNotNull(orderLogins.ciphertext)));
  await db.update(payments).set({ raw: null }).where(eq(payments.orderId, orderId));
  await db
    .update(paymentEvents)
    .set({ payload: { erased: true } })
    .where(or(eq(paymentEvents.orderId, orderId), sql`${paymentEvents.payload}::text like ${`%"${orderId}"%`}`));
  await db.update(disputes).set({ raw: null, evidenceText: null }).where(eq(disputes.orderId, orderId));
  await db.update(sellerActions).set({ detail: null }).where(eq(sellerActions.target, orderId));
  // A deletion still waiting for another order of the buyer keeps the address it needs until it is done.
  await db
    .update(privacyRequests)
    .set({ email: null })
    .where(and(eq(privacyRequests.orderId, orderId), sql`${privacyRequests.status} <> 'scheduled'`));
  // Delivery screenshots show the buyer's game account (docs/decisions/043): no longer served, files removed by the caller.
  const proofs = await db.delete(deliveryProofs).where(eq(deliveryProofs.orderId, orderId)).returning({ key: deliveryProofs.key });
  return proofs.map((p) => p.key);
}

/** Removes files whose rows are gone; a file left by a crash is only unreachable (no row serves it). */
export async function removeFiles(files: Pick<PrivateStorage, "delete"> | undefined, keys: readonly string[]): Promise<void> {
  if (!files) return;
  for (const key of keys) await files.delete(key).catch(() => {});
}

/** What keeps each order from being pseudonymised now: still running, an open dispute, an open problem report. */
export async function deletionBlockers(db: Db, orderIds: readonly string[]): Promise<Map<string, DeletionBlocker[]>> {
  const blockers = new Map<string, DeletionBlocker[]>();
  if (orderIds.length === 0) return blockers;
  const add = (id: string, blocker: DeletionBlocker) => blockers.set(id, [...(blockers.get(id) ?? []), blocker]);
  const rows = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  for (const row of rows) if (!isTerminal(row.status)) add(row.id, "order_open");
  const openDisputes = await db
    .selectDistinct({ id: disputes.orderId })
    .from(disputes)
    .where(and(inArray(disputes.orderId, [...orderIds]), sql`${disputes.status} <> 'RESOLVED'`));
  for (const row of openDisputes) if (row.id) add(row.id, "open_dispute");
  const openReports = await db
    .selectDistinct({ id: problemReports.orderId })
    .from(problemReports)
    .where(and(inArray(problemReports.orderId, [...orderIds]), eq(problemReports.status, "open")));
  for (const row of openReports) add(row.id, "open_report");
  return blockers;
}

export interface ErasureResult {
  /** Orders pseudonymised now. */
  erased: string[];
  /** Orders that must wait, and why. */
  waiting: { orderId: string; blockers: DeletionBlocker[] }[];
  /** Private storage keys of the erased orders' delivery screenshots, to remove once committed. */
  proofKeys: string[];
}

const sameEmail = (column: typeof orders.email | typeof contactMessages.email, email: string) => sql`lower(${column}) = lower(${email})`;

/**
 * A buyer's "delete my data" (docs/decisions/041): every order of the address that nothing holds is
 * pseudonymised; their messages, newsletter subscription, suppression and mails are deleted or
 * emptied; their reviews lose their name and client key (the text and rating stay, anonymous).
 * Orders still running, disputed or with an open report keep their data and are named in `waiting`.
 */
export async function eraseBuyer(db: Db, email: string, now: Date): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: orders.id, clientKey: orders.clientKey })
      .from(orders)
      .where(and(sameEmail(orders.email, email), isNull(orders.pseudonymisedAt)));
    const blockers = await deletionBlockers(
      tx,
      owned.map((o) => o.id),
    );
    const erased: string[] = [];
    const proofKeys: string[] = [];
    for (const order of owned) {
      if (blockers.has(order.id)) continue;
      proofKeys.push(...(await pseudonymiseOrder(tx, order.id, now)));
      erased.push(order.id);
    }
    const clientKeys = owned.map((o) => o.clientKey).filter((k): k is string => Boolean(k));
    if (clientKeys.length > 0) await tx.update(reviews).set({ name: ERASED, clientKey: null }).where(inArray(reviews.clientKey, clientKeys));
    await tx.delete(contactMessages).where(sameEmail(contactMessages.email, email));
    await tx.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
    await tx.delete(mailSuppressions).where(sql`lower(${mailSuppressions.email}) = lower(${email})`);
    // Back-in-stock alerts waiting for the address, and whom campaigns went to (docs/decisions/045, 046).
    await tx.delete(restockAlerts).where(sql`lower(${restockAlerts.email}) = lower(${email})`);
    await tx.delete(campaignRecipients).where(sql`lower(${campaignRecipients.email}) = lower(${email})`);
    const waitingIds = [...blockers.keys()];
    // Mails to the address that belong to no order still waiting (newsletter, contact, these requests).
    await tx
      .update(emailOutbox)
      .set({
        to: erasedEmail("buyer"),
        subject: ERASED,
        text: ERASED,
        html: null,
        replyTo: null,
        headers: null,
        lastError: null,
        status: sql`case when ${emailOutbox.status} = 'pending' then 'skipped' else ${emailOutbox.status} end`,
      })
      .where(
        and(
          or(sql`lower(${emailOutbox.to}) = lower(${email})`, sql`lower(${emailOutbox.replyTo}) = lower(${email})`),
          waitingIds.length > 0 ? or(isNull(emailOutbox.orderId), notInArray(emailOutbox.orderId, waitingIds)) : undefined,
        ),
      );
    // The console's audit rows that name the address (a block, a newsletter export…) keep the act, not the detail.
    await tx
      .update(sellerActions)
      .set({ detail: null })
      .where(sql`lower(${sellerActions.detail}::text) like ${`%${email.toLowerCase()}%`}`);
    return { erased, waiting: [...blockers].map(([orderId, why]) => ({ orderId, blockers: why })), proofKeys };
  });
}
