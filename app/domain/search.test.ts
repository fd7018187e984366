import { describe, expect, it } from "vitest";
import { toSummary } from "./product";
import { SEARCH_CHIPS, searchProducts } from "./search";
import { CATALOGUE, makeProduct } from "../../tests/fixtures/products";

const ids = (query: string, lang: "en" | "fr" | "es" = "en") => searchProducts(CATALOGUE, query, lang).map((p) => p.id);

describe("searchProducts", () => {
  it("shows nothing for a blank or whitespace query", () => {
    expect(ids("")).toEqual([]);
    expect(ids("   \t")).toEqual([]);
  });

  it("matches titles case-insensitively by substring", () => {
    expect(ids("venom")).toEqual(["2", "venom-firsty-bundle"]);
    expect(ids("  KKONG ")).toEqual(["1"]);
  });

  it("matches categories", () => {
    expect(ids("gifting")).toEqual(["king-kong-ultra-gift"]);
    expect(ids("bundles")).toEqual(["venom-firsty-bundle"]);
  });

  it("matches the description in the page language and in English", () => {
    const products = [makeProduct({ id: "a", title: "A", description: { en: "Wild dance moves", fr: "Danse déchaînée", es: "Baile salvaje" } })];
    expect(searchProducts(products, "dance", "fr").map((p) => p.id)).toEqual(["a"]);
    expect(searchProducts(products, "déchaînée", "fr").map((p) => p.id)).toEqual(["a"]);
    expect(searchProducts(products, "dechainee", "fr").map((p) => p.id)).toEqual(["a"]);
    expect(searchProducts(products, "salvaje", "fr")).toEqual([]);
    // The summaries a French page receives carry exactly what this search reads.
    const sent = products.map((p) => toSummary(p, "fr"));
    expect(sent[0].description).toEqual({ en: "Wild dance moves", fr: "Danse déchaînée" });
    expect(searchProducts(sent, "dance", "fr").map((p) => p.id)).toEqual(["a"]);
    expect(searchProducts(sent, "déchaînée", "fr").map((p) => p.id)).toEqual(["a"]);
    expect(searchProducts(products, "SALVAJE", "es").map((p) => p.id)).toEqual(["a"]);
  });

  it("never offers coupon-only products", () => {
    expect(ids("tramp")).toEqual(["4"]);
  });

  it("returns nothing when nothing matches", () => {
    expect(ids("zzz")).toEqual([]);
  });
});

describe("SEARCH_CHIPS", () => {
  it("are the spec's quick chips, in order", () => {
    expect(SEARCH_CHIPS).toEqual(["Triggers", "Rooms", "Bundles", "Permanent", "King", "Premium"]);
  });
});
