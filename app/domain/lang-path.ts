/**
 * Language in the URL (SPEC §2): English has no prefix, fr and es live under /fr and /es.
 * '/en/...' is accepted and means English, but links are always generated without it.
 */
import { LANGS, type Lang } from "./product";

export { LANGS, type Lang };
export const DEFAULT_LANG: Lang = "en";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** 'fr-CA' → 'fr', 'EN-us' → 'en', 'es_MX' → 'es'; unsupported ('de') or empty → null. */
export function normalizeLang(tag: string | null | undefined): Lang | null {
  const primary = (tag ?? "").trim().split(/[-_]/)[0]?.toLowerCase() ?? "";
  return isLang(primary) ? primary : null;
}

/** Splits '/fr/cart?x=1#top' into path, and the query+hash suffix kept verbatim. */
function splitSuffix(path: string): { pathname: string; suffix: string } {
  const cut = path.search(/[?#]/);
  return cut === -1 ? { pathname: path, suffix: "" } : { pathname: path.slice(0, cut), suffix: path.slice(cut) };
}

/**
 * Makes a path start with exactly one '/': browsers read '//evil.example' and '/\\evil.example' as
 * another site, so a path we redirect or link to must never start that way.
 */
function sameSitePath(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, "")}`;
}

/**
 * Language from the first segment (exact lower-case 'en', 'fr' or 'es'), else English.
 * `rest` always starts with exactly one '/' (a same-site path) and keeps any query string and hash.
 */
export function splitLangFromPath(path: string): { lang: Lang; rest: string } {
  const { pathname, suffix } = splitSuffix(path);
  const absolute = sameSitePath(pathname);
  const match = /^\/([^/]+)(\/.*)?$/.exec(absolute);
  const first = match?.[1];
  if (first !== undefined && isLang(first)) return { lang: first, rest: `${sameSitePath(match?.[2] ?? "/")}${suffix}` };
  return { lang: DEFAULT_LANG, rest: `${absolute}${suffix}` };
}

export function stripLangPrefix(path: string): string {
  return splitLangFromPath(path).rest;
}

/** Rewrites or adds the prefix: ('/fr/cart', 'es') → '/es/cart'; ('/', 'fr') → '/fr'; en → none. */
export function localizePath(path: string, lang: Lang): string {
  const rest = stripLangPrefix(path);
  if (lang === DEFAULT_LANG) return rest;
  // '/fr' rather than '/fr/' for the home page; query and hash still follow.
  return rest.startsWith("/?") || rest.startsWith("/#") || rest === "/" ? `/${lang}${rest.slice(1)}` : `/${lang}${rest}`;
}

/** The hreflang alternates of a page (every language, and x-default → English), as paths. */
export function hreflangAlternates(path: string): { hrefLang: Lang | "x-default"; path: string }[] {
  return [
    ...LANGS.map((lang) => ({ hrefLang: lang, path: localizePath(path, lang) })),
    { hrefLang: "x-default" as const, path: localizePath(path, DEFAULT_LANG) },
  ];
}

/**
 * First supported language of an Accept-Language header, by descending q (ties keep header order).
 * Entries with q=0 or a malformed q are ignored, as is '*'.
 */
export function pickLangFromAcceptLanguage(header: string | null | undefined): Lang | null {
  if (!header) return null;
  const entries = header.split(",").map((part, index) => {
    const [tag = "", ...params] = part.split(";").map((s) => s.trim());
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.test(qParam) ? Number(qParam.slice(2)) : 0;
    return { tag, q, index };
  });
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag, q } of entries) {
    if (q <= 0) continue;
    const lang = normalizeLang(tag);
    if (lang) return lang;
  }
  return null;
}
