import { useId } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { ProductSummary } from "~/domain/product";
import { LocalLink } from "~/components/ui/local-link";
import { useLang } from "~/state/lang";
import { AddToCartButton, BuyNowButton, SendAsGiftLink } from "./buy-actions";
import { CATEGORY_KEY } from "./labels";
import { Price } from "./price";
import { OutOfStockBadge, ProductBadge } from "./product-badge";
import { RatingStars } from "./rating-stars";
import { ProductPicture } from "./product-picture";
import { altText, CARD_SIZES } from "~/domain/product-media";

/**
 * One product in a grid: artwork, badges, texts in the page language, rating, price, buy buttons.
 * Phones get a compact row (artwork beside the text) so a grid of 16 stays easy to scroll.
 */
export function ProductCard({
  product,
  headingLevel = 3,
  bundleSavings = null,
}: {
  product: ProductSummary;
  headingLevel?: 2 | 3 | 4;
  /** Bundles: saving against buying the items separately (from the page's loader); null for other products. */
  bundleSavings?: number | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const href = `/product/${encodeURIComponent(product.id)}`;
  const Heading = `h${headingLevel}` as const;
  const badges = (
    <>
      {product.badge && <ProductBadge badge={product.badge} />}
      {!product.inStock && <OutOfStockBadge />}
    </>
  );
  return (
    <article aria-labelledby={titleId} data-testid="product-card" data-product-id={product.id} className="pc">
      <div className="pc-body">
        <LocalLink to={href} tabIndex={-1} aria-hidden="true" className="pc-media">
          {product.cover ? (
            <ProductPicture
              image={product.cover.image}
              base={product.cover.base}
              sizes={CARD_SIZES}
              alt={altText(product.cover.alt, lang, product.title)}
              loading="lazy"
              decoding="async"
              className={product.inStock ? "pc-img" : "pc-img opacity-60 grayscale"}
            />
          ) : (
            <img
              src={product.images[0] ?? "/products/placeholder.svg"}
              alt={product.title}
              width={400}
              height={400}
              loading="lazy"
              decoding="async"
              className={product.inStock ? "pc-img" : "pc-img opacity-60 grayscale"}
            />
          )}
        </LocalLink>
        <div className="pc-text">
          {(product.badge || !product.inStock) && (
            // One set of badges: in the text column on phones, over the artwork from `sm` up.
            <div className="pc-badges">{badges}</div>
          )}
          <p className="pc-kind">{t(CATEGORY_KEY[product.category])}</p>
          <Heading id={titleId} className="pc-title">
            <LocalLink to={href} className="pc-link">
              {product.title}
            </LocalLink>
          </Heading>
          <p className="pc-desc">{product.description[lang]}</p>
          <div className="pc-rating">
            <RatingStars rating={product.rating} size={14} />
            <span>{t("shop.reviewsCount", { count: product.reviews })}</span>
          </div>
          <Price className="pt-1" priceCents={product.priceCents} originalPriceCents={product.originalPriceCents} bundleSavingsCents={bundleSavings} />
        </div>
      </div>
      <div className="pc-actions">
        <AddToCartButton product={product} />
        <BuyNowButton product={product} />
        <SendAsGiftLink product={product} className="col-span-2 text-brand-700" />
      </div>
    </article>
  );
}
