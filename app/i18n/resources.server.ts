import { createHash } from "node:crypto";
import type { AppLoadContext } from "react-router";
import type { Lang } from "~/domain/product";
import { LANGS } from "~/domain/product";
import { isLang } from "~/domain/lang-path";
import { MESSAGES } from "~/domain/messages";
import { FRAME_AREAS, type PageTranslations, type Translations } from "./areas";
import { registerTranslations, type Tree } from "./i18n";

export type { Tree };

// Server only: browsers never bundle these files. Each locale is split in files by page area (locales/{lang}/{area}.json); the area becomes the
// first part of the key: t("home.hero.title"). English domain messages come from the domain core,
// so the spec's exact wording lives in one place.
const files = import.meta.glob<Tree>("./locales/*/*.json", { eager: true, import: "default" });

function buildResources(): Record<Lang, Tree> {
  const out = Object.fromEntries(LANGS.map((lang) => [lang, {} as Tree])) as Record<Lang, Tree>;
  for (const [file, tree] of Object.entries(files)) {
    const match = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang, area] = match;
    if (!(LANGS as readonly string[]).includes(lang)) continue;
    out[lang as Lang][area] = tree;
  }
  out.en.errors = { ...MESSAGES };
  return out;
}

export const resources = buildResources();

/** Areas only the server renders (emails): never sent to a browser. */
const SERVER_ONLY_AREAS = new Set(["emails"]);

/** What a browser receives for `lang`: every area but the server-only ones. */
const browserResources = Object.fromEntries(
  LANGS.map((lang) => [lang, Object.fromEntries(Object.entries(resources[lang]).filter(([area]) => !SERVER_ONLY_AREAS.has(area)))]),
) as Record<Lang, Tree>;

/**
 * What a page's loader may send: whole page areas (every area but the server-only ones and the
 * frame's), and its own entries of `meta` (`meta.home`: its title and description).
 */
export type PageArea =
  | "cart"
  | "catalogue"
  | "checkout"
  | "contact"
  | "help"
  | "home"
  | "info"
  | "listings"
  | "loginHandoff"
  | "loginRequired"
  | "newsletter"
  | "orderLink"
  | "orderStatus"
  | "policies"
  | "product"
  | "share"
  | `meta.${string}`;

/** What a loader knows of its request: the URL's language, and whether an HTML document is rendered. */
export interface TranslationsRequest {
  params: { lang?: string };
  context: Pick<AppLoadContext, "document">;
}

/**
 * A page's own strings for the browser, in the language of its URL (`params.lang`; unprefixed =
 * English): a loader returns them as `translations` and the root Layout registers them before the
 * page renders. The frame's areas come from the root loader (frameTranslations). Which areas a page
 * needs is checked by app/i18n/route-areas.test.ts (docs/decisions/020).
 *
 * An HTML document gets an address instead of the strings (docs/decisions/060): the browser fetches
 * it, from its cache after the first page, before it hydrates. A client navigation's data carries the
 * strings themselves, which it needs before it renders.
 */
export function translationsFor({ params, context }: TranslationsRequest, areas: readonly PageArea[]): PageTranslations {
  return forRequest(isLang(params.lang) ? params.lang : "en", context, areas);
}

function forRequest(lang: Lang, context: TranslationsRequest["context"], areas: readonly string[]): PageTranslations {
  return context.document ? { lang, href: translationsHref(lang, areas) } : { lang, tree: pick(lang, areas) };
}

/** The strings themselves whatever the request: for an error a loader throws (its boundary registers them). */
export function inlineTranslations(langParam: string | undefined, areas: readonly PageArea[]): Translations {
  const lang: Lang = isLang(langParam) ? langParam : "en";
  return { lang, tree: pick(lang, areas) };
}

/**
 * Areas the browser fetches by name (GET /api/translations): code fetched on first use
 * (`deferred(import, areas)`: dialogs and the payment step) and documents' strings (the frame's and a
 * page's, with its `meta.<page>` entry). Any browser area or `meta` entry; unknown names skipped.
 */
export function deferredTranslations(langParam: string | undefined, areas: readonly string[]): Translations {
  const lang: Lang = isLang(langParam) ? langParam : "en";
  const known = areas.filter((area) => isBrowserArea(lang, area));
  return { lang, tree: pick(lang, known) };
}

/** The frame's strings (header, footer, cards, page titles, errors), sent by the root loader. */
export function frameTranslations(lang: Lang, context: TranslationsRequest["context"]): PageTranslations {
  return forRequest(lang, context, FRAME_AREAS);
}

/**
 * The version of some areas' strings in a language: a hash of what pick() returns, so an address
 * with it may be cached for good and changes when a release changes a string.
 */
export function translationsVersion(lang: Lang, areas: readonly string[]): string {
  return createHash("sha256")
    .update(JSON.stringify(pick(lang, areas)))
    .digest("base64url")
    .slice(0, 12);
}

/** Documents' addresses, remembered: their areas lists are the code's own constants, a few dozen per language. */
const hrefs = new Map<string, string>();
function translationsHref(lang: Lang, areas: readonly string[]): string {
  const key = `${lang}|${areas.join(",")}`;
  let href = hrefs.get(key);
  if (href === undefined) {
    href = `/api/translations?lang=${lang}&areas=${areas.join(",")}&v=${translationsVersion(lang, areas)}`;
    hrefs.set(key, href);
  }
  return href;
}

/** A whole browser area (not `meta`, not the console's) or one entry of `meta` (`meta.home`). */
function isBrowserArea(lang: Lang, name: string): boolean {
  const match = /^(\w+)(?:\.(\w+))?$/.exec(name);
  if (!match) return false;
  const [, area, key] = match;
  // The console's areas (admin*) travel only with console pages (i18n/console.server.ts).
  if (area.startsWith("admin") || !Object.hasOwn(browserResources[lang], area)) return false;
  if (area === "meta") return key !== undefined && Object.hasOwn(browserResources[lang].meta as Tree, key);
  return key === undefined;
}

/** The named areas of a language, and of "area.key" entries only that key of the area. */
function pick(lang: Lang, areas: readonly string[]): Tree {
  const all = browserResources[lang];
  const out: Tree = {};
  for (const name of areas) {
    const [area, key] = name.split(".", 2);
    const tree = all[area];
    if (tree === undefined) continue;
    if (key === undefined) out[area] = tree;
    else if (typeof tree === "object" && !Array.isArray(tree) && key in tree) {
      out[area] = { ...((out[area] as Tree | undefined) ?? {}), [key]: tree[key] };
    }
  }
  return out;
}

// The server renders every language: all of them are available to getI18n() at once. The browser
// gets, with each page, the frame's areas and the page's own, in the page's language only.
for (const lang of LANGS) registerTranslations(lang, resources[lang]);
