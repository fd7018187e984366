import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  MONEY_SPACE,
  RATES,
  centsToAmountString,
  convertCents,
  convertCentsAtRate,
  dollarsToCents,
  formatMoney,
  formatPrice,
  isCurrency,
  showsVatIncluded,
} from "./money";

describe("rates", () => {
  it("are the spec's", () => {
    expect(CURRENCIES).toEqual(["USD", "GBP", "EUR"]);
    expect(RATES).toEqual({ USD: 1, GBP: 0.79, EUR: 0.92 });
    expect(isCurrency("GBP")).toBe(true);
    expect(isCurrency("JPY")).toBe(false);
  });

  it("convert with rounding to the cent", () => {
    expect(convertCents(3499, "USD")).toBe(3499);
    expect(convertCents(3499, "GBP")).toBe(2764); // 2764.21
    expect(convertCents(3499, "EUR")).toBe(3219); // 3219.08
    expect(convertCents(5999, "EUR")).toBe(5519); // 5519.08
    expect(convertCents(3800, "GBP")).toBe(3002);
  });

  it("converts an order's total at the rate stored with it, not today's", () => {
    expect(convertCentsAtRate(5499, 0.92)).toBe(5059); // 5059.08, what the buyer was shown
    expect(convertCentsAtRate(5499, 0.8)).toBe(4399); // 4399.2: a later rate change does not matter
  });
});

describe("formatMoney", () => {
  it("produces $x.xx, £x.xx and x,xx € with a no-break space", () => {
    expect(formatMoney(3499, "USD")).toBe("$34.99");
    expect(formatMoney(2764, "GBP")).toBe("£27.64");
    expect(formatMoney(3219, "EUR")).toBe("32,19\u00a0€");
    expect(MONEY_SPACE).toBe("\u00a0");
  });

  it("always shows two decimals", () => {
    expect(formatMoney(3800, "USD")).toBe("$38.00");
    expect(formatMoney(0, "EUR")).toBe("0,00\u00a0€");
    expect(formatMoney(5, "GBP")).toBe("£0.05");
  });

  it("groups thousands with the same no-break space in EUR", () => {
    expect(formatMoney(123456, "EUR")).toBe("1\u00a0234,56\u00a0€");
    expect(formatMoney(123456, "USD")).toBe("$1,234.56");
  });

  it("keeps EUR in the spec's form whatever the locale", () => {
    expect(formatMoney(3219, "EUR", "en-US")).toBe("32,19\u00a0€");
  });

  it("never emits a narrow no-break space", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...CURRENCIES), (cents, currency) => {
        expect(formatMoney(cents, currency)).not.toMatch(/\u202f/);
      }),
    );
  });
});

describe("formatPrice", () => {
  it("converts from USD then formats", () => {
    expect(formatPrice(3499, "USD")).toBe("$34.99");
    expect(formatPrice(3499, "GBP")).toBe("£27.64");
    expect(formatPrice(3499, "EUR")).toBe("32,19\u00a0€");
  });
});

describe("showsVatIncluded", () => {
  it("is true only for EUR", () => {
    expect(CURRENCIES.filter(showsVatIncluded)).toEqual(["EUR"]);
  });
});

describe("dollarsToCents", () => {
  it("rounds away binary float error", () => {
    expect(dollarsToCents(34.99)).toBe(3499);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(38)).toBe(3800);
    expect(dollarsToCents(0)).toBe(0);
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
  });

  it("rejects non-finite amounts", () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Infinity)).toThrow(RangeError);
  });

  it("round-trips every cent amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(dollarsToCents(Number(centsToAmountString(cents)))).toBe(cents);
      }),
    );
  });
});

describe("centsToAmountString", () => {
  it("gives PayPal's 2-decimal string", () => {
    expect(centsToAmountString(3499)).toBe("34.99");
    expect(centsToAmountString(3800)).toBe("38.00");
    expect(centsToAmountString(5)).toBe("0.05");
    expect(centsToAmountString(0)).toBe("0.00");
    expect(centsToAmountString(-150)).toBe("-1.50");
  });

  it("rejects fractional cents", () => {
    expect(() => centsToAmountString(34.5)).toThrow(RangeError);
  });
});
