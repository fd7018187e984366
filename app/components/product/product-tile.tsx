import { useTranslation } from "~/i18n/use-translation";
import type { ProductSummary } from "~/domain/product";
import { LocalLink } from "~/components/ui/local-link";
import { useCurrency } from "~/state/currency";
import { CATEGORY_KEY } from "./labels";
import { ProductBadge } from "./product-badge";
import { RatingStars } from "./rating-stars";
import { ProductPicture } from "./product-picture";

/** Compact link to a product (featured row): artwork, badge, title, rating, price. */
export function ProductTile({ product }: { product: ProductSummary }) {
  const { t } = useTranslation();
  const { format } = useCurrency();
  return (
    <LocalLink to={`/product/${encodeURIComponent(product.id)}`} className="tile" data-testid="product-tile">
      {product.cover ? (
        <ProductPicture image={product.cover.image} base={product.cover.base} sizes="96px" alt="" loading="lazy" className="tile-img" />
      ) : (
        <img src={product.images[0] ?? "/products/placeholder.svg"} alt="" width={96} height={96} loading="lazy" className="tile-img" />
      )}
      <span className="tile-text">
        {product.badge && <ProductBadge badge={product.badge} compact />}
        <span className="tile-title">{product.title}</span>
        <span className="tile-kind">{t(CATEGORY_KEY[product.category])}</span>
        <RatingStars rating={product.rating} size={13} />
        <span className="font-bold">{format(product.priceCents)}</span>
      </span>
    </LocalLink>
  );
}
