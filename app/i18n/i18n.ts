import i18next, { type i18n } from "i18next";
import type { Lang } from "~/domain/product";
import { memoizeT } from "./memo-t";

export type Tree = { [key: string]: string | string[] | Tree };

const translations = new Map<Lang, Tree>();
const instances = new Map<Lang, i18n>();
/** Each instance's remembered t() answers, forgotten when strings are added (./memo-t.ts). */
const forgetters: (() => void)[] = [];

/**
 * Makes strings available: whole areas, or some keys of an area (the page titles of `meta`); what is
 * known already is kept. The server registers every area of all three languages at start
 * (resources.server.ts); the browser registers what each page's loaders send (the frame's strings
 * from the root, the page's own from the page: app/i18n/areas.ts), so it never downloads unused
 * languages or other pages' texts.
 */
export function registerTranslations(lang: Lang, tree: Tree): void {
  const known = translations.get(lang) ?? {};
  const fresh: Tree = {};
  for (const [area, value] of Object.entries(tree)) {
    const had = known[area];
    if (had === undefined) fresh[area] = value;
    else if (typeof had === "object" && !Array.isArray(had) && typeof value === "object" && !Array.isArray(value)) {
      // A part of an area (meta.home) joining another part (meta.siteName).
      const missing = Object.fromEntries(Object.entries(value).filter(([key]) => !(key in had)));
      if (Object.keys(missing).length > 0) fresh[area] = missing;
    }
  }
  if (Object.keys(fresh).length === 0) return;
  const merged: Tree = { ...known };
  for (const [area, value] of Object.entries(fresh)) {
    const had = merged[area];
    merged[area] = had && typeof had === "object" && !Array.isArray(had) ? { ...had, ...(value as Tree) } : value;
  }
  translations.set(lang, merged);
  for (const instance of instances.values()) instance.addResourceBundle(lang, "translation", fresh, true, true);
  for (const forget of forgetters) forget();
}

/** Whether an area's strings are known in a language (the browser fetches some with deferred code). */
export function hasArea(lang: Lang, area: string): boolean {
  return translations.get(lang)?.[area] !== undefined;
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
  // Every reader (useTranslation, meta functions, getFixedT, <Trans>) goes through instance.t.
  const memo = memoizeT(instance.t);
  instance.t = memo.t;
  forgetters.push(memo.clear);
  instances.set(lang, instance);
  return instance;
}
