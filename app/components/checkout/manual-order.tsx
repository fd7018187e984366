import { useTranslation } from "~/i18n/use-translation";
import type { TFunction } from "i18next";
import type { CreatedOrderSummary } from "~/domain/api/orders";
import { cartTotals, lineTotalCents } from "~/domain/cart";
import { formatMoney } from "~/domain/money";
import { ChannelLink } from "~/components/ui/channel-link";
import { usePublicConfig } from "~/state/storefront-data";
import { useCart } from "~/state/cart";
import { useCoupon } from "~/state/coupon";
import { useCurrency } from "~/state/currency";

const usd = (cents: number) => formatMoney(cents, "USD");

/**
 * The message for a stored order: what the server priced and will be paid (US dollars), never
 * the browser's cart, plus the estimate the shopper saw in their currency.
 */
function storedOrderMessage(t: TFunction, order: CreatedOrderSummary, estimate: string | null): string[] {
  return [
    t("checkout.messageIntro"),
    ...order.items.map((item) =>
      item.isFree
        ? `• ${t("checkout.payment.messageFree", { title: item.title, code: order.couponCode ?? "" })}`
        : `• ${item.title} × ${item.quantity} — ${usd(lineTotalCents(item))}`,
    ),
    t("checkout.messageSubtotal", { amount: usd(order.subtotalCents) }),
    ...(order.discountCents > 0 ? [t("checkout.messageDiscount", { amount: usd(order.discountCents) })] : []),
    t("checkout.payment.messageTotalCharged", { amount: usd(order.totalCents) }),
    ...(estimate ? [t("checkout.payment.messageEstimate", { amount: estimate })] : []),
    t("checkout.messageOrderId", { id: order.id }),
  ];
}

/**
 * Ordering by hand (SPEC §7) on WhatsApp or Discord. Once an order is stored, the WhatsApp
 * message is built from it (id, items, totals charged); before that, from the cart.
 */
export function ManualOrderLinks({ order, giftUsername }: { order?: CreatedOrderSummary; giftUsername?: string }) {
  const { t } = useTranslation();
  const links = usePublicConfig()?.links;
  const { items } = useCart();
  const { applied, totals } = useCoupon();
  const { format, currency } = useCurrency();
  if (!links) return null;
  const lines = order
    ? storedOrderMessage(t, order, currency === "USD" ? null : format(order.totalCents))
    : [
        t("checkout.messageIntro"),
        ...items.map((item) => `• ${item.title} × ${item.quantity} — ${format(cartTotals([item]).subtotalCents)}`),
        ...(applied?.freeProduct ? [`• ${t("shop.coupon.freeItem", { title: applied.freeProduct.title })}`] : []),
        t("checkout.messageSubtotal", { amount: format(totals.subtotalCents) }),
        ...(totals.discountCents > 0 ? [t("checkout.messageDiscount", { amount: format(totals.discountCents) })] : []),
        t("checkout.messageTotal", { amount: format(totals.finalTotalCents) }),
      ];
  if (giftUsername) lines.push(t("checkout.messageGift", { username: giftUsername }));
  const whatsapp = `${links.whatsapp}?text=${encodeURIComponent(lines.join("\n"))}`;
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <ChannelLink channel="whatsapp" href={whatsapp} className="flex-1 px-4 text-base">
        {t("checkout.whatsapp")}
      </ChannelLink>
      <ChannelLink channel="discord" href={links.discord} className="flex-1 px-4 text-base">
        {t("checkout.discord")}
      </ChannelLink>
    </div>
  );
}
