/** Storefront search (SPEC §5): live, case-insensitive substring match over a fixed list. */
import type { Lang, ProductSummary } from "./product";

/** Quick chips of the Search Products dialog, in display order. */
export const SEARCH_CHIPS = ["Triggers", "Rooms", "Bundles", "Permanent", "King", "Premium"] as const;

/** Lower-case and strip accents, so 'declencheur' finds 'déclencheur' in fr/es descriptions. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Products whose title, category or short description (in `lang` and in English, since shoppers
 * often type English product words on localized pages) contains the query.
 * Blank queries show nothing; coupon-only products (`listed: false`) are never offered.
 */
export function searchProducts<P extends ProductSummary>(products: readonly P[], query: string, lang: Lang): P[] {
  const needle = fold(query.trim());
  if (needle === "") return [];
  return products.filter((product) => {
    if (!product.listed) return false;
    const haystacks = [product.title, product.category, product.description[lang], product.description.en];
    return haystacks.some((text) => text !== undefined && fold(text).includes(needle));
  });
}
