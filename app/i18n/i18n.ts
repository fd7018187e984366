import i18next, { type i18n } from "i18next";
import type { Lang } from "~/domain/product";

export type Tree = { [key: string]: string | string[] | Tree };

const translations = new Map<Lang, Tree>();
const instances = new Map<Lang, i18n>();

/**
 * Makes a language's strings available. The server registers all three at start
 * (resources.server.ts); the browser registers the page's language from the root loader and
 * others as the shopper switches (ensureTranslations), so it never downloads unused languages.
 */
export function registerTranslations(lang: Lang, tree: Tree): void {
  if (translations.has(lang)) return;
  translations.set(lang, tree);
  for (const instance of instances.values()) instance.addResourceBundle(lang, "translation", tree, true, true);
}

export function hasTranslations(lang: Lang): boolean {
  return translations.has(lang);
}

/** Browser: fetches a language's strings once, before a navigation shows a page in it. */
export async function ensureTranslations(lang: Lang): Promise<void> {
  if (hasTranslations(lang)) return;
  const response = await fetch(`/locales/${lang}`);
  if (!response.ok) throw new Error(`Translations for ${lang} could not be loaded (${response.status})`);
  registerTranslations(lang, (await response.json()) as Tree);
}

/**
 * One i18next instance per language, created synchronously and cached, so the server and the
 * hydrating browser render the same strings without a language switch.
 */
export function getI18n(lang: Lang): i18n {
  const cached = instances.get(lang);
  if (cached) return cached;
  const instance = i18next.createInstance();
  void instance.init({
    // Every language known so far, so the English fallback works wherever it is loaded.
    resources: Object.fromEntries([...translations].map(([l, tree]) => [l, { translation: tree }])),
    lng: lang,
    fallbackLng: "en",
    supportedLngs: ["en", "fr", "es"],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instances.set(lang, instance);
  return instance;
}
