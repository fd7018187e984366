import { useTranslation } from "react-i18next";
import type { ProductSummary } from "~/domain/product";
import { LocalLink } from "~/components/ui/local-link";
import { useCurrency } from "~/state/currency";
import { CATEGORY_KEY } from "./labels";
import { ProductBadge } from "./product-badge";
import { RatingStars } from "./rating-stars";

/** Compact link to a product (featured row): artwork, badge, title, rating, price. */
export function ProductTile({ product }: { product: ProductSummary }) {
  const { t } = useTranslation();
  const { format } = useCurrency();
  return (
    <LocalLink
      to={`/product/${encodeURIComponent(product.id)}`}
      className="group tile"
      data-testid="product-tile"
    >
      <img src={product.images[0] ?? "/products/placeholder.svg"} alt="" width={96} height={96} loading="lazy" className="h-24 w-24 shrink-0 rounded-xl object-cover" />
      <span className="flex min-w-0 flex-1 flex-col items-start gap-1">
        {product.badge && <ProductBadge badge={product.badge} compact />}
        <span className="w-full truncate font-bold group-hover:text-brand-700">{product.title}</span>
        <span className="text-xs text-slate-600">{t(CATEGORY_KEY[product.category])}</span>
        <RatingStars rating={product.rating} size={13} />
        <span className="font-bold">{format(product.priceCents)}</span>
      </span>
    </LocalLink>
  );
}
