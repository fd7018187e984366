import { and, eq, inArray, lt, notExists } from "drizzle-orm";
import { DELIVERY_LATEST_MS } from "~/domain/delivery-promise";
import { formatMoney } from "~/domain/money";
import { emailOutbox, orders } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { enqueueDiscord, enqueueMail } from "../mail/outbox.server";
import { queueSellerPush } from "../push/push.server";
import { renderMail } from "../mail/render.server";

/** Outbox kind of the alert; its row is also how an order is known to have been alerted once. */
export const LATE_ALERT_KIND = "seller_late_alert";

/** Orders alerted per run: a backlog is worked through over a few runs instead of one long one. */
const BATCH = 50;

/**
 * Paid orders still undelivered 24 hours after payment: the seller is told once per order (email,
 * and Discord when configured). The buyer's status page says "later than promised, the team has
 * been alerted" from the same moment, and this is what makes that true.
 */
export async function alertLateOrders(db: Db, site: Site, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DELIVERY_LATEST_MS);
  const alerted = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orders.id), eq(emailOutbox.kind, LATE_ALERT_KIND)));
  const late = await db
    .select({
      id: orders.id,
      paidAt: orders.paidAt,
      totalCents: orders.totalCents,
      isGift: orders.isGift,
      gameUsername: orders.gameUsername,
      status: orders.status,
    })
    .from(orders)
    .where(and(inArray(orders.status, ["paid", "in_progress"]), lt(orders.paidAt, cutoff), notExists(alerted)))
    .orderBy(orders.paidAt)
    .limit(BATCH);
  for (const order of late) {
    const hours = Math.floor((now.getTime() - (order.paidAt?.getTime() ?? now.getTime())) / 3_600_000);
    const adminUrl = `${site.url}/admin/orders/${order.id}`;
    const total = `${formatMoney(order.totalCents, "USD")} USD`;
    const mail = renderMail({
      lang: "en",
      subject: `Late order ${order.id} — paid ${hours} h ago, not delivered`,
      blocks: [
        { kind: "heading", text: `Order ${order.id} is past the 24-hour promise` },
        {
          kind: "rows",
          rows: [
            ["Status", order.status],
            ["Paid", order.paidAt?.toISOString() ?? "?"],
            ["Total", total],
            ["Gift", order.isGift ? "yes" : "no"],
            ["Game username", order.gameUsername],
          ],
        },
        { kind: "paragraph", text: "The buyer's order page now says the delivery is later than promised and that the team has been alerted." },
        { kind: "link", label: "Open the order", href: adminUrl },
      ],
      footer: "Trigger Shop seller alert",
    });
    await db.transaction(async (tx) => {
      await enqueueMail(tx, { ...mail, to: site.sellerEmail, kind: LATE_ALERT_KIND, orderId: order.id, lang: "en" }, now);
      await queueSellerPush(tx, "order_late_24h", order.id, now);
      if (site.sellerDiscord) {
        await enqueueDiscord(
          tx,
          {
            kind: LATE_ALERT_KIND,
            orderId: order.id,
            summary: `Late order ${order.id}`,
            body: {
              content: `⏰ Order **${order.id}** (${total}) was paid ${hours} h ago and is not delivered yet: ${adminUrl}`,
              allowed_mentions: { parse: [] },
            },
          },
          now,
        );
      }
    });
  }
  return late.length;
}
