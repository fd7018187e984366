import type { TFunction } from "i18next";
import type { Lang } from "~/domain/lang";
import type { Translations } from "./areas";
import { getI18n } from "./i18n";
import { resources } from "./resources.server";

/**
 * The console's strings (docs/decisions/055): areas of their own (locales/{lang}/admin*.json, one per
 * page group), in the signed-in account's language rather than the URL's. The console layout sends
 * `admin` (frame, nav, kit, errors); each page's loader adds its group's area. Never sent with a
 * storefront page (resources.server.ts keeps them out of its page and deferred areas).
 */
export type ConsoleArea =
  | "admin"
  | "adminOrders"
  | "adminReports"
  | "adminAccounts"
  | "adminShop"
  | "adminInbox"
  | "adminCoupons"
  | "adminCampaigns"
  | "adminAnalytics"
  | "adminPrivacy"
  | "adminProduct";

export function consoleTranslations(lang: Lang, areas: readonly ConsoleArea[]): Translations {
  const all = resources[lang];
  return { lang, tree: Object.fromEntries(areas.filter((area) => all[area] !== undefined).map((area) => [area, all[area]])) };
}

/** The server's `t` in the account's language: action replies, refusals, mails and pushes. */
export function consoleT(lang: Lang): TFunction {
  return getI18n(lang).t;
}
