/**
 * Each console account's language and time zone (docs/decisions/055): the console's pages, replies,
 * mails and pushes speak the account's language, and write times in its zone. English and UTC until
 * the seller chooses.
 */
import { z } from "../zod";
import { LANGS, type Lang } from "../lang";

export interface ConsolePrefs {
  lang: Lang;
  timeZone: string;
}

export const DEFAULT_CONSOLE_PREFS: ConsolePrefs = { lang: "en", timeZone: "UTC" };

/** Each language named in itself, so a seller finds theirs whatever the console speaks now. */
export const CONSOLE_LANG_NAMES: Record<Lang, string> = { en: "English", fr: "Français", es: "Español" };

export const consoleLangSchema = z.enum(LANGS);

/** The zones this runtime knows (IANA names), UTC first. */
export function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...zones.filter((zone) => zone !== "UTC")];
}

/** An IANA zone the runtime can format in ("Europe/Paris"); anything else is refused. */
export const timeZoneSchema = z.string().check(
  z.refine((zone) => {
    if (zone.length === 0 || zone.length > 64) return false;
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }),
);

export const consolePrefsSchema = z.object({ lang: consoleLangSchema, timeZone: timeZoneSchema });

/**
 * The console's language before sign-in (login, code, invitation pages): the browser's first
 * Accept-Language choice among ours, else English. Pure: takes the header's value.
 */
export function langFromAcceptLanguage(header: string | null | undefined): Lang {
  if (!header) return "en";
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked.find((entry) => (LANGS as readonly string[]).includes(entry.base))?.base as Lang | undefined) ?? "en";
}
