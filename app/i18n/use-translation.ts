import { useContext } from "react";
import { I18nContext } from "react-i18next";
import type { TFunction } from "i18next";

/**
 * The `t` of the i18next instance the root provides (app/i18n/i18n.ts: one instance per language).
 *
 * react-i18next's own `useTranslation` copies every property of the instance into a fresh wrapper
 * for each component on its first render — on the server every render is a first render, and that
 * copy alone was 5.5 % of a product page's CPU (docs/decisions/023). Our instances never change
 * language: a switch hands the provider another instance, and the context change re-renders every
 * reader, which is all the subscription of the library's hook would do here.
 */
export function useTranslation(): { t: TFunction } {
  return { t: useContext(I18nContext).i18n.t };
}
