import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { CURRENCY_COOKIE } from "~/domain/cookies";
import {
  currencyForCountry,
  currencyOnLanguageChange,
  isPreferenceFresh,
  needsRecalculateConfirm,
  parsePreference,
  PREFERENCE_TTL_MS,
  type CurrencyPreference,
} from "~/domain/currency";
import { formatPrice, isCurrency, type Currency } from "~/domain/money";
import { useLang } from "~/state/lang";
import { usePublicConfig, useStorefrontData } from "./storefront-data";
import { useCart } from "./cart";
import { readCookie, readJson, STORAGE_KEYS, writeCookie, writeJson } from "./storage";

interface CurrencyContextValue {
  currency: Currency;
  isManualSelection: boolean;
  /** A pick waiting for the 'Recalculate totals?' answer. */
  pending: Currency | null;
  /** Shopper's pick: applies at once with an empty cart, else asks first. */
  choose(currency: Currency): void;
  confirmPending(): void;
  cancelPending(): void;
  /** Formats a USD amount in the display currency. */
  format(usdCents: number): string;
}

const CurrencyContext = createContext<CurrencyContextValue | null>(null);

/** Mirrored in a cookie so server-rendered prices are already in this currency. */
function mirrorInCookie(pref: CurrencyPreference) {
  writeCookie(CURRENCY_COOKIE, JSON.stringify(pref), PREFERENCE_TTL_MS / 1000);
}

function persist(pref: CurrencyPreference) {
  writeJson(STORAGE_KEYS.currency, pref);
  mirrorInCookie(pref);
}

export function CurrencyProvider({ children }: { children: React.ReactNode }) {
  const initial = useStorefrontData()?.currency;
  const geoUrl = usePublicConfig()?.geoLookupUrl ?? null;
  const lang = useLang();
  const { totals } = useCart();
  const [currency, setCurrency] = useState<Currency>(initial?.currency ?? "USD");
  const [isManualSelection, setManual] = useState(initial?.isManualSelection ?? false);
  const [pending, setPending] = useState<Currency | null>(null);
  const geoCurrency = useRef<Currency | null>(initial?.geoCurrency ?? null);
  const langRef = useRef(lang);
  const state = useRef({ currency, isManualSelection });
  state.current = { currency, isManualSelection };

  const set = useCallback((next: Currency, manual: boolean) => {
    setCurrency(next);
    setManual(manual);
    persist({ currency: next, isManualSelection: manual, timestamp: Date.now() });
  }, []);

  // Local storage is the source of truth; without a fresh preference, detect from the IP once.
  useEffect(() => {
    const storedGeo = readJson(STORAGE_KEYS.geoCurrency);
    if (isCurrency(storedGeo)) geoCurrency.current ??= storedGeo;
    // The newer of the stored preference and its cookie: a currency form posted before the page's
    // JavaScript ran wrote only the cookie (docs/decisions/056).
    const saved = parsePreference(readJson(STORAGE_KEYS.currency));
    const posted = parsePreference(readCookie(CURRENCY_COOKIE));
    const stored = posted && (!saved || posted.timestamp > saved.timestamp) ? posted : saved;
    if (stored && isPreferenceFresh(stored, Date.now())) {
      if (stored === posted) writeJson(STORAGE_KEYS.currency, stored);
      setCurrency(stored.currency);
      setManual(stored.isManualSelection);
      mirrorInCookie(stored);
      return;
    }
    // No server guess (an error page above the shop's loader): remember nothing, detect next time.
    if (!initial) return;
    if (!initial.needsDetection || !geoUrl) {
      set(state.current.currency, false);
      return;
    }
    const controller = new AbortController();
    fetch(geoUrl, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<{ country_code?: unknown }>) : Promise.reject(new Error(String(r.status)))))
      .then((body) => {
        const geo = currencyForCountry(typeof body.country_code === "string" ? body.country_code : null);
        geoCurrency.current = geo;
        writeJson(STORAGE_KEYS.geoCurrency, geo);
        if (state.current.isManualSelection) return;
        set(currencyOnLanguageChange({ current: geo, isManual: false, geoCurrency: geo, lang: langRef.current }), false);
      })
      // SPEC §7: a failed lookup falls back to USD silently.
      .catch(() => {
        if (!controller.signal.aborted && !state.current.isManualSelection) set(state.current.currency, false);
      });
    return () => controller.abort();
    // Runs once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const firstLang = useRef(true);
  // SPEC §4: while not manual, French sets EUR; English/Spanish move EUR back unless geo said EUR.
  useEffect(() => {
    langRef.current = lang;
    if (firstLang.current) {
      firstLang.current = false;
      return;
    }
    const { currency: current, isManualSelection: manual } = state.current;
    const next = currencyOnLanguageChange({ current, isManual: manual, geoCurrency: geoCurrency.current, lang });
    if (next !== current) set(next, false);
  }, [lang, set]);

  const choose = useCallback(
    (next: Currency) => {
      if (needsRecalculateConfirm(totals.itemCount)) setPending(next);
      else set(next, true);
    },
    [totals.itemCount, set],
  );
  const confirmPending = useCallback(() => {
    if (pending) set(pending, true);
    setPending(null);
  }, [pending, set]);
  const cancelPending = useCallback(() => setPending(null), []);
  const format = useCallback((usdCents: number) => formatPrice(usdCents, currency), [currency]);

  const value = useMemo<CurrencyContextValue>(
    () => ({ currency, isManualSelection, pending, choose, confirmPending, cancelPending, format }),
    [currency, isManualSelection, pending, choose, confirmPending, cancelPending, format],
  );
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyContextValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error("useCurrency must be used within a CurrencyProvider");
  return value;
}
