// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serialize } from "cookie";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useNavigate } from "react-router";
import { seedCatalogue } from "~/catalogue/seed-products";
import { CURRENCY_COOKIE } from "~/domain/cookies";
import { toSummary } from "~/domain/product";
import { getI18n } from "~/i18n/i18n";
import { useCart } from "./cart";
import { useCoupon } from "./coupon";
import { useCurrency } from "./currency";
import { ShopProviders } from "./shop-providers";
import { ROOT_ROUTE_ID, SHOP_ROUTE_ID } from "./storefront-data";

const PRODUCTS = seedCatalogue();

vi.mock("~/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/**
 * The shopper layout's data, plus the root's geoLookupUrl (the one public setting the providers read)
 * and the whole catalogue, as the cart and checkout pages carry it (a page may carry only `products`).
 */
const shopData = (over: Record<string, unknown> = {}) => ({
  catalogue: PRODUCTS.map((p) => toSummary(p)),
  currency: { currency: "USD", isManualSelection: false, geoCurrency: null, needsDetection: false },
  geoLookupUrl: null,
  ...over,
});

let api: {
  cart: ReturnType<typeof useCart>;
  coupon: ReturnType<typeof useCoupon>;
  currency: ReturnType<typeof useCurrency>;
  navigate: ReturnType<typeof useNavigate>;
};
function Probe() {
  api = { cart: useCart(), coupon: useCoupon(), currency: useCurrency(), navigate: useNavigate() };
  return <p data-testid="summary">{`${api.cart.totals.itemCount}|${api.coupon.totals.finalTotalCents}|${api.currency.currency}`}</p>;
}

function renderShop(path = "/", data: Record<string, unknown> | null = shopData()) {
  const Stub = createRoutesStub([
    {
      id: ROOT_ROUTE_ID,
      loader: () => ({ geoLookupUrl: data?.geoLookupUrl ?? null }),
      HydrateFallback: () => null,
      children: [
        {
          id: SHOP_ROUTE_ID,
          path: "/",
          // null: the layout loaded nothing (an error page of an unknown language prefix).
          loader: () => data,
          Component: () => (
            <I18nextProvider i18n={getI18n("en")}>
              <ShopProviders>
                <Probe />
              </ShopProviders>
            </I18nextProvider>
          ),
          children: [
            { path: "fr", Component: () => null },
            { path: "es", Component: () => null },
          ],
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

/** Rendered, and the stored cart has been read (the provider's mount effect has run). */
async function ready() {
  await screen.findByTestId("summary");
  await waitFor(() => expect(api.cart.hydrated).toBe(true));
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = serialize(CURRENCY_COOKIE, "", { maxAge: 0, path: "/" });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("cart provider", () => {
  it("adds, raises, updates and removes through the domain rules and persists to local storage", async () => {
    renderShop();
    await ready();
    act(() => api.cart.add("2"));
    act(() => api.cart.add("2"));
    act(() => api.cart.add("4"));
    expect(api.cart.items.map((i) => [i.id, i.quantity])).toEqual([
      ["2", 2],
      ["4", 1],
    ]);
    expect(api.cart.totals.subtotalCents).toBe(2 * 5499 + 2999);
    act(() => api.cart.update("2", 0));
    expect(api.cart.items.map((i) => i.id)).toEqual(["4"]);
    await waitFor(() => expect(JSON.parse(localStorage.getItem("cart")!)).toEqual([{ id: "4", quantity: 1 }]));
    act(() => api.cart.clear());
    expect(api.cart.totals.itemCount).toBe(0);
  });

  it("refuses to add an out-of-stock product", async () => {
    renderShop();
    await ready();
    act(() => api.cart.add("8"));
    expect(api.cart.items).toEqual([]);
  });

  it("repairs a stored cart: unknown products dropped, prices from the current catalogue", async () => {
    localStorage.setItem(
      "cart",
      JSON.stringify([
        { id: "gone", quantity: 1 },
        { id: "2", quantity: 3, priceCents: 1 },
      ]),
    );
    const data = shopData({ catalogue: PRODUCTS.map((p) => toSummary(p.id === "2" ? { ...p, priceCents: 4000 } : p)) });
    renderShop("/", data);
    await waitFor(() => expect(api.cart.items).toHaveLength(1));
    expect(api.cart.totals.subtotalCents).toBe(12000);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("cart")!)).toEqual([{ id: "2", quantity: 3, priceCents: 1 }].map(({ id, quantity }) => ({ id, quantity }))),
    );
  });
});

describe("cart cookie (docs/decisions/037)", () => {
  const cartCookie = () => decodeURIComponent(document.cookie.match(/(?:^|; )cart=([^;]*)/)?.[1] ?? "");
  beforeEach(() => {
    document.cookie = "cart=; Max-Age=0; Path=/";
  });

  it("mirrors every change of the cart in the cookie the server renders /cart and /checkout from", async () => {
    renderShop();
    await ready();
    act(() => api.cart.add("2"));
    act(() => api.cart.add("2"));
    act(() => api.cart.add("4"));
    await waitFor(() => expect(cartCookie()).toBe("2:2,4:1"));
    act(() => api.cart.clear());
    await waitFor(() => expect(cartCookie()).toBe(""));
  });

  it("starts from the lines the page's loader read from the cookie, already known before the mount effect", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: "2", quantity: 2 }]));
    renderShop("/", shopData({ cartLines: [{ id: "2", quantity: 2 }] }));
    await screen.findByTestId("summary");
    expect(api.cart.hydrated).toBe(true);
    expect(api.cart.totals.itemCount).toBe(2);
  });

  it("lets local storage win over a stale cookie, and writes the cookie back", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: "4", quantity: 1 }]));
    renderShop("/", shopData({ cartLines: [{ id: "2", quantity: 5 }] }));
    await waitFor(() => expect(api.cart.items.map((i) => [i.id, i.quantity])).toEqual([["4", 1]]));
    await waitFor(() => expect(cartCookie()).toBe("4:1"));
    expect(JSON.parse(localStorage.getItem("cart")!)).toEqual([{ id: "4", quantity: 1 }]);
  });
});

describe("forms posted before hydration (docs/decisions/056)", () => {
  const cartCookie = () => decodeURIComponent(document.cookie.match(/(?:^|; )cart=([^;]*)/)?.[1] ?? "");
  beforeEach(() => {
    document.cookie = "cart=; Max-Age=0; Path=/";
  });

  it("takes a cart cookie the server wrote over the stored cart, then drops the server's mark", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: "4", quantity: 1 }]));
    document.cookie = `cart=${encodeURIComponent("s|4:1,2:3")}; Path=/`;
    renderShop();
    await waitFor(() =>
      expect(api.cart.items.map((i) => [i.id, i.quantity])).toEqual([
        ["4", 1],
        ["2", 3],
      ]),
    );
    await waitFor(() => expect(cartCookie()).toBe("4:1,2:3"));
    expect(JSON.parse(localStorage.getItem("cart")!)).toEqual([
      { id: "4", quantity: 1 },
      { id: "2", quantity: 3 },
    ]);
  });

  it("takes a currency cookie newer than the stored preference, and stores it", async () => {
    const now = Date.now();
    localStorage.setItem("currencyPreference", JSON.stringify({ currency: "USD", isManualSelection: true, timestamp: now - 60_000 }));
    document.cookie = serialize(CURRENCY_COOKIE, JSON.stringify({ currency: "GBP", isManualSelection: true, timestamp: now - 1000 }), { path: "/" });
    renderShop("/", shopData({ currency: { currency: "GBP", isManualSelection: true, geoCurrency: null, needsDetection: false } }));
    await ready();
    await waitFor(() => expect(JSON.parse(localStorage.getItem("currencyPreference")!).currency).toBe("GBP"));
    expect(api.currency.currency).toBe("GBP");
  });
});

describe("without the shop's data (the 404 page of an unknown language prefix)", () => {
  it("keeps the stored cart and writes no currency preference", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: "2", quantity: 1 }]));
    renderShop("/", null);
    await ready();
    expect(api.currency.currency).toBe("USD");
    // Flush every pending effect: a repair or a stored preference would happen here.
    await act(async () => {});
    expect(JSON.parse(localStorage.getItem("cart")!)).toEqual([{ id: "2", quantity: 1 }]);
    expect(localStorage.getItem("currencyPreference")).toBeNull();
  });
});

describe("coupon provider", () => {
  it("applies the server's answer after at least 0.5 s and resets on any cart change", async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(
          JSON.stringify({ ok: true, coupon: { id: "s", code: "SAVE10", type: "percentage", description: "10%", discountCents: 550, freeProduct: null } }),
        ),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderShop();
    await ready();
    act(() => api.cart.add("2"));
    const started = Date.now();
    await act(() => api.coupon.apply("SAVE10"));
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    expect(api.coupon.applied?.code).toBe("SAVE10");
    expect(api.coupon.totals.finalTotalCents).toBe(5499 - 550);
    expect(JSON.parse(fetchMock.mock.calls[0][1]!.body as string)).toEqual({ code: "SAVE10", lines: [{ id: "2", quantity: 1 }] });
    act(() => api.cart.add("4"));
    await waitFor(() => expect(api.coupon.applied).toBeNull());
    expect(api.coupon.totals.finalTotalCents).toBe(api.coupon.totals.subtotalCents);
  });

  it("sends the stored cart's lines even before a page that lacks their products has priced them", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: "2", quantity: 2 }]));
    const couponAnswer = { ok: true, coupon: { id: "s", code: "SAVE10", type: "percentage", description: "10%", discountCents: 1100, freeProduct: null } };
    // The whole catalogue this page lacks is still on its way when the shopper applies the code.
    let sendCatalogue = () => {};
    const catalogue = new Promise<Response>((resolve) => (sendCatalogue = () => resolve(Response.json({ products: PRODUCTS.map((p) => toSummary(p)) }))));
    const fetchMock = vi.fn((url: string) => (String(url).includes("catalogue") ? catalogue : Promise.resolve(new Response(JSON.stringify(couponAnswer)))));
    vi.stubGlobal("fetch", fetchMock);
    const product4 = PRODUCTS.find((p) => p.id === "4")!;
    // On a French page: the catalogue fetched here (per language, kept for the session) is not the one other tests expect.
    renderShop("/fr", shopData({ catalogue: undefined, products: [toSummary(product4)] }));
    await ready();
    expect(api.cart.items).toEqual([]);
    await act(() => api.coupon.apply("SAVE10"));
    const couponCall = fetchMock.mock.calls.find(([url]) => !String(url).includes("catalogue"))!;
    expect(JSON.parse((couponCall as unknown as [string, RequestInit])[1].body as string)).toEqual({ code: "SAVE10", lines: [{ id: "2", quantity: 2 }] });
    expect(api.coupon.applied?.discountCents).toBe(1100);
    sendCatalogue();
    await waitFor(() => expect(api.cart.items.map((i) => i.id)).toEqual(["2"]));
  });

  it("shows the translated refusal", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ ok: false, code: "coupon_min_purchase", vars: { amount: "$100.00" } }))),
    );
    renderShop();
    await ready();
    await act(() => api.coupon.apply("BIG"));
    expect(api.coupon.error).toBe("Minimum purchase of $100.00 required for this coupon");
  });
});

describe("currency provider", () => {
  it("applies a pick at once with an empty cart and marks it manual, persisted in storage and cookie", async () => {
    renderShop();
    await ready();
    act(() => api.currency.choose("GBP"));
    expect(api.currency.currency).toBe("GBP");
    expect(api.currency.isManualSelection).toBe(true);
    expect(api.currency.format(1000)).toBe("£7.90");
    expect(JSON.parse(localStorage.getItem("currencyPreference")!)).toMatchObject({ currency: "GBP", isManualSelection: true });
    expect(decodeURIComponent(document.cookie)).toContain('"currency":"GBP"');
  });

  it("asks first when the cart has items: cancel keeps, continue applies", async () => {
    renderShop();
    await ready();
    act(() => api.cart.add("2"));
    act(() => api.currency.choose("EUR"));
    expect(api.currency.pending).toBe("EUR");
    expect(api.currency.currency).toBe("USD");
    act(() => api.currency.cancelPending());
    expect(api.currency.currency).toBe("USD");
    act(() => api.currency.choose("EUR"));
    act(() => api.currency.confirmPending());
    expect(api.currency.currency).toBe("EUR");
  });

  it("detects the currency from the geo lookup, and falls back to USD silently when it fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ country_code: "GB" }))),
    );
    renderShop(
      "/",
      shopData({ geoLookupUrl: "https://geo.example/json", currency: { currency: "USD", isManualSelection: false, geoCurrency: null, needsDetection: true } }),
    );
    await waitFor(() => expect(api.currency.currency).toBe("GBP"));
    expect(api.currency.isManualSelection).toBe(false);
    cleanup();
    // A new visitor: neither the stored preference nor its cookie (a newer cookie would win: docs/decisions/056).
    localStorage.clear();
    document.cookie = serialize(CURRENCY_COOKIE, "", { maxAge: 0, path: "/" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new Error("offline");
      }),
    );
    renderShop(
      "/",
      shopData({ geoLookupUrl: "https://geo.example/json", currency: { currency: "USD", isManualSelection: false, geoCurrency: null, needsDetection: true } }),
    );
    await waitFor(() => expect(localStorage.getItem("currencyPreference")).not.toBeNull());
    expect(api.currency.currency).toBe("USD");
  });

  it("follows the language while not manual: French → EUR, back to English → USD, unless geo said EUR", async () => {
    renderShop();
    await ready();
    await act(() => api.navigate("/fr"));
    expect(api.currency.currency).toBe("EUR");
    await act(() => api.navigate("/es"));
    expect(api.currency.currency).toBe("USD");
    cleanup();
    localStorage.clear();
    renderShop("/", shopData({ currency: { currency: "EUR", isManualSelection: false, geoCurrency: "EUR", needsDetection: false } }));
    await ready();
    await act(() => api.navigate("/fr"));
    await act(() => api.navigate("/"));
    expect(api.currency.currency).toBe("EUR");
  });

  it("never overrides a manual choice when the language changes", async () => {
    renderShop();
    await ready();
    act(() => api.currency.choose("GBP"));
    await act(() => api.navigate("/fr"));
    expect(api.currency.currency).toBe("GBP");
  });

  it("a fresh stored preference wins over the server's guess", async () => {
    localStorage.setItem("currencyPreference", JSON.stringify({ currency: "EUR", isManualSelection: true, timestamp: Date.now() }));
    renderShop();
    await waitFor(() => expect(api.currency.currency).toBe("EUR"));
    expect(api.currency.isManualSelection).toBe(true);
  });
});

describe("hooks outside their provider", () => {
  it("throw a programming error", () => {
    const Lonely = () => {
      useCart();
      return null;
    };
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Lonely />)).toThrow("useCart must be used within a CartProvider");
  });

  it("on a page carrying only its own products, fetches the catalogue for a stored cart naming others and drops nothing meanwhile", async () => {
    localStorage.setItem(
      "cart",
      JSON.stringify([
        { id: "gone", quantity: 1 },
        { id: "4", quantity: 1 },
      ]),
    );
    let answer: (products: unknown) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = (products) => resolve(Response.json({ products })))));
    vi.stubGlobal("fetch", fetchMock);
    try {
      const two = PRODUCTS.filter((p) => p.id === "2").map((p) => toSummary(p));
      renderShop("/", shopData({ catalogue: undefined, products: two }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/catalogue?lang=en"));
      expect(JSON.parse(localStorage.getItem("cart")!)).toHaveLength(2);
      act(() => answer(PRODUCTS.map((p) => toSummary(p))));
      await waitFor(() => expect(api.cart.items.map((i) => i.id)).toEqual(["4"]));
      await waitFor(() => expect(JSON.parse(localStorage.getItem("cart")!)).toEqual([{ id: "4", quantity: 1 }]));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
