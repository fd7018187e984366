/** The shop's languages, and a value in each of them (en is the fallback). */
export const LANGS = ["en", "fr", "es"] as const;
export type Lang = (typeof LANGS)[number];
export type Localized<T = string> = Record<Lang, T>;
