import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, it, expect } from "vitest";
import { BADGES, CATEGORIES, LANGS, type Product } from "../domain/product";
import { featuredProducts as featuredOf, productsByCategory as byCategory, publicProducts, seedFeaturedIds, type CategoryKind } from "../domain/catalogue";
import { bundleSavingsCents as bundleSavingsOf, isGiftProduct, savingsCents } from "../domain/pricing";
import { seedCatalogue } from "./seed-products";

/** The seed as a freshly seeded database serves it: the rules run over it as over the live catalogue. */
const PRODUCTS = seedCatalogue();
const getProduct = (id: string) => PRODUCTS.find((p) => p.id === id);
const productsByCategory = (kind: CategoryKind) => byCategory(PRODUCTS, kind);
const featuredProducts = () => featuredOf(PRODUCTS);
const listedProducts = () => publicProducts(PRODUCTS);
const bundleSavingsCents = (p: Product) => (p.bundleItems ? bundleSavingsOf(p.priceCents, p.bundleItems) : 0);

const SPEC_PRICES: ReadonlyArray<readonly [id: string, price: number, original: number]> = [
  ["king-cummy", 3499, 5499],
  ["king-cummy-v8-new", 5999, 7499],
  ["1", 4999, 6499],
  ["2", 5499, 7999],
  ["5", 5999, 6499],
  ["king-kong-ultra-gift", 3800, 5499],
  ["king-kong-4k-edition-gift", 3800, 5499],
  ["fat-bull-black-monster-gift", 4499, 6499],
  ["4", 2999, 5499],
  ["6", 3999, 5499],
  ["7", 3999, 5499],
  ["8", 3499, 5499],
  ["9", 3499, 5499],
  ["10", 4699, 6499],
  ["venom-firsty-bundle", 6999, 10499],
  ["king-kong-v4-tramp-house-bundle", 5999, 10499],
  ["tramp-house", 2999, 5499],
];

const VIDEO_IDS = ["1", "2", "4", "6", "7", "9", "10"];

const PUBLIC_DIR = fileURLToPath(new URL("../../public", import.meta.url));

function must(id: string): Product {
  const p = getProduct(id);
  if (!p) throw new Error(`missing product ${id}`);
  return p;
}

function localizedTexts(p: Product): string[] {
  return LANGS.flatMap((lang) => [p.description[lang], p.trackingInfo[lang], p.fullDescription[lang], ...p.features[lang]]);
}

describe("catalogue", () => {
  it("has the 17 products in spec order with unique ids", () => {
    expect(PRODUCTS.map((p) => p.id)).toEqual(SPEC_PRICES.map(([id]) => id));
    expect(new Set(PRODUCTS.map((p) => p.id)).size).toBe(17);
  });

  it("uses the spec prices in integer cents", () => {
    for (const [id, price, original] of SPEC_PRICES) {
      const p = getProduct(id);
      expect(p, id).toBeDefined();
      expect(p?.priceCents, id).toBe(price);
      expect(p?.originalPriceCents, id).toBe(original);
      expect(Number.isInteger(p?.priceCents)).toBe(true);
    }
  });

  it("has valid categories, badges and ratings", () => {
    for (const p of PRODUCTS) {
      expect(CATEGORIES).toContain(p.category);
      if (p.badge !== undefined) expect(BADGES).toContain(p.badge);
      expect(p.rating, p.id).toBeGreaterThanOrEqual(4.7);
      expect(p.rating, p.id).toBeLessThanOrEqual(5);
      expect(Number.isInteger(p.reviews) && p.reviews > 0, p.id).toBe(true);
      expect(p.platforms).toEqual(["mobile", "pc"]);
      expect(savingsCents(p), p.id).toBeGreaterThan(0);
    }
  });

  it("marks only product 8 out of stock", () => {
    expect(PRODUCTS.filter((p) => !p.inStock).map((p) => p.id)).toEqual(["8"]);
  });

  it("has videos only for the seven spec ids", () => {
    const withVideo = PRODUCTS.filter((p) => p.videoUrl !== undefined);
    expect(withVideo.map((p) => p.id).sort()).toEqual([...VIDEO_IDS].sort());
    for (const p of withVideo) expect(p.videoUrl).toBe(`/products/${p.id}.mp4`);
  });

  it("has every localized field filled in en, fr and es", () => {
    for (const p of PRODUCTS) {
      const count = p.features.en.length;
      expect(count, p.id).toBeGreaterThanOrEqual(3);
      expect(count, p.id).toBeLessThanOrEqual(6);
      for (const lang of LANGS) {
        expect(p.description[lang].trim(), `${p.id} ${lang}`).not.toBe("");
        expect(p.trackingInfo[lang].trim(), `${p.id} ${lang}`).not.toBe("");
        expect(p.fullDescription[lang].trim(), `${p.id} ${lang}`).not.toBe("");
        expect(p.features[lang], `${p.id} ${lang}`).toHaveLength(count);
        for (const f of p.features[lang]) expect(f.trim(), `${p.id} ${lang}`).not.toBe("");
      }
    }
  });

  it("has an image file for every image path", () => {
    expect(existsSync(`${PUBLIC_DIR}/products/placeholder.svg`)).toBe(true);
    for (const p of PRODUCTS) {
      expect(p.images.length, p.id).toBeGreaterThan(0);
      expect(p.images[0]).toBe(`/products/${p.id}.svg`);
      for (const img of p.images) {
        expect(img.startsWith("/products/"), img).toBe(true);
        expect(existsSync(`${PUBLIC_DIR}${img}`), img).toBe(true);
      }
    }
  });

  it("follows the coupon eligibility naming rule", () => {
    for (const p of PRODUCTS) {
      const saysTrigger = /trigger/i.test(p.title);
      if (p.type === "trigger" && p.id !== "king-cummy") expect(saysTrigger, p.id).toBe(true);
      if (p.type !== "trigger") expect(saysTrigger, p.id).toBe(false);
    }
  });

  it("describes triggers, rooms and bundles per the spec", () => {
    for (const p of productsByCategory("gift-triggers")) {
      expect(p.delivery).toBe("username-gift");
      expect(p.warrantyDays).toBe(30);
      expect(p.gestures).toBe(true);
      expect(p.audience).toBe("male");
      expect(p.actionCount).toBe(p.id === "fat-bull-black-monster-gift" ? 25 : 20);
    }
    expect(getProduct("king-kong-4k-edition-gift")?.skin).toBe("black");
    expect(getProduct("fat-bull-black-monster-gift")?.skin).toBe("dark");
    for (const p of productsByCategory("permanent-triggers")) {
      expect(p.delivery).toBe("manual-upload");
      expect(p.warrantyDays).toBe(0);
      expect([20, 25]).toContain(p.actionCount);
    }
    for (const p of PRODUCTS.filter((x) => x.category === "Rooms")) {
      expect(p.audience).toBe("everyone");
      expect(p.type).toBe("room");
    }
    expect(getProduct("10")?.poses).toBe(18);
  });

  it("prices bundles below the sum of their real items", () => {
    const bundles = productsByCategory("bundles");
    expect(bundles.map((b) => b.id)).toEqual(["venom-firsty-bundle", "king-kong-v4-tramp-house-bundle"]);
    for (const b of bundles) {
      expect(b.audience).toBe("mixed");
      expect(b.bundleItems).toHaveLength(2);
      for (const item of b.bundleItems ?? []) {
        const real = getProduct(item.productId);
        expect(real, item.productId).toBeDefined();
        expect(real?.title).toBe(item.title);
        expect(real?.priceCents).toBe(item.priceCents);
      }
      expect(bundleSavingsCents(b), b.id).toBeGreaterThan(0);
    }
    expect(bundleSavingsCents(must("venom-firsty-bundle"))).toBe(2499);
    expect(bundleSavingsCents(must("king-kong-v4-tramp-house-bundle"))).toBe(1999);
    expect(bundleSavingsCents(must("1"))).toBe(0);
  });

  it("lists everything except tramp-house", () => {
    expect(PRODUCTS.filter((p) => !p.listed).map((p) => p.id)).toEqual(["tramp-house"]);
    expect(listedProducts()).toHaveLength(16);
    expect(productsByCategory("rooms").map((p) => p.id)).not.toContain("tramp-house");
    expect(productsByCategory("permanent-rooms")).toEqual(productsByCategory("rooms"));
    expect(productsByCategory("triggers")).toHaveLength(8);
    expect(productsByCategory("rooms")).toHaveLength(6);
  });

  it("features at most six listed best sellers", () => {
    const featured = seedFeaturedIds(PRODUCTS).map((id) => getProduct(id)!);
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.length).toBeLessThanOrEqual(6);
    // Without the seller's choice (a featured place) no product is in the row.
    expect(featuredProducts()).toEqual([]);
    for (const p of featured) {
      expect(p.listed).toBe(true);
      expect(["Best Seller", "Bestseller", "Popular", "Premium"]).toContain(p.badge);
    }
  });

  it("recognises gift products by id", () => {
    expect(isGiftProduct("king-kong-ultra-gift")).toBe(true);
    expect(isGiftProduct("1")).toBe(false);
    expect(getProduct("nope")).toBeUndefined();
  });

  it("never states a money amount in copy", () => {
    for (const p of PRODUCTS) {
      for (const text of [p.title, ...localizedTexts(p)]) {
        expect(text, p.id).not.toMatch(/[$£€]\s*\d|\d\s*(?:[$£€]|USD|EUR|GBP)/);
      }
    }
  });
});
