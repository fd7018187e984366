import { ArrowLeft, Clock } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { data, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/product";
import { inlineTranslations, translationsFor } from "~/i18n/resources.server";
import { pageSummary, productForPage } from "~/catalogue/summaries";
import { useErrorTranslations } from "~/i18n/use-error-translations";
import { CardPurchaseBox } from "~/components/product/card-purchase-box";
import type { Product } from "~/domain/product";
import { pageMeta, productImageMeta } from "~/seo";
import { readCatalogue } from "~/server/catalogue/cache.server";
import { isSignedInSeller } from "~/server/seller-auth/guard.server";
import type { PublicReview } from "~/domain/api/reviews";
import { cachedPublishedReviews } from "~/server/catalogue/reviews.server";
import { bundleView, type BundleView } from "~/server/catalogue/views.server";
import { isGiftingProduct } from "~/domain/gifts";
import { splitLangFromPath } from "~/domain/lang-path";
import { ErrorMessage, isNotFound } from "~/components/layout/error-page";
import { NotFound } from "~/components/layout/not-found";
import { Button } from "~/components/ui/button";
import { LocalLink, useLocalize } from "~/components/ui/local-link";
import { useLang } from "~/state/lang";
import { AddToCartButton, BuyNowButton, SendAsGiftLink } from "~/components/product/buy-actions";
import { CouponBox } from "~/components/product/coupon-box";
import { canGoBack } from "~/components/product/go-back";
import { CATEGORY_KEY, TYPE_KEY } from "~/components/product/labels";
import { Price } from "~/components/product/price";
import { OutOfStockBadge, ProductBadge } from "~/components/product/product-badge";
import { BackInStockForm } from "~/components/product/back-in-stock-form";
import { BundleContents, CategoryDescription, FeatureList, ProductAttributes, TrustIcons, WhatsAppButton } from "~/components/product/product-details";
import { ProductJsonLd } from "~/components/product/product-json-ld";
import { ProductMedia } from "~/components/product/product-media";
import { ProductReviews } from "~/components/product/product-reviews";
import { RatingStars } from "~/components/product/rating-stars";
import { usePublicConfig } from "~/state/storefront-data";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const catalogue = await readCatalogue(context.services.db);
  const product = catalogue.product(params.id);
  const areas = ["cart", "catalogue", "product", "meta.product"] as const;
  // The not-found page below speaks this page's area: its strings themselves travel with the 404.
  const notFound = () => data({ translations: inlineTranslations(params.lang, areas) }, { status: 404 });
  // Archived products are not in the catalogue's products at all; a draft (unlisted) shows only to a
  // signed-in seller, the session read only for drafts so listed pages cost no database read.
  if (!product) throw notFound();
  const preview = !product.listed;
  if (preview && !(await isSignedInSeller(request, context.services))) throw notFound();
  const translations = translationsFor({ params, context }, areas);
  const { lang } = splitLangFromPath(new URL(request.url).pathname);
  const reviews = await cachedPublishedReviews(context.services.db, catalogue, product.id);
  const bundle = bundleView(product, catalogue.products);
  const page = {
    product: productForPage(product, lang),
    // Its summary for the cart (docs/decisions/024).
    products: [pageSummary(product, lang)],
    lang,
    isGift: isGiftingProduct(product),
    bundle,
    reviews,
    translations,
    preview,
  };
  // A seller's preview must never be stored by the render cache and served to the public.
  return data(page, preview ? { headers: { [PREVIEW_HEADER]: "1" } } : undefined);
}

const PREVIEW_HEADER = "X-Draft-Preview";

export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs): HeadersInit {
  if (!loaderHeaders.has(PREVIEW_HEADER)) return parentHeaders;
  return { "Cache-Control": "private, no-store", Vary: "Cookie, Accept-Language" };
}

export const meta: Route.MetaFunction = (args) =>
  args.data
    ? [
        ...pageMeta(
          args,
          "product",
          {
            title: args.data.product.title,
            category: args.data.product.category,
            description: args.data.product.description[args.data.lang],
          },
          {
            title: args.data.product.seoTitle[args.data.lang],
            description: args.data.product.seoDescription[args.data.lang],
          },
        ),
        ...(args.data.preview ? [{ name: "robots", content: "noindex" }] : []),
        ...productImageMeta(args, args.data.product),
      ]
    : [...pageMeta(args, "productNotFound"), { name: "robots", content: "noindex" }];

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  // A new product is a new page: gallery, video and review form start afresh.
  const { product, isGift, bundle, reviews } = loaderData;
  return <ProductView key={product.id} product={product} isGift={isGift} bundle={bundle} reviews={reviews} />;
}

function ProductView({ product, isGift, bundle, reviews }: { product: Product; isGift: boolean; bundle: BundleView | null; reviews: PublicReview[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const discord = usePublicConfig()?.links.discord ?? null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <nav aria-label={t("product.breadcrumb")}>
        <LocalLink to="/" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900">
          <ArrowLeft size={16} aria-hidden="true" />
          {t("product.backToShop")}
        </LocalLink>
      </nav>

      <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="lg:sticky lg:top-6 lg:self-start">
          <ProductMedia product={product} />
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-wrap items-center gap-2">
            {product.badge && <ProductBadge badge={product.badge} />}
            {!product.inStock && <OutOfStockBadge />}
            <span className="rounded-full border border-brand-100 bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-900">
              {t(CATEGORY_KEY[product.category])}
            </span>
            <span className="rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs font-semibold text-slate-700">{t(TYPE_KEY[product.type])}</span>
          </div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{product.title}</h1>
          <a href="#reviews" className="flex w-fit items-center gap-2 text-sm text-slate-700 hover:text-brand-700">
            <RatingStars rating={product.rating} size={18} />
            <span className="font-semibold">{product.rating.toFixed(1)}</span>
            <span>({t("shop.reviewsCount", { count: product.reviews })})</span>
          </a>
          <p className="text-slate-700">{product.description[lang]}</p>
          <Price priceCents={product.priceCents} originalPriceCents={product.originalPriceCents} size="lg" bundleSavingsCents={bundle?.savingsCents ?? null} />
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Clock size={16} className="shrink-0 text-brand-700" aria-hidden="true" />
            {product.trackingInfo[lang]}
          </p>

          {!product.inStock && (
            <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
              <div role="status">
                <p className="font-semibold">{t("shop.outOfStock")}</p>
                <p className="mt-1">{t("shop.outOfStockNotice")}</p>
                {discord && (
                  <a href={discord} target="_blank" rel="noopener noreferrer" className="mt-2 inline-block font-semibold underline underline-offset-4">
                    {t("product.joinDiscord")}
                  </a>
                )}
              </div>
              {product.listed && <BackInStockForm productId={product.id} />}
            </div>
          )}

          <div className="grid grid-cols-2 gap-3">
            <AddToCartButton product={product} className="min-h-12" />
            <BuyNowButton product={product} disableWhenOutOfStock className="min-h-12" />
          </div>
          <SendAsGiftLink product={product} className="min-h-12 w-full border border-brand-200 text-brand-700" />
          <WhatsAppButton product={product} />
          <CardPurchaseBox product={product} />
          <TrustIcons />
          <section aria-labelledby="coupon-title" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="coupon-title" className="text-lg font-bold">
              {t("product.coupon.title")}
            </h2>
            <div className="mt-3">
              <CouponBox hint={t("product.coupon.hint")} />
            </div>
          </section>
        </div>
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-10 lg:col-span-2">
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="text-xl font-bold">
              {t("product.description")}
            </h2>
            <p className="mt-3 leading-relaxed text-slate-800">{product.fullDescription[lang]}</p>
          </section>
          <FeatureList product={product} />
          {bundle && <BundleContents items={bundle.items} savingsCents={bundle.savingsCents} />}
          <ProductAttributes product={product} />
        </div>
        <aside className="lg:col-span-1">
          <CategoryDescription product={product} isGift={isGift} />
        </aside>
      </div>

      <div className="mt-14">
        <ProductReviews productId={product.id} stored={reviews} />
      </div>
      <ProductJsonLd product={product} description={product.description[lang]} path={pathname} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useErrorTranslations(error);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalize();
  if (!isNotFound(error)) return <ErrorMessage error={error} />;
  const goBack = () => {
    const back = canGoBack({
      // React Router numbers its history entries: idx > 0 means an earlier page of this visit.
      historyIdx: (window.history.state as { idx?: unknown } | null)?.idx,
      historyLength: window.history.length,
      referrer: document.referrer,
      origin: window.location.origin,
    });
    if (back) void navigate(-1);
    else void navigate(localize("/"));
  };
  return (
    <NotFound title={t("product.notFound.title")} text={t("product.notFound.text")}>
      <Button onClick={goBack}>
        <ArrowLeft size={16} aria-hidden="true" />
        {t("product.notFound.goBack")}
      </Button>
    </NotFound>
  );
}
