import { MessageCircle, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cartTotals } from "~/domain/cart";
import { usePublicConfig } from "~/state/storefront-data";
import { useCart } from "~/state/cart";
import { useCoupon } from "~/state/coupon";
import { useCurrency } from "~/state/currency";

/**
 * Ordering by hand (SPEC §7): the WhatsApp message lists items with quantities, subtotal, discount
 * and total, plus the order id and gift username when the order is already saved.
 */
export function ManualOrderLinks({ orderId, giftUsername }: { orderId?: string; giftUsername?: string }) {
  const { t } = useTranslation();
  const links = usePublicConfig()?.links;
  const { items } = useCart();
  const { applied, totals } = useCoupon();
  const { format } = useCurrency();
  if (!links) return null;
  const lines = [
    t("checkout.messageIntro"),
    ...items.map((item) => `• ${item.title} × ${item.quantity} — ${format(cartTotals([item]).subtotalCents)}`),
    ...(applied?.freeProduct ? [`• ${t("shop.coupon.freeItem", { title: applied.freeProduct.title })}`] : []),
    t("checkout.messageSubtotal", { amount: format(totals.subtotalCents) }),
    ...(totals.discountCents > 0 ? [t("checkout.messageDiscount", { amount: format(totals.discountCents) })] : []),
    t("checkout.messageTotal", { amount: format(totals.finalTotalCents) }),
    ...(orderId ? [t("checkout.messageOrderId", { id: orderId })] : []),
    ...(giftUsername ? [t("checkout.messageGift", { username: giftUsername })] : []),
  ];
  const whatsapp = `${links.whatsapp}?text=${encodeURIComponent(lines.join("\n"))}`;
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <a
        href={whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800"
      >
        <MessageCircle aria-hidden="true" className="h-5 w-5" />
        {t("checkout.whatsapp")}
      </a>
      <a
        href={links.discord}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg bg-indigo-700 px-4 py-2.5 font-semibold text-white hover:bg-indigo-800"
      >
        <Users aria-hidden="true" className="h-5 w-5" />
        {t("checkout.discord")}
      </a>
    </div>
  );
}
