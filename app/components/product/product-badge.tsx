import { useTranslation } from "react-i18next";
import type { Badge } from "~/domain/product";
import { BADGE_KEY } from "./labels";

export function ProductBadge({ badge, compact = false }: { badge: Badge; compact?: boolean }) {
  const { t } = useTranslation();
  const size = compact ? "px-2 py-0.5 text-[11px]" : "px-2.5 py-1 text-xs";
  return (
    <span className={`badge bg-brand-600 ${size}`}>
      {t(BADGE_KEY[badge])}
    </span>
  );
}

export function OutOfStockBadge({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={className ? `badge bg-slate-800 px-2.5 py-1 text-xs ${className}` : "badge bg-slate-800 px-2.5 py-1 text-xs"}>
      {t("shop.outOfStock")}
    </span>
  );
}
