import i18next, { type i18n } from "i18next";
import type { Lang } from "~/domain/product";
import { resources } from "./resources";

const instances = new Map<Lang, i18n>();

/**
 * One i18next instance per language, created synchronously from the bundled resources and cached,
 * so the server and the hydrating browser render the same strings without a language switch.
 */
export function getI18n(lang: Lang): i18n {
  const cached = instances.get(lang);
  if (cached) return cached;
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(Object.entries(resources).map(([l, tree]) => [l, { translation: tree }])),
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
