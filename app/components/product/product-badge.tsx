import { useTranslation } from "~/i18n/use-translation";
import type { Badge } from "~/domain/product";
import { BADGE_KEY } from "./labels";

export function ProductBadge({ badge, compact = false }: { badge: Badge; compact?: boolean }) {
  const { t } = useTranslation();
  return <span className={compact ? "badge badge-sm" : "badge"}>{t(BADGE_KEY[badge])}</span>;
}

export function OutOfStockBadge({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return <span className={className ? `badge bg-slate-800 ${className}` : "badge bg-slate-800"}>{t("shop.outOfStock")}</span>;
}
