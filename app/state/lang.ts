import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE } from "~/domain/cookies";
import { localizePath, splitLangFromPath, type Lang } from "~/domain/lang-path";
import { STORAGE_KEYS, writeCookie } from "./storage";

/** The language of the current URL. */
export function useLang(): Lang {
  return splitLangFromPath(useLocation().pathname).lang;
}

/** Remembers the choice (local storage for i18next, a cookie for the server) and rewrites the URL prefix. */
export function useSwitchLanguage(): (lang: Lang) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (lang: Lang) => {
      try {
        window.localStorage.setItem(STORAGE_KEYS.language, lang);
      } catch {
        // Storage refused: the cookie and the URL still carry the choice.
      }
      writeCookie(LANG_COOKIE, lang, LANG_COOKIE_MAX_AGE);
      const target = localizePath(`${location.pathname}${location.search}${location.hash}`, lang);
      // Same page in another language: keep the reader where they are.
      navigate(target, { preventScrollReset: true, state: { keepScroll: true } });
    },
    [location.pathname, location.search, location.hash, navigate],
  );
}
