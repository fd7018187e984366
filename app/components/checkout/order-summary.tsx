import { thumbnailOf } from "~/domain/product-media";
import { useTranslation } from "~/i18n/use-translation";
import { ChargedAmount } from "./charged-amount";
import { cartTotals, type CartItem } from "~/domain/cart";
import { LocalLink } from "~/components/ui/local-link";
import { useCart } from "~/state/cart";
import { useCoupon } from "~/state/coupon";
import { useCurrency } from "~/state/currency";

/**
 * What will be ordered: the cart with its coupon, or `only` these items (a gift: that product
 * alone, no coupon); totals in the display currency and the USD charge.
 */
export function OrderSummary({ only }: { only?: CartItem[] }) {
  const { t } = useTranslation();
  const cart = useCart();
  const coupon = useCoupon();
  const { format } = useCurrency();
  const items = only ?? cart.items;
  const applied = only ? null : coupon.applied;
  const totals = only ? cartTotals(only) : coupon.totals;
  return (
    <section aria-labelledby="summary-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between">
        <h2 id="summary-title" className="text-lg font-bold">
          {t("checkout.summary")}
        </h2>
        <LocalLink to="/cart" className="text-sm font-semibold text-brand-700 underline">
          {t("checkout.editCart")}
        </LocalLink>
      </div>
      <ul className="mt-4 divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-3">
            <img src={item.image} alt="" width={48} height={48} className="h-12 w-12 rounded-lg bg-slate-100" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{item.title}</p>
              <p className="text-sm text-slate-600">{t("checkout.quantityTimes", { quantity: item.quantity })}</p>
            </div>
            <p className="font-semibold">{format(cartTotals([item]).subtotalCents)}</p>
          </li>
        ))}
        {applied?.freeProduct && (
          <li className="flex items-center gap-3 py-3" data-testid="free-item">
            <img src={thumbnailOf(applied.freeProduct)} alt="" width={48} height={48} className="h-12 w-12 rounded-lg bg-slate-100" />
            <p className="min-w-0 flex-1 truncate font-semibold">{t("shop.coupon.freeItem", { title: applied.freeProduct.title })}</p>
            <p className="font-semibold text-emerald-700">{t("shop.coupon.free")}</p>
          </li>
        )}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt>{t("checkout.subtotal")}</dt>
          <dd>{format(totals.subtotalCents)}</dd>
        </div>
        {applied && applied.type !== "free_product" && (
          <div className="flex justify-between text-emerald-700">
            <dt>{t("checkout.discount", { code: applied.code })}</dt>
            <dd>−{format(totals.discountCents)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>{t("checkout.shipping")}</dt>
          <dd>{t("checkout.free")}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
          <dt>{t("checkout.total")}</dt>
          <dd data-testid="checkout-total">{format(totals.finalTotalCents)}</dd>
        </div>
      </dl>
      <ChargedAmount usdCents={totals.finalTotalCents} className="mt-3 text-xs text-slate-600" />
    </section>
  );
}
