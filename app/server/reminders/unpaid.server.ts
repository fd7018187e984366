/**
 * The one reminder of an unpaid online order (issue 30, docs/decisions/045). A PayPal order still
 * awaiting payment `UNPAID_REMINDER_MINUTES` after it was placed gets one mail in its language with
 * its status-page link, where the payment can be finished. `orders.unpaid_reminder_at` is set in the
 * transaction that writes the mail, under a condition on itself: never twice, even with two
 * processes. A paid or cancelled order is never reminded (and a reminder written just before the
 * payment is dropped by the outbox: mail/outbox.server.ts), nor an order whose buyer is blocked.
 * The unpaid order itself is cancelled after 24 h (orders/orders.server.ts expireUnpaidOrders).
 */
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { isLang } from "~/domain/lang-path";
import { formatMoney } from "~/domain/money";
import type { Lang } from "~/domain/product";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
import { orderItems, orders } from "../../../db/schema";
import { blockedBuyer } from "../blocklist/blocklist.server";
import { enqueueMail, type OutgoingMail } from "../mail/outbox.server";
import { renderMail } from "../mail/render.server";
import { orderStatusUrl } from "../orders/links.server";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** Orders looked at per run: the job runs every few minutes, so a backlog clears in a few runs. */
const BATCH = 100;

const usd = (cents: number) => `${formatMoney(cents, "USD")} USD`;

export function unpaidReminderMail(site: Site, order: OrderRow, items: readonly ItemRow[]): OutgoingMail {
  const lang: Lang = isLang(order.lang) ? order.lang : "en";
  const t = getI18n(lang).getFixedT(lang);
  const rows: [string, string][] = [
    [t("emails.orderId"), order.id],
    ...items.map((item): [string, string] => [
      item.isFree ? t("emails.freeItem", { title: item.title }) : t("emails.itemLine", { title: item.title, quantity: item.quantity }),
      formatMoney(item.unitPriceCents * item.quantity, "USD"),
    ]),
    [t("emails.total"), usd(order.totalCents)],
  ];
  const rendered = renderMail({
    lang,
    subject: t("emails.unpaidReminder.subject", { id: order.id }),
    blocks: [
      { kind: "heading", text: t("emails.unpaidReminder.title", { name: order.name }) },
      { kind: "paragraph", text: t("emails.unpaidReminder.text") },
      { kind: "rows", rows },
      { kind: "link", label: t("emails.unpaidReminder.button"), href: orderStatusUrl(site, order.id, lang) },
      { kind: "paragraph", text: t("emails.unpaidReminder.expiry") },
    ],
    footer: t("emails.footer", { email: site.shopEmail }),
  });
  return { ...rendered, to: order.email, kind: "order_unpaid_reminder", orderId: order.id, lang };
}

/**
 * Writes the reminders that are due; returns how many. `delayMinutes` 0 turns reminders off.
 * A blocked buyer's order is marked as passed over (no mail), so it is not looked at again.
 */
export async function remindUnpaidOrders(db: Db, site: Site, delayMinutes: number, now: Date): Promise<number> {
  if (delayMinutes <= 0) return 0;
  const cutoff = new Date(now.getTime() - delayMinutes * 60_000);
  const due = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "awaiting_payment"), eq(orders.channel, "paypal"), isNull(orders.unpaidReminderAt), lte(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  let sent = 0;
  for (const order of due) {
    const blocked = (await blockedBuyer(db, order)) !== null;
    const items = blocked ? [] : await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    const wrote = await db.transaction(async (tx) => {
      // Claimed under the same conditions it was picked by: a payment, a cancellation or another
      // process in between leaves nothing to claim.
      const claimed = await tx
        .update(orders)
        .set({ unpaidReminderAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment"), isNull(orders.unpaidReminderAt)))
        .returning({ id: orders.id });
      if (claimed.length === 0 || blocked) return false;
      await enqueueMail(tx, unpaidReminderMail(site, order, items), now);
      return true;
    });
    if (wrote) sent++;
  }
  return sent;
}
