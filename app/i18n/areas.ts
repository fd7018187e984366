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
 * What the frame renders on every page (header, footer, product cards and prices, error
 * messages), and of `meta` (page titles and descriptions) the site's name and the two not-found
 * pages' entries: a page sends its own `meta.<page>` entry. route-areas.test.ts checks that the frame
 * uses nothing else and that each page declares the rest of what it uses.
 */
export const FRAME_AREAS = ["common", "frame", "shop", "errors", "meta.siteName", "meta.notFound", "meta.productNotFound"] as const;

/** The translations a loader's data carries, if any (root, pages, and a 404's error data). */
export function translationsOf(data: unknown): Translations | null {
  if (typeof data !== "object" || data === null || !("translations" in data)) return null;
  const value = (data as { translations: unknown }).translations;
  if (typeof value !== "object" || value === null) return null;
  const { lang, tree } = value as Partial<Translations>;
  return typeof lang === "string" && typeof tree === "object" && tree !== null ? { lang, tree } : null;
}
