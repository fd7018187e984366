import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/domain/money";
import { useCurrency } from "~/state/currency";

/**
 * Beside a total shown in pounds or euros: the US-dollar amount PayPal actually charges
 * ("≈ 50,59 € — charged $54.99 USD"). Nothing when the shopper already sees dollars.
 */
export function ChargedAmount({ usdCents, className = "text-xs text-slate-600" }: { usdCents: number; className?: string }) {
  const { t } = useTranslation();
  const { currency, format } = useCurrency();
  if (currency === "USD") return null;
  return (
    <p className={className} data-testid="charged-amount">
      {t("shop.chargedUsd", { display: format(usdCents), usd: formatMoney(usdCents, "USD") })}
    </p>
  );
}
