import { ArrowRight } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { formatPrice, showsVatIncluded } from "~/domain/money";
import { Button } from "~/components/ui/button";
import { useLocalize } from "~/components/ui/local-link";
import { useCoupon } from "~/state/coupon";
import { useCurrency } from "~/state/currency";

/** Subtotal, discount (not for free-product coupons), free item, shipping (always free), total. */
export function CartSummary() {
  const { t } = useTranslation();
  const { applied, totals } = useCoupon();
  const { currency, format } = useCurrency();
  const navigate = useNavigate();
  const localize = useLocalize();
  const freeProduct = applied?.type === "free_product" ? applied.freeProduct : null;

  const checkout = () => {
    toast.success(t("shop.toast.proceeding"));
    void navigate(localize("/checkout"));
  };

  return (
    <section aria-labelledby="summary-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="summary-title" className="text-lg font-bold">
        {t("cart.summary.title")}
      </h2>
      <dl className="mt-4 flex flex-col gap-3 text-sm" data-testid="cart-summary">
        <Row label={t("cart.summary.subtotal")} value={format(totals.subtotalCents)} testId="summary-subtotal" />
        {applied?.type !== "free_product" && (
          <Row
            label={t("cart.summary.discount")}
            value={totals.discountCents > 0 ? t("cart.summary.minus", { amount: format(totals.discountCents) }) : format(0)}
            testId="summary-discount"
            valueClass={totals.discountCents > 0 ? "text-emerald-800" : ""}
          />
        )}
        {freeProduct && (
          <Row
            label={t("shop.coupon.freeItem", { title: freeProduct.title })}
            value={t("shop.coupon.free")}
            testId="summary-free"
            valueClass="text-emerald-800"
          />
        )}
        <Row label={t("cart.summary.shipping")} value={t("cart.summary.free")} testId="summary-shipping" />
        <Row label={t("cart.summary.total")} value={format(totals.finalTotalCents)} testId="summary-total" strong />
      </dl>
      {showsVatIncluded(currency) && <p className="mt-3 text-xs text-slate-600">{t("shop.vatIncluded")}</p>}
      {currency !== "USD" && (
        <p className="mt-3 text-xs text-slate-600">{t("cart.summary.chargedInUsd", { amount: formatPrice(totals.finalTotalCents, "USD") })}</p>
      )}
      <Button size="lg" onClick={checkout} className="mt-5 w-full">
        {t("cart.summary.checkout")}
        <ArrowRight size={18} aria-hidden="true" />
      </Button>
    </section>
  );
}

function Row({
  label,
  value,
  testId,
  strong = false,
  valueClass = "",
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
  valueClass?: string;
}) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? "border-t border-slate-200 pt-3 text-base font-bold" : ""}`} data-testid={testId}>
      <dt className={strong ? "" : "text-slate-700"}>{label}</dt>
      <dd className={`text-right font-semibold ${valueClass}`}>{value}</dd>
    </div>
  );
}
