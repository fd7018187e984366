/**
 * The mails of a problem report (docs/decisions/034): the buyer hears of each of the seller's
 * entries in the order's language (a refund is told by the refund path's own mail); the seller hears
 * of each buyer message by mail and, when configured, on Discord, like a paid order's alert.
 */
import type { TFunction } from "i18next";
import { isLang } from "~/domain/lang-path";
import type { ReportEntryKind, ReportReason } from "~/domain/problem-reports";
import type { Lang } from "~/domain/product";
import { REASON_LABELS } from "~/domain/problem-reports";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
import type { orders } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { enqueueDiscord, enqueueMail } from "../mail/outbox.server";
import { queueSellerPush } from "../push/push.server";
import { sellerAlertLang } from "../seller-auth/sellers.server";
import { renderMail } from "../mail/render.server";
import { orderStatusUrl } from "../orders/links.server";

type Writer = Pick<Db, "insert" | "select">;
type OrderRow = typeof orders.$inferSelect;

/** The anchor of the report panel on the order page. */
export const REPORT_SECTION_ANCHOR = "report";

/** The seller's words for a reason (console, seller mail): English like the console. */
export function reasonLabel(reason: ReportReason): string {
  return REASON_LABELS[reason];
}

function langOf(order: OrderRow): Lang {
  return isLang(order.lang) ? order.lang : "en";
}

/** The buyer's mail for one of the seller's entries (message, re-delivery, closing). */
export function renderBuyerReportMail(site: Site, order: OrderRow, reason: ReportReason, kind: Exclude<ReportEntryKind, "refund">, body: string) {
  const lang = langOf(order);
  const t: TFunction = getI18n(lang).getFixedT(lang);
  const statusUrl = `${orderStatusUrl(site, order.id, lang)}#${REPORT_SECTION_ANCHOR}`;
  return renderMail({
    lang,
    subject: t(`emails.report.${kind}.subject`, { id: order.id }),
    blocks: [
      { kind: "heading", text: t(`emails.report.${kind}.title`) },
      { kind: "paragraph", text: t(`emails.report.${kind}.text`) },
      { kind: "quote", text: body },
      {
        kind: "rows",
        rows: [
          [t("emails.orderId"), order.id],
          [t("emails.report.reason"), t(`emails.report.reasons.${reason}`)],
        ],
      },
      { kind: "link", label: t("emails.report.open"), href: statusUrl },
    ],
    footer: t("emails.footer", { email: site.shopEmail }),
  });
}

export async function queueBuyerReportMail(
  db: Writer,
  site: Site,
  order: OrderRow,
  reason: ReportReason,
  kind: Exclude<ReportEntryKind, "refund">,
  body: string,
  now: Date,
): Promise<void> {
  const mail = renderBuyerReportMail(site, order, reason, kind, body);
  await enqueueMail(db, { ...mail, to: order.email, kind: `report_${kind}`, orderId: order.id, lang: order.lang }, now);
}

/** The seller's alert for a buyer's new report or message: mail (reply-to the buyer) and Discord. */
export async function queueSellerReportAlert(
  db: Writer,
  site: Site,
  order: OrderRow,
  report: { id: number; reason: ReportReason },
  message: string,
  isNew: boolean,
  now: Date,
): Promise<void> {
  const url = `${site.url}/admin/reports/${report.id}`;
  const what = isNew ? `New problem report on order ${order.id}` : `New message on problem report ${report.id} (order ${order.id})`;
  // The mail in the seller account's language (docs/decisions/055); Discord, a shared channel, stays English.
  const lang = await sellerAlertLang(db, site.sellerEmail);
  const t = getI18n(lang).getFixedT(lang, undefined, "emails.sellerReport");
  const reason = lang === "en" ? reasonLabel(report.reason) : getI18n(lang).t(`admin.reasons.${report.reason}`);
  const heading = isNew ? t("newReport", { order: order.id }) : t("newMessage", { report: report.id, order: order.id });
  const mail = renderMail({
    lang,
    subject: `${heading} — ${reason}`,
    blocks: [
      { kind: "heading", text: heading },
      {
        kind: "rows",
        rows: [
          [t("reason"), reason],
          [t("orderStatus"), order.status],
          [t("gameUsername"), order.gameUsername],
          ["Discord", order.communityUsername],
          [t("email"), order.email],
        ],
      },
      { kind: "quote", text: message },
      { kind: "link", label: t("open"), href: url },
    ],
    footer: t("footer"),
  });
  await enqueueMail(db, { ...mail, to: site.sellerEmail, replyTo: order.email, kind: "seller_report_alert", orderId: order.id, lang }, now);
  await queueSellerPush(db, isNew ? "report_opened" : "report_message", order.id, now);
  if (!site.sellerDiscord) return;
  await enqueueDiscord(
    db,
    {
      kind: "seller_report_alert",
      orderId: order.id,
      summary: what,
      body: {
        content: `${what} — ${reasonLabel(report.reason)}`,
        // Buyer-entered text must never ping anyone in the seller's server.
        allowed_mentions: { parse: [] },
        embeds: [{ title: `Report ${report.id}`, url, description: message.slice(0, 2000) }],
      },
    },
    now,
  );
}
