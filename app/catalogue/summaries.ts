import { galleryForLang } from "~/domain/product-media";
import { isLang } from "~/domain/lang-path";
import { toSummary, type Lang, type Product, type ProductSummary } from "~/domain/product";

/**
 * A product as a page renders it (docs/decisions/024): summaries and the product page carry only the
 * page's language. Which summaries a page sends is app/server/catalogue/summaries.server.ts's part.
 */

/** The page's language from its `:lang?` segment (unprefixed = English). */
export function pageLang(langParam: string | undefined): Lang {
  return isLang(langParam) ? langParam : "en";
}

/** A summary as a page renders it: the short description in the page's language only (search, which also matches English, fetches its own). */
export function pageSummary(product: Product, lang: Lang): ProductSummary {
  return { ...toSummary(product, lang), description: { [lang]: product.description[lang] } };
}

/** The products a listing shows (its groups and featured row), plus any other ids it names. */
export function listingIds(listing: { groups: Partial<Record<string, string[]>>; featured: readonly string[] }, ...more: string[]): string[] {
  return [...listing.featured, ...Object.values(listing.groups).flatMap((ids) => ids ?? []), ...more];
}

/**
 * A product as its page renders it: every localized text (descriptions, tracking line, features) in
 * the page's language only. Each language's slot holds that same text, so components keep reading
 * `text[lang]`, and the hydration data, which sends a repeated value once, carries one language.
 */
export function productForPage(product: Product, lang: Lang): Product {
  const one = <T>(value: Record<Lang, T>): Record<Lang, T> => ({ en: value[lang], fr: value[lang], es: value[lang] });
  return {
    ...product,
    title: product.titles[lang],
    titles: one(product.titles),
    seoTitle: one(product.seoTitle),
    seoDescription: one(product.seoDescription),
    description: one(product.description),
    trackingInfo: one(product.trackingInfo),
    fullDescription: one(product.fullDescription),
    features: one(product.features),
    ...(product.gallery ? { gallery: galleryForLang(product.gallery, lang) } : {}),
  };
}
