import { describe, expect, it } from "vitest";
import {
  EUR_COUNTRIES,
  PREFERENCE_TTL_MS,
  currencyForCountry,
  currencyOnLanguageChange,
  isPreferenceFresh,
  needsRecalculateConfirm,
  parsePreference,
  showsConvertedNote,
} from "./currency";

describe("currencyForCountry", () => {
  const euro = ["FR", "DE", "IT", "ES", "NL", "BE", "AT", "PT", "IE", "FI", "GR", "LU", "SK", "SI", "EE", "LV", "LT", "CY", "MT"];

  it("maps the spec's 19 countries to EUR", () => {
    expect([...EUR_COUNTRIES].sort()).toEqual([...euro].sort());
    for (const code of euro) expect(currencyForCountry(code)).toBe("EUR");
  });

  it("maps GB to GBP, case-insensitively", () => {
    expect(currencyForCountry("GB")).toBe("GBP");
    expect(currencyForCountry("gb")).toBe("GBP");
    expect(currencyForCountry(" fr ")).toBe("EUR");
  });

  it("falls back to USD", () => {
    for (const code of ["US", "CA", "CH", "HR", "UK", "", "  ", null, undefined]) {
      expect(currencyForCountry(code)).toBe("USD");
    }
    expect(currencyForCountry()).toBe("USD");
  });
});

describe("preference freshness", () => {
  const pref = { currency: "GBP" as const, isManualSelection: true, timestamp: 1_000_000 };

  it("lasts 90 days", () => {
    expect(PREFERENCE_TTL_MS).toBe(7_776_000_000);
    expect(isPreferenceFresh(pref, pref.timestamp)).toBe(true);
    expect(isPreferenceFresh(pref, pref.timestamp + PREFERENCE_TTL_MS - 1)).toBe(true);
    expect(isPreferenceFresh(pref, pref.timestamp + PREFERENCE_TTL_MS)).toBe(false);
  });

  it("distrusts timestamps in the future", () => {
    expect(isPreferenceFresh(pref, pref.timestamp - 1)).toBe(false);
  });
});

describe("currencyOnLanguageChange", () => {
  it("never overrides a manual choice", () => {
    expect(currencyOnLanguageChange({ current: "GBP", isManual: true, geoCurrency: "USD", lang: "fr" })).toBe("GBP");
    expect(currencyOnLanguageChange({ current: "EUR", isManual: true, geoCurrency: "USD", lang: "en" })).toBe("EUR");
  });

  it("sets EUR for French", () => {
    expect(currencyOnLanguageChange({ current: "USD", isManual: false, geoCurrency: "USD", lang: "fr" })).toBe("EUR");
    expect(currencyOnLanguageChange({ current: "GBP", isManual: false, geoCurrency: "GBP", lang: "fr" })).toBe("EUR");
  });

  it("moves EUR back to USD for English and Spanish unless the visitor is in the euro area", () => {
    for (const lang of ["en", "es"] as const) {
      expect(currencyOnLanguageChange({ current: "EUR", isManual: false, geoCurrency: "USD", lang })).toBe("USD");
      expect(currencyOnLanguageChange({ current: "EUR", isManual: false, geoCurrency: null, lang })).toBe("USD");
      expect(currencyOnLanguageChange({ current: "EUR", isManual: false, geoCurrency: "EUR", lang })).toBe("EUR");
      expect(currencyOnLanguageChange({ current: "GBP", isManual: false, geoCurrency: "GBP", lang })).toBe("GBP");
    }
  });
});

describe("currency switch UI rules", () => {
  it("asks to recalculate only with items in the cart", () => {
    expect(needsRecalculateConfirm(0)).toBe(false);
    expect(needsRecalculateConfirm(1)).toBe(true);
  });

  it("shows the converted note until a manual choice", () => {
    expect(showsConvertedNote(false)).toBe(true);
    expect(showsConvertedNote(true)).toBe(false);
  });
});

describe("parsePreference", () => {
  const good = { currency: "EUR", isManualSelection: false, timestamp: 1_700_000_000_000 };

  it("accepts an object or its JSON", () => {
    expect(parsePreference(good)).toEqual(good);
    expect(parsePreference(JSON.stringify(good))).toEqual(good);
  });

  it("rejects anything malformed", () => {
    for (const raw of [
      null,
      undefined,
      "",
      "{not json",
      "USD",
      { ...good, currency: "JPY" },
      { ...good, isManualSelection: "yes" },
      { ...good, timestamp: -1 },
      { ...good, timestamp: 1.5 },
      { currency: "USD" },
    ]) {
      expect(parsePreference(raw)).toBeNull();
    }
  });
});
