import type { Lang } from "~/domain/product";
import type { Tree } from "./i18n";

/**
 * Strings sent to the browser with a page: some areas (locales/{lang}/{area}.json) of one language.
 * The root loader sends the frame's areas, each page's loader adds its own (docs/decisions/020),
 * and the root Layout registers whatever the matched routes carry before they render.
 */
export interface Translations {
  lang: Lang;
  tree: Tree;
}

/**
 * What an HTML document's loaders send instead of the strings (docs/decisions/060): their address,
 * which the root Layout preloads and the browser registers before it hydrates (entry.client.tsx).
 */
export interface TranslationsAddress {
  lang: Lang;
  href: string;
}

export type PageTranslations = Translations | TranslationsAddress;

/**
 * What the frame renders on every page (header, footer, product cards and prices, error
 * messages), and of `meta` (page titles and descriptions) the site's name and the two not-found
 * pages' entries: a page sends its own `meta.<page>` entry. route-areas.test.ts checks that the frame
 * uses nothing else and that each page declares the rest of what it uses.
 */
export const FRAME_AREAS = ["common", "frame", "shop", "errors", "meta.siteName", "meta.notFound", "meta.productNotFound"] as const;

/** The strings a loader's data carries, if any (root, pages, and a 404's error data). */
export function translationsOf(data: unknown): Translations | null {
  const value = translationsField(data);
  const tree = value?.tree;
  return value && typeof value.lang === "string" && typeof tree === "object" && tree !== null ? { lang: value.lang, tree } : null;
}

/** The address of the strings a document's loader data names instead (and their language), if any. */
export function translationsAddressOf(data: unknown): TranslationsAddress | null {
  const value = translationsField(data);
  return value && typeof value.lang === "string" && typeof value.href === "string" ? { lang: value.lang, href: value.href } : null;
}

function translationsField(data: unknown): Partial<Translations & TranslationsAddress> | null {
  if (typeof data !== "object" || data === null || !("translations" in data)) return null;
  const value = (data as { translations: unknown }).translations;
  return typeof value === "object" && value !== null ? (value as Partial<Translations & TranslationsAddress>) : null;
}
