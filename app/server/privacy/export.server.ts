import { asc, inArray, sql } from "drizzle-orm";
import {
  contactMessages,
  couponRedemptions,
  disputes,
  emailOutbox,
  mailSuppressions,
  newsletterSubscribers,
  restockAlerts,
  campaignRecipients,
  orderDeliveries,
  orderEvents,
  orderItems,
  orderLoginEvents,
  orderLogins,
  orderPageViews,
  orders,
  payments,
  privacyRequests,
  problemReportEntries,
  problemReports,
  reviews,
} from "../../../db/schema";
import type { Db } from "../platform/db.server";

/**
 * "Send me my data" (docs/decisions/041): every row the shop holds about one email address, as JSON.
 * Orders with their items, history, payments and refunds (amounts, references, no PayPal raw answers),
 * later deliveries (the note shown to the buyer), problem reports with their threads, disputes
 * (status, reason, amounts), the login hand-over's record (times and who, never the sealed login),
 * status-page visits, the mails sent to the address, contact messages, the newsletter subscription,
 * a mail suppression, the reviews written from the same client as an order, and privacy requests.
 * The seller's private delivery records are the seller's notes, not the buyer's data, and stay out.
 */
export async function buyerExport(db: Db, email: string, now: Date) {
  const same = (column: typeof orders.email) => sql`lower(${column}) = lower(${email})`;
  const orderRows = await db.select().from(orders).where(same(orders.email)).orderBy(asc(orders.createdAt), asc(orders.id));
  // Never an empty list in an IN (): a buyer without orders matches no order row.
  const ids = orderRows.length ? orderRows.map((o) => o.id) : ["-"];
  const byOrder = async <T extends { orderId: string | null }>(rows: PromiseLike<T[]>) => {
    const all = await rows;
    return (id: string) => all.filter((r) => r.orderId === id).map(({ orderId: _o, ...rest }) => rest);
  };
  const items = await byOrder(
    db
      .select({
        orderId: orderItems.orderId,
        productId: orderItems.productId,
        title: orderItems.title,
        unitPriceCents: orderItems.unitPriceCents,
        quantity: orderItems.quantity,
        isFree: orderItems.isFree,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
  );
  const events = await byOrder(
    db
      .select({
        orderId: orderEvents.orderId,
        fromStatus: orderEvents.fromStatus,
        toStatus: orderEvents.toStatus,
        note: orderEvents.note,
        at: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.id)),
  );
  const money = await byOrder(
    db
      .select({
        orderId: payments.orderId,
        kind: payments.kind,
        provider: payments.provider,
        reference: payments.providerRef,
        status: payments.status,
        amountCents: payments.amountCents,
        currency: payments.currency,
        cause: payments.cause,
        at: payments.createdAt,
      })
      .from(payments)
      .where(inArray(payments.orderId, ids))
      .orderBy(asc(payments.id)),
  );
  const coupons = await byOrder(
    db
      .select({
        orderId: couponRedemptions.orderId,
        couponId: couponRedemptions.couponId,
        at: couponRedemptions.createdAt,
        releasedAt: couponRedemptions.releasedAt,
      })
      .from(couponRedemptions)
      .where(inArray(couponRedemptions.orderId, ids)),
  );
  const deliveries = await byOrder(
    db
      .select({ orderId: orderDeliveries.orderId, note: orderDeliveries.publicNote, at: orderDeliveries.createdAt })
      .from(orderDeliveries)
      .where(inArray(orderDeliveries.orderId, ids))
      .orderBy(asc(orderDeliveries.id)),
  );
  const reportRows = await db.select().from(problemReports).where(inArray(problemReports.orderId, ids)).orderBy(asc(problemReports.id));
  const entries = reportRows.length
    ? await db
        .select()
        .from(problemReportEntries)
        .where(
          inArray(
            problemReportEntries.reportId,
            reportRows.map((r) => r.id),
          ),
        )
        .orderBy(asc(problemReportEntries.id))
    : [];
  const disputeRows = await byOrder(
    db
      .select({
        orderId: disputes.orderId,
        id: disputes.id,
        reason: disputes.reason,
        status: disputes.status,
        outcome: disputes.outcome,
        amountCents: disputes.amountCents,
        currency: disputes.currency,
        refundedCents: disputes.refundedCents,
        openedAt: disputes.createdAt,
      })
      .from(disputes)
      .where(inArray(disputes.orderId, ids)),
  );
  const logins = await byOrder(
    db
      .select({
        orderId: orderLogins.orderId,
        submittedAt: orderLogins.createdAt,
        replacedAt: orderLogins.replacedAt,
        deletedAt: orderLogins.deletedAt,
        deletedReason: orderLogins.deletedReason,
      })
      .from(orderLogins)
      .where(inArray(orderLogins.orderId, ids)),
  );
  const loginEvents = await byOrder(
    db
      .select({
        orderId: orderLoginEvents.orderId,
        kind: orderLoginEvents.kind,
        actor: orderLoginEvents.actor,
        reason: orderLoginEvents.reason,
        at: orderLoginEvents.createdAt,
      })
      .from(orderLoginEvents)
      .where(inArray(orderLoginEvents.orderId, ids))
      .orderBy(asc(orderLoginEvents.id)),
  );
  const visits = await byOrder(
    db.select({ orderId: orderPageViews.orderId, at: orderPageViews.viewedAt }).from(orderPageViews).where(inArray(orderPageViews.orderId, ids)),
  );
  const requests = await byOrder(
    db
      .select({ orderId: privacyRequests.orderId, kind: privacyRequests.kind, status: privacyRequests.status, at: privacyRequests.createdAt })
      .from(privacyRequests)
      .where(inArray(privacyRequests.orderId, ids)),
  );
  const clientKeys = [...new Set(orderRows.map((o) => o.clientKey).filter((k): k is string => Boolean(k)))];

  return {
    generatedAt: now.toISOString(),
    email,
    orders: orderRows.map((o) => ({
      id: o.id,
      status: o.status,
      channel: o.channel,
      email: o.email,
      name: o.name,
      communityUsername: o.communityUsername,
      gameUsername: o.gameUsername,
      isGift: o.isGift,
      lang: o.lang,
      displayCurrency: o.displayCurrency,
      subtotalCents: o.subtotalCents,
      discountCents: o.discountCents,
      totalCents: o.totalCents,
      noteFromTheShop: o.sellerNote,
      createdAt: o.createdAt,
      paidAt: o.paidAt,
      deliveredAt: o.deliveredAt,
      ageConfirmedAt: o.ageConfirmedAt,
      termsVersion: o.termsVersion,
      paypalOrderId: o.paypalOrderId,
      payerId: o.payerId,
      clientKey: o.clientKey,
      items: items(o.id),
      history: events(o.id),
      payments: money(o.id),
      coupon: coupons(o.id),
      deliveries: deliveries(o.id),
      problemReports: reportRows
        .filter((r) => r.orderId === o.id)
        .map((r) => ({
          reason: r.reason,
          status: r.status,
          createdAt: r.createdAt,
          closedAt: r.closedAt,
          messages: entries.filter((e) => e.reportId === r.id).map((e) => ({ author: e.author, kind: e.kind, body: e.body, at: e.createdAt })),
        })),
      disputes: disputeRows(o.id),
      loginHandover: { records: logins(o.id), events: loginEvents(o.id) },
      statusPageVisits: visits(o.id),
      privacyRequests: requests(o.id),
    })),
    mails: await db
      .select({
        kind: emailOutbox.kind,
        orderId: emailOutbox.orderId,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(sql`${emailOutbox.channel} = 'email' and lower(${emailOutbox.to}) = lower(${email})`)
      .orderBy(asc(emailOutbox.id)),
    contactMessages: await db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        lang: contactMessages.lang,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = lower(${email})`)
      .orderBy(asc(contactMessages.id)),
    newsletter: await db
      .select({
        email: newsletterSubscribers.email,
        lang: newsletterSubscribers.lang,
        status: newsletterSubscribers.status,
        createdAt: newsletterSubscribers.createdAt,
        confirmedAt: newsletterSubscribers.confirmedAt,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`),
    backInStockAlerts: await db
      .select({ productId: restockAlerts.productId, lang: restockAlerts.lang, createdAt: restockAlerts.createdAt })
      .from(restockAlerts)
      .where(sql`lower(${restockAlerts.email}) = lower(${email})`),
    campaignsMailed: await db
      .select({ campaignId: campaignRecipients.campaignId, lang: campaignRecipients.lang, status: campaignRecipients.status })
      .from(campaignRecipients)
      .where(sql`lower(${campaignRecipients.email}) = lower(${email})`),
    mailSuppression: await db
      .select({ reason: mailSuppressions.reason, createdAt: mailSuppressions.createdAt })
      .from(mailSuppressions)
      .where(sql`lower(${mailSuppressions.email}) = lower(${email})`),
    reviews: clientKeys.length
      ? await db
          .select({
            productId: reviews.productId,
            name: reviews.name,
            rating: reviews.rating,
            comment: reviews.comment,
            status: reviews.status,
            createdAt: reviews.createdAt,
          })
          .from(reviews)
          .where(inArray(reviews.clientKey, clientKeys))
          .orderBy(asc(reviews.id))
      : [],
  };
}

export type BuyerExport = Awaited<ReturnType<typeof buyerExport>>;
