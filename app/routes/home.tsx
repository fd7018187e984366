import { ArrowRight, BadgeCheck, InfinityIcon, MessageCircle, ShoppingBag, Users, Zap } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/home";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { ProductGrid } from "~/components/product/product-grid";
import { ProductTile } from "~/components/product/product-tile";
import { RatingStars } from "~/components/product/rating-stars";
import { ReviewWidget } from "~/components/product/review-widget";
import { listingData, type ListingData } from "~/server/catalogue/views.server";
import { listingIds } from "~/catalogue/summaries";
import { pageSummaries } from "~/server/catalogue/summaries.server";
import { useProductsByIds } from "~/components/product/use-catalogue";
import { useProductLookup } from "~/state/products";
import { LocalLink } from "~/components/ui/local-link";
import { usePublicConfig, useStorefrontData } from "~/state/storefront-data";

export async function loader({ params, context }: Route.LoaderArgs) {
  const listing = await listingData(context.services.db, ["triggers", "rooms", "bundles"], { featured: true });
  return {
    ...listing,
    products: await pageSummaries(context.services.db, listingIds(listing, ...TESTIMONIALS.map((r) => r.productId)), params.lang),
    translations: translationsFor({ params, context }, ["catalogue", "home", "meta.home"]),
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "home");

/** Category cards (SPEC §2): artwork is a product of that category. */
const CATEGORY_CARDS = [
  { key: "permanent", to: "/triggers/permanent", image: "/products/1.svg" },
  { key: "gift", to: "/triggers/gift", image: "/products/king-kong-ultra-gift.svg" },
  { key: "rooms", to: "/rooms/permanent", image: "/products/6.svg" },
] as const;

/** Static testimonials: texts in locales/home.json, the product named comes from the catalogue. */
const TESTIMONIALS = [
  { key: "r1", productId: "1", rating: 5 },
  { key: "r2", productId: "king-kong-ultra-gift", rating: 5 },
  { key: "r3", productId: "venom-firsty-bundle", rating: 5 },
  { key: "r4", productId: "2", rating: 5 },
] as const;

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <TrustPoints />
      <Intro />
      <ShopByCategory />
      <Featured ids={loaderData.featured} />
      <AllProducts data={loaderData} />
      <CustomerReviews />
    </>
  );
}

function Hero() {
  const { t } = useTranslation();
  const discord = usePublicConfig()?.links.discord ?? null;
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold">
          <BadgeCheck size={16} aria-hidden="true" />
          {t("home.hero.eyebrow")}
        </p>
        <h1 id="hero-title" className="mt-5 max-w-3xl text-4xl font-black leading-tight tracking-tight sm:text-5xl">
          {t("home.hero.title")}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-brand-50">{t("home.hero.text")}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <a
            href="#products"
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-white px-6 font-bold text-brand-900 shadow hover:bg-brand-50"
          >
            <ShoppingBag size={18} aria-hidden="true" />
            {t("home.hero.shopNow")}
          </a>
          <a
            href="#products"
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 border-white/80 px-6 font-bold text-white hover:bg-white/10"
          >
            {t("home.hero.viewCatalog")}
            <ArrowRight size={18} aria-hidden="true" />
          </a>
        </div>
        {discord && (
          <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <a
              href={discord}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 w-fit items-center gap-2 rounded-lg bg-[#4752c4] px-5 font-semibold text-white hover:bg-[#3c45a5]"
            >
              <MessageCircle size={18} aria-hidden="true" />
              {t("home.hero.community")}
            </a>
            <p className="text-sm text-brand-50">{t("home.hero.communityNote")}</p>
          </div>
        )}
      </div>
    </section>
  );
}

function TrustPoints() {
  const { t } = useTranslation();
  const points = [
    { key: "delivery", icon: Zap },
    { key: "permanent", icon: InfinityIcon },
    { key: "experience", icon: Users },
  ] as const;
  return (
    <section aria-labelledby="trust-title" className="border-b border-slate-200 bg-white">
      <h2 id="trust-title" className="sr-only">
        {t("home.trust.title")}
      </h2>
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        {points.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-start gap-3">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon size={22} aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-bold">{t(`home.trust.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`home.trust.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Intro() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="intro-title" className="mx-auto max-w-3xl px-4 pt-14 text-center">
      <h2 id="intro-title" className="text-2xl font-bold sm:text-3xl">
        {t("home.intro.title")}
      </h2>
      <p className="mt-4 text-slate-700">{t("home.intro.text")}</p>
    </section>
  );
}

function ShopByCategory() {
  const { t } = useTranslation();
  // The free-room line only while the new-user offer can be applied (the announcement bar's rule, ADR 016).
  const offer = useStorefrontData()?.announcement ?? null;
  const cardText = (key: string) =>
    key === "permanent" && offer ? t("home.categories.permanent.textLive", { code: offer.code }) : t(`home.categories.${key}.text`);
  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-6xl px-4 pt-14">
      <h2 id="categories-title" className="text-2xl font-bold">
        {t("home.categories.title")}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-3">
        {CATEGORY_CARDS.map(({ key, to, image }) => (
          <li key={key}>
            <LocalLink
              to={to}
              className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
            >
              <img src={image} alt="" width={400} height={200} loading="lazy" className="h-36 w-full object-cover" />
              <span className="flex flex-1 flex-col gap-2 p-5">
                <span className="text-lg font-bold group-hover:text-brand-700">{t(`home.categories.${key}.title`)}</span>
                <span className="text-sm text-slate-600">{cardText(key)}</span>
                <span className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-brand-700">
                  {t("home.categories.cta")}
                  <ArrowRight size={16} aria-hidden="true" />
                </span>
              </span>
            </LocalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Featured({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation();
  const featured = useProductsByIds(ids);
  if (featured.length === 0) return null;
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-6xl px-4 pt-14">
      <h2 id="featured-title" className="text-2xl font-bold">
        {t("home.featured.title")}
      </h2>
      <p className="mt-1 text-slate-600">{t("home.featured.text")}</p>
      <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {featured.map((product) => (
          <li key={product.id} className="min-w-0">
            <ProductTile product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AllProducts({ data }: { data: ListingData }) {
  const { t } = useTranslation();
  const triggers = useProductsByIds(data.groups.triggers);
  const rooms = useProductsByIds(data.groups.rooms);
  const bundles = useProductsByIds(data.groups.bundles);
  const groups = [
    { id: "triggers", title: t("home.products.triggers"), products: triggers, page: "/triggers" },
    { id: "rooms", title: t("home.products.rooms"), products: rooms, page: "/rooms" },
    { id: "bundles", title: t("home.products.bundles"), products: bundles, page: "/bundles" },
  ].filter((g) => g.products.length > 0);
  return (
    <section id="products" aria-labelledby="products-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 pt-16">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="products-title" className="text-3xl font-bold">
            {t("home.products.title")}
          </h2>
          <p className="mt-1 text-slate-600">{t("home.products.text")}</p>
        </div>
        <nav aria-label={t("home.products.jump")}>
          <ul className="flex flex-wrap gap-2">
            {groups.map((g) => (
              <li key={g.id}>
                <a
                  href={`#products-${g.id}`}
                  className="inline-flex min-h-10 items-center rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:border-brand-500 hover:text-brand-700"
                >
                  {g.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {groups.map((g) => (
        <section key={g.id} id={`products-${g.id}`} aria-labelledby={`products-${g.id}-title`} className="mt-10 scroll-mt-20">
          <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`products-${g.id}-title`} className="text-2xl font-bold">
              {g.title}
            </h3>
            <LocalLink to={g.page} className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
              {t("home.products.viewAll", { category: g.title })}
            </LocalLink>
          </div>
          <ProductGrid products={g.products} headingLevel={4} bundleSavings={data.bundleSavings} />
        </section>
      ))}
    </section>
  );
}

function CustomerReviews() {
  const { t } = useTranslation();
  const lookup = useProductLookup();
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-16 scroll-mt-20 border-t border-slate-200 py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="reviews-title" className="text-2xl font-bold sm:text-3xl">
          {t("home.reviews.title")}
        </h2>
        <p className="mt-1 text-slate-600">{t("home.reviews.text")}</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TESTIMONIALS.map(({ key, productId, rating }) => {
            const title = lookup(productId)?.title;
            return (
              <li key={key} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-5">
                <RatingStars rating={rating} />
                <blockquote className="text-sm text-slate-800">{t(`home.reviews.items.${key}.text`)}</blockquote>
                <div className="mt-auto text-sm">
                  <p className="font-bold">{t(`home.reviews.items.${key}.name`)}</p>
                  <p className="text-xs text-emerald-800">{t("home.reviews.verified")}</p>
                  {title && <p className="text-xs text-slate-600">{t("home.reviews.about", { title })}</p>}
                </div>
              </li>
            );
          })}
        </ul>
        <ReviewWidget className="mt-10" />
      </div>
    </section>
  );
}
