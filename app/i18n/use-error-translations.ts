import { isRouteErrorResponse } from "react-router";
import { translationsOf } from "./areas";
import { registerTranslations } from "./i18n";

/**
 * For an error boundary that speaks its page's area: a loader that throws `data({ translations }, 404)`
 * sends the strings with the error, and they are registered here before the boundary renders.
 */
export function useErrorTranslations(error: unknown): void {
  const translations = isRouteErrorResponse(error) ? translationsOf(error.data) : null;
  if (translations) registerTranslations(translations.lang, translations.tree);
}
