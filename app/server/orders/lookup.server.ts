import { eq } from "drizzle-orm";
import { isLang } from "~/domain/lang-path";
import type { OrderLookup } from "~/domain/validation";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
import { orders } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { enqueueMail } from "../mail/outbox.server";
import { renderMail } from "../mail/render.server";
import { orderStatusUrl } from "./links.server";
import { hit, type RateLimitRule } from "../platform/rate-limit.server";

/** However many people ask, one order's buyer gets at most this many link mails an hour. */
export const LOOKUP_MAILS_PER_ORDER: RateLimitRule = { bucket: "lookup_mail", limit: 3, windowMs: 60 * 60_000 };

/**
 * The order lookup (/order): when the id and the email (any case) match an order, its status link
 * is mailed to the order's address in the order's language. Returns nothing on purpose: the
 * caller answers the same whether or not anything was sent, so the form tells no one whether an
 * order exists or which address placed it.
 */
export async function mailOrderLink(db: Db, site: Site, lookup: Pick<OrderLookup, "orderId" | "email">, now: Date): Promise<void> {
  const [order] = await db.select({ id: orders.id, email: orders.email, lang: orders.lang }).from(orders).where(eq(orders.id, lookup.orderId));
  if (!order || order.email.trim().toLowerCase() !== lookup.email.trim().toLowerCase()) return;
  if (!(await hit(db, LOOKUP_MAILS_PER_ORDER, order.id, now)).allowed) return;
  const lang = isLang(order.lang) ? order.lang : "en";
  const t = getI18n(lang).getFixedT(lang);
  const mail = renderMail({
    lang,
    subject: t("emails.lookup.subject", { id: order.id }),
    blocks: [
      { kind: "heading", text: t("emails.lookup.title") },
      { kind: "paragraph", text: t("emails.lookup.text", { id: order.id }) },
      { kind: "link", label: t("emails.statusLink"), href: orderStatusUrl(site, order.id, lang) },
    ],
    footer: t("emails.footer", { email: site.shopEmail }),
  });
  await enqueueMail(db, { ...mail, to: order.email, kind: "order_lookup", orderId: order.id, lang }, now);
}
