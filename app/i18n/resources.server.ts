import type { Lang } from "~/domain/product";
import { LANGS } from "~/domain/product";
import { MESSAGES } from "~/domain/messages";
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
export const browserResources = Object.fromEntries(
  LANGS.map((lang) => [lang, Object.fromEntries(Object.entries(resources[lang]).filter(([area]) => !SERVER_ONLY_AREAS.has(area)))]),
) as Record<Lang, Tree>;

// The server renders every language: all of them are available to getI18n() at once. The browser
// gets only its page's language (root loader) and fetches another when the shopper switches.
for (const lang of LANGS) registerTranslations(lang, resources[lang]);
