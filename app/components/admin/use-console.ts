import { useContext } from "react";
import { I18nContext } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { Lang } from "~/domain/lang";
import { useTranslation } from "~/i18n/use-translation";
import { ago, duration, elapsed, usd, waitLeft, when } from "./kit/format";

/** What the console layout's loader says of the account (routes/admin/layout.tsx). */
interface LayoutPrefs {
  prefs?: { lang: Lang; timeZone: string };
}

/**
 * The console's strings and formats in the signed-in account's language and time zone
 * (docs/decisions/055): `t` from the page's areas (admin*), times in the account's zone, waits in its
 * language. Outside the layout (login, invitation) the language is the page's own and times are UTC.
 */
export function useConsole() {
  const { t } = useTranslation();
  const providerLang = useContext(I18nContext).i18n.language as Lang;
  const prefs = useRouteLoaderData<LayoutPrefs>("routes/admin/layout")?.prefs;
  const lang = prefs?.lang ?? providerLang ?? "en";
  const timeZone = prefs?.timeZone ?? "UTC";
  return {
    t,
    lang,
    timeZone,
    usd,
    /** A moment in the account's zone: "2026-11-22 15:05 UTC+1". */
    when: (date: Date | string | null | undefined) => when(date, timeZone),
    ago: (date: Date | string, now: Date | string) => ago(date, now, lang),
    elapsed: (date: Date | string, now: Date | string) => elapsed(date, now, lang),
    duration: (ms: number, round: "down" | "up" = "down") => duration(ms, round, lang),
    waitLeft: (seconds: number) => waitLeft(seconds, lang),
  };
}
