import { eq, inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import { isLang } from "~/domain/lang-path";
import { LOGIN_SECTION_ANCHOR, orderNeedsLogin, type HandoffProduct } from "~/domain/login-handoff";
import { convertCentsAtRate, formatMoney, isCurrency } from "~/domain/money";
import type { Lang } from "~/domain/product";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
import { orderItems, orders, products } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { orderStatusUrl } from "./links.server";
import { enqueueDiscord, enqueueMail } from "../mail/outbox.server";
import { queueSellerPush } from "../push/push.server";
import { sellerAlertLang } from "../seller-auth/sellers.server";
import { renderMail, type MailBlock, type RenderedMail } from "../mail/render.server";

/** What happened to the order, as the buyer is told. */
export type OrderNotice =
  | { kind: "received" }
  | { kind: "paid" }
  | { kind: "delivered" }
  | { kind: "refunded"; amountCents: number }
  /** Part of the payment went back; the order stays as it is. */
  | { kind: "partially_refunded"; amountCents: number }
  | { kind: "cancelled" };

type Executor = Pick<Db, "select" | "insert">;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

const usd = (cents: number) => formatMoney(cents, "USD");

function orderLang(order: OrderRow): Lang {
  return isLang(order.lang) ? order.lang : "en";
}

function itemRows(t: TFunction, items: readonly OrderItemRow[]): [string, string][] {
  return items.map((item) => [
    item.isFree ? t("emails.freeItem", { title: item.title }) : t("emails.itemLine", { title: item.title, quantity: item.quantity }),
    usd(item.unitPriceCents * item.quantity),
  ]);
}

function amountBlocks(t: TFunction, order: OrderRow, items: readonly OrderItemRow[], totalLabel: string): MailBlock[] {
  const rows: [string, string][] = [[t("emails.orderId"), order.id], ...itemRows(t, items)];
  if (order.discountCents > 0) rows.push([t("emails.subtotal"), usd(order.subtotalCents)], [t("emails.discount"), `−${usd(order.discountCents)}`]);
  rows.push([totalLabel, `${usd(order.totalCents)} USD`]);
  const blocks: MailBlock[] = [{ kind: "rows", rows }];
  if (order.displayCurrency !== "USD" && isCurrency(order.displayCurrency)) {
    const estimate = formatMoney(convertCentsAtRate(order.totalCents, order.displayRate), order.displayCurrency);
    blocks.push({ kind: "paragraph", text: t("emails.estimate", { amount: estimate }) });
  }
  if (order.isGift) blocks.push({ kind: "paragraph", text: t("emails.recipient", { username: order.gameUsername }) });
  return blocks;
}

/** How each product of the order is delivered (read with the order: archived products too). */
export type DeliveryLookup = (id: string) => HandoffProduct | undefined;

async function deliveryLookup(db: Executor, items: readonly OrderItemRow[]): Promise<DeliveryLookup> {
  const ids = [...new Set(items.map((i) => i.productId))];
  const rows =
    ids.length === 0
      ? []
      : await db.select({ id: products.id, type: products.type, delivery: products.delivery }).from(products).where(inArray(products.id, ids));
  const byId = new Map(
    rows.map((r): [string, HandoffProduct] => [
      r.id,
      {
        type: r.type === "room" ? "room" : r.type === "bundle" ? "bundle" : "trigger",
        delivery: r.delivery === "username-gift" ? "username-gift" : "manual-upload",
      },
    ]),
  );
  return (id) => byId.get(id);
}

const needsLogin = (items: readonly OrderItemRow[], productOf: DeliveryLookup) => orderNeedsLogin({ items }, productOf);

/**
 * What the buyer does next: a gift needs nothing; a permanent trigger or bundle needs the game
 * login, given on the order page (encrypted in the browser, docs/decisions/022) — the mail only
 * links there and never carries anything of a login; rooms are installed without it.
 */
function paidNextSteps(t: TFunction, order: OrderRow, items: readonly OrderItemRow[], statusUrl: string, productOf: DeliveryLookup): MailBlock[] {
  // The items decide first (docs/decisions/042): a permanent item asks for the login even on an
  // order stored as a gift before the server derived the flag.
  if (!needsLogin(items, productOf)) {
    if (order.isGift) return [{ kind: "paragraph", text: t("emails.paid.gift", { username: order.gameUsername }) }];
    return [{ kind: "paragraph", text: t("emails.paid.noLogin") }];
  }
  return [
    { kind: "paragraph", text: t("emails.paid.login") },
    { kind: "link", label: t("emails.paid.giveLogin"), href: `${statusUrl}#${LOGIN_SECTION_ANCHOR}` },
  ];
}

/** The buyer's mail for one event, in the order's language, with the status link in every one. */
function renderOrderMail(site: Site, order: OrderRow, items: readonly OrderItemRow[], notice: OrderNotice, productOf: DeliveryLookup): RenderedMail {
  const lang = orderLang(order);
  const t = getI18n(lang).getFixedT(lang);
  const id = order.id;
  const statusUrl = orderStatusUrl(site, id, lang);
  const statusLink: MailBlock = { kind: "link", label: t("emails.statusLink"), href: statusUrl };
  let blocks: MailBlock[];
  switch (notice.kind) {
    case "received":
      blocks = [
        { kind: "heading", text: t("emails.received.title", { name: order.name }) },
        ...amountBlocks(t, order, items, t("emails.total")),
        ...(order.channel === "manual"
          ? [{ kind: "paragraph", text: t("emails.received.manual", { id }) } as const, statusLink]
          : [
              { kind: "paragraph", text: t("emails.received.unpaid") } as const,
              { kind: "link", label: t("emails.received.resume"), href: statusUrl } as const,
            ]),
      ];
      break;
    case "paid":
      blocks = [
        { kind: "heading", text: t("emails.paid.title", { name: order.name }) },
        ...amountBlocks(t, order, items, t("emails.charged")),
        ...paidNextSteps(t, order, items, statusUrl, productOf),
        statusLink,
        ...(needsLogin(items, productOf)
          ? [{ kind: "paragraph", text: `${t("emails.paid.loginLink")}: ${site.url}${lang === "en" ? "" : `/${lang}`}/login-required` } as const]
          : []),
      ];
      break;
    case "delivered":
      blocks = [
        { kind: "heading", text: t("emails.delivered.title") },
        { kind: "paragraph", text: t("emails.delivered.text") },
        ...(order.sellerNote ? [{ kind: "paragraph", text: t("emails.delivered.note") } as const, { kind: "quote", text: order.sellerNote } as const] : []),
        { kind: "rows", rows: [[t("emails.orderId"), id], ...itemRows(t, items)] },
        statusLink,
      ];
      break;
    case "refunded":
      blocks = [
        { kind: "heading", text: t("emails.refunded.title") },
        { kind: "paragraph", text: t("emails.refunded.text", { amount: usd(notice.amountCents) }) },
        { kind: "rows", rows: [[t("emails.orderId"), id]] },
        statusLink,
      ];
      break;
    case "partially_refunded":
      blocks = [
        { kind: "heading", text: t("emails.partially_refunded.title") },
        { kind: "paragraph", text: t("emails.partially_refunded.text", { amount: usd(notice.amountCents) }) },
        { kind: "rows", rows: [[t("emails.orderId"), id]] },
        statusLink,
      ];
      break;
    case "cancelled":
      blocks = [
        { kind: "heading", text: t("emails.cancelled.title") },
        { kind: "paragraph", text: t("emails.cancelled.text") },
        { kind: "rows", rows: [[t("emails.orderId"), id]] },
        statusLink,
      ];
      break;
  }
  return renderMail({ lang, subject: t(`emails.${notice.kind}.subject`, { id }), blocks, footer: t("emails.footer", { email: site.shopEmail }) });
}

/**
 * Writes the buyer's mail (and, for a payment, the seller's alerts) into the outbox with `db`:
 * pass the transaction that makes the change, so the notice exists exactly when the change does.
 */
export async function queueOrderNotice(
  db: Executor,
  site: Site,
  which: string | { order: OrderRow; items: readonly OrderItemRow[] },
  notice: OrderNotice,
  now: Date,
): Promise<void> {
  const { order, items } = typeof which === "string" ? await readOrder(db, which) : which;
  if (!order) return;
  // A PayPal order is usually paid within a minute, and its payment is the buyer's first mail: one
  // left unpaid gets the reminder of reminders/unpaid.server.ts (UNPAID_REMINDER_MINUTES) instead.
  if (notice.kind === "received" && order.channel === "paypal") return;
  const orderId = order.id;
  const mail = renderOrderMail(site, order, items, notice, await deliveryLookup(db, items));
  await enqueueMail(db, { ...mail, to: order.email, kind: `order_${notice.kind}`, orderId, lang: order.lang }, now);
  if (notice.kind === "paid") await queueSellerAlerts(db, site, order, items, now);
}

async function readOrder(db: Executor, orderId: string): Promise<{ order: OrderRow | undefined; items: OrderItemRow[] }> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const items = order ? await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)) : [];
  return { order, items };
}

function sellerSummary(order: OrderRow, items: readonly OrderItemRow[]) {
  return {
    items: items.map((i) => `${i.title} × ${i.quantity}${i.isFree ? " (free)" : ""}`).join(", "),
    total: `${usd(order.totalCents)} USD`,
  };
}

/** The seller's alerts for a paid order: an email in the seller account's language (docs/decisions/055) and a Discord message. */
async function queueSellerAlerts(db: Executor, site: Site, order: OrderRow, items: readonly OrderItemRow[], now: Date): Promise<void> {
  const { items: itemText, total } = sellerSummary(order, items);
  const adminUrl = `${site.url}/admin/orders/${order.id}`;
  const lang = await sellerAlertLang(db, site.sellerEmail);
  const t = getI18n(lang).getFixedT(lang, undefined, "emails.sellerPaid");
  const mail = renderMail({
    lang,
    subject: t(order.isGift ? "subjectGift" : "subject", { id: order.id, total }),
    blocks: [
      { kind: "heading", text: t("heading", { id: order.id }) },
      {
        kind: "rows",
        rows: [
          [t("items"), itemText],
          [t("total"), total],
          [t("gift"), order.isGift ? t("yes") : t("no")],
          [t("gameUsername"), order.gameUsername],
          ["Discord", order.communityUsername],
          [t("email"), order.email],
        ],
      },
      { kind: "paragraph", text: t("deliver") },
      { kind: "link", label: t("open"), href: adminUrl },
    ],
    footer: t("footer"),
  });
  await enqueueMail(db, { ...mail, to: site.sellerEmail, replyTo: order.email, kind: "seller_paid_alert", orderId: order.id, lang }, now);
  // The sellers' phones (docs/decisions/053): the order id and "Order paid", nothing more.
  await queueSellerPush(db, "order_paid", order.id, now);
  if (!site.sellerDiscord) return;
  await enqueueDiscord(
    db,
    {
      kind: "seller_paid_alert",
      orderId: order.id,
      summary: `Paid order ${order.id}`,
      body: {
        content: `New paid order **${order.id}** — ${total}`,
        // Buyer-entered names must never ping anyone in the seller's server.
        allowed_mentions: { parse: [] },
        embeds: [
          {
            title: `Order ${order.id}`,
            url: adminUrl,
            fields: [
              { name: "Items", value: itemText.slice(0, 1024) },
              { name: "Total", value: total, inline: true },
              { name: "Gift", value: order.isGift ? "yes" : "no", inline: true },
              { name: "Game username", value: order.gameUsername, inline: true },
              { name: "Discord", value: order.communityUsername, inline: true },
            ],
          },
        ],
      },
    },
    now,
  );
}
