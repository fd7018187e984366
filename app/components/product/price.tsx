import { useTranslation } from "react-i18next";
import { showsVatIncluded } from "~/domain/money";
import { useCurrency } from "~/state/currency";
import { shownSaving } from "~/domain/pricing";

interface PriceProps {
  priceCents: number;
  originalPriceCents: number;
  /** "lg" on the product page, "md" on cards. */
  size?: "md" | "lg";
  /** Bundles: saving against buying the items separately (from the loader); null for other products. */
  bundleSavingsCents?: number | null;
}

/** Current price in the display currency, its one saving (struck original price, or a bundle's against its items) and the EUR VAT note. */
export function Price({ priceCents, originalPriceCents, size = "md", bundleSavingsCents = null }: PriceProps) {
  const { t } = useTranslation();
  const { currency, format } = useCurrency();
  const saving = shownSaving({ priceCents, originalPriceCents }, bundleSavingsCents);
  return (
    <div className="price">
      <div className="price-row">
        <span className="sr-only">{t("shop.price")}</span>
        <span className={size === "lg" ? "text-3xl font-extrabold text-slate-900" : "text-xl font-bold text-slate-900"} data-testid="price">
          {format(priceCents)}
        </span>
        {saving.against === "original" && saving.cents > 0 && (
          <>
            <span className="sr-only">{t("shop.originalPrice")}</span>
            <s className={size === "lg" ? "text-lg text-slate-500" : "text-sm text-slate-500"}>{format(originalPriceCents)}</s>
            <span className="price-save">
              {t("shop.save", { amount: format(saving.cents) })}
            </span>
          </>
        )}
      </div>
      {saving.against === "separately" && saving.cents > 0 && (
        <p className={`${size === "lg" ? "text-sm" : "text-xs"} font-semibold text-emerald-800`}>{t("catalogue.bundleSavings", { amount: format(saving.cents) })}</p>
      )}
      {showsVatIncluded(currency) && <p className="text-xs text-slate-600">{t("shop.vatIncluded")}</p>}
    </div>
  );
}
