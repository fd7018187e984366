import { useTranslation } from "~/i18n/use-translation";
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
  /** Spacing from the caller (cards: pt-1). */
  className?: string;
}

/** Current price in the display currency, its one saving (struck original price, or a bundle's against its items) and the EUR VAT note. */
export function Price({ priceCents, originalPriceCents, size = "md", bundleSavingsCents = null, className }: PriceProps) {
  const { t } = useTranslation();
  const { currency, format } = useCurrency();
  const saving = shownSaving({ priceCents, originalPriceCents }, bundleSavingsCents);
  return (
    <div className={className ? `price ${className}` : "price"}>
      <div className="price-row">
        <span className="sr-only">{t("shop.price")}</span>
        <span className={size === "lg" ? "price-now-lg" : "price-now"} data-testid="price">
          {format(priceCents)}
        </span>
        {saving.against === "original" && saving.cents > 0 && (
          <>
            <span className="sr-only">{t("shop.originalPrice")}</span>
            <s className={size === "lg" ? "price-was-lg" : "price-was"}>{format(originalPriceCents)}</s>
            <span className="price-save">{t("shop.save", { amount: format(saving.cents) })}</span>
          </>
        )}
      </div>
      {saving.against === "separately" && saving.cents > 0 && (
        <p className={`${size === "lg" ? "text-sm" : "text-xs"} font-semibold text-emerald-800`}>
          {t("catalogue.bundleSavings", { amount: format(saving.cents) })}
        </p>
      )}
      {showsVatIncluded(currency) && <p className="text-xs text-slate-600">{t("shop.vatIncluded")}</p>}
    </div>
  );
}
