import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ProductSummary } from "~/domain/product";
import { LocalLink, useLang } from "~/components/ui/local-link";
import { AddToCartButton, BuyNowButton } from "./buy-actions";
import { CATEGORY_KEY } from "./labels";
import { Price } from "./price";
import { OutOfStockBadge, ProductBadge } from "./product-badge";
import { RatingStars } from "./rating-stars";

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
    <article
      aria-labelledby={titleId}
      data-testid="product-card"
      data-product-id={product.id}
      className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex gap-4 p-3 sm:flex-col sm:gap-0 sm:p-0">
        <LocalLink
          to={href}
          tabIndex={-1}
          aria-hidden="true"
          className="relative block aspect-square w-28 shrink-0 self-start overflow-hidden rounded-xl bg-slate-100 sm:w-full sm:rounded-none"
        >
          <img
            src={product.images[0] ?? "/products/placeholder.svg"}
            alt={product.title}
            width={400}
            height={400}
            loading="lazy"
            decoding="async"
            className={`h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02] ${product.inStock ? "" : "opacity-60 grayscale"}`}
          />
        </LocalLink>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:gap-2 sm:p-4 sm:pb-0">
          {(product.badge || !product.inStock) && (
            // One set of badges: in the text column on phones, over the artwork from `sm` up.
            <div className="flex flex-wrap gap-1.5 sm:pointer-events-none sm:absolute sm:left-3 sm:top-3 sm:flex-col sm:items-start">{badges}</div>
          )}
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{t(CATEGORY_KEY[product.category])}</p>
          <Heading id={titleId} className="text-base font-bold leading-tight sm:text-lg">
            <LocalLink to={href} className="hover:text-brand-700 focus-visible:text-brand-700">
              {product.title}
            </LocalLink>
          </Heading>
          <p className="line-clamp-2 text-sm text-slate-600">{product.description[lang]}</p>
          <div className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            <RatingStars rating={product.rating} size={14} />
            <span>{t("shop.reviewsCount", { count: product.reviews })}</span>
          </div>
          <div className="pt-1">
            <Price priceCents={product.priceCents} originalPriceCents={product.originalPriceCents} bundleSavingsCents={bundleSavings} />
          </div>
        </div>
      </div>
      <div className="mt-auto grid grid-cols-2 gap-2 p-3 pt-1 sm:p-4 sm:pt-3">
        <AddToCartButton product={product} />
        <BuyNowButton product={product} />
      </div>
    </article>
  );
}
