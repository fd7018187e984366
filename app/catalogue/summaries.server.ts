import { isLang } from "~/domain/lang-path";
import { toSummary, type Lang, type Product, type ProductSummary } from "~/domain/product";
import { readCatalogue } from "~/server/catalogue-cache.server";
import { galleryForLang } from "~/domain/product-media";

/**
 * Product summaries travel with the pages that render them (docs/decisions/024): a listing sends its
 * own products, the cart and checkout the whole catalogue (the stored cart may name any product), and
 * every other page none; the search dialog and a stored cart elsewhere fetch `/api/catalogue`.
 */

/** The page's language from its `:lang?` segment (unprefixed = English). */
export function pageLang(langParam: string | undefined): Lang {
  return isLang(langParam) ? langParam : "en";
}

/** A summary as a page renders it: the short description in the page's language only (search, which also matches English, fetches its own). */
export function pageSummary(product: Product, lang: Lang): ProductSummary {
  return { ...toSummary(product, lang), description: { [lang]: product.description[lang] } };
}

/** The summaries of these products (unknown ids skipped, each id once) for a page. */
export async function pageSummaries(ids: Iterable<string>, langParam: string | undefined): Promise<ProductSummary[]> {
  const catalogue = await readCatalogue();
  const lang = pageLang(langParam);
  const out: ProductSummary[] = [];
  for (const id of new Set(ids)) {
    const product = catalogue.product(id);
    if (product) out.push(pageSummary(product, lang));
  }
  return out;
}

/** Every product (cart, checkout, search): the short description in the page's language and English. */
export async function catalogueSummaries(langParam: string | undefined): Promise<ProductSummary[]> {
  const lang = pageLang(langParam);
  return (await readCatalogue()).products.map((p) => toSummary(p, lang));
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
