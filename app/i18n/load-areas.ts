import type { Lang } from "~/domain/product";
import type { Translations } from "./areas";
import { hasArea, registerTranslations } from "./i18n";

/**
 * Strings that travel with code fetched on first use rather than with every page (dialogs, the
 * payment step: `deferred(import, areas)` in components/ui/deferred.tsx, docs/decisions/024): fetched
 * from /api/translations with that code, once per language, and registered like a page's.
 */
const pending = new Map<string, Promise<void>>();

export function areasReady(lang: Lang, areas: readonly string[]): boolean {
  return areas.every((area) => hasArea(lang, area));
}

/** Resolves once the areas are known in `lang` (at once if they are); a failed fetch is retried next time. */
export function loadAreas(lang: Lang, areas: readonly string[]): Promise<void> {
  const missing = areas.filter((area) => !hasArea(lang, area));
  if (missing.length === 0) return Promise.resolve();
  const key = `${lang}:${missing.join(",")}`;
  let request = pending.get(key);
  if (!request) {
    request = registerFrom(`/api/translations?lang=${lang}&areas=${missing.join(",")}`).finally(() => pending.delete(key));
    pending.set(key, request);
  }
  return request;
}

/**
 * The strings an HTML document names in `<link data-translations>` (its frame's and its page's:
 * docs/decisions/060), registered before hydration. The links are preloads, so each fetch is answered
 * by a request already under way, or by the browser's cache. Settles when every fetch has.
 */
export async function loadDocumentTranslations(doc: Document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>("link[data-translations]")];
  await Promise.allSettled(links.map((link) => registerFrom(link.href)));
}

/** Fetches one /api/translations answer and registers its strings. */
async function registerFrom(href: string): Promise<void> {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`translations ${response.status}`);
  const { lang, tree } = (await response.json()) as Translations;
  registerTranslations(lang, tree);
}
