import type { Lang } from "~/domain/product";
import { LANGS } from "~/domain/product";
import { isLang } from "~/domain/lang-path";
import { MESSAGES } from "~/domain/messages";
import { FRAME_AREAS, type Translations } from "./areas";
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

/**
 * A page's own strings for the browser, in the language of its URL (`params.lang`; unprefixed =
 * English): a loader returns them as `translations` and the root Layout registers them before the
 * page renders. The frame's areas come from the root loader (frameTranslations). Which areas a page
 * needs is checked by app/i18n/route-areas.test.ts (docs/decisions/020).
 */
export function translationsFor(langParam: string | undefined, areas: readonly PageArea[]): Translations {
  const lang: Lang = isLang(langParam) ? langParam : "en";
  return { lang, tree: pick(lang, areas) };
}

/**
 * Areas that travel with code fetched on first use (`deferred(import, areas)`: dialogs and the
 * payment step) rather than with the page: any browser area, unknown names skipped.
 */
export function deferredTranslations(langParam: string | undefined, areas: readonly string[]): Translations {
  const lang: Lang = isLang(langParam) ? langParam : "en";
  // The console's areas (admin*) travel only with console pages (i18n/console.server.ts).
  const known = areas.filter((area) => /^\w+$/.test(area) && area !== "meta" && !area.startsWith("admin") && Object.hasOwn(browserResources[lang], area));
  return { lang, tree: pick(lang, known) };
}

/** The frame's strings (header, footer, cards, page titles, errors), sent by the root loader. */
export function frameTranslations(lang: Lang): Translations {
  return { lang, tree: pick(lang, FRAME_AREAS) };
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
