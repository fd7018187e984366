import type { Locator } from "@playwright/test";
import { SEED_PRODUCTS } from "../../app/catalogue/seed-products";
import { expect, test } from "./fixtures";
import { prepare } from "./helpers";

/** Listed catalogue ids per section, in catalogue order (SPEC §3). */
const PERMANENT_TRIGGERS = ["king-cummy", "king-cummy-v8-new", "1", "2", "5"];
const GIFTING_TRIGGERS = ["king-kong-ultra-gift", "king-kong-4k-edition-gift", "fat-bull-black-monster-gift"];
const TRIGGERS = [...PERMANENT_TRIGGERS, ...GIFTING_TRIGGERS];
const ROOMS = ["4", "6", "7", "8", "9", "10"];
const BUNDLES = ["venom-firsty-bundle", "king-kong-v4-tramp-house-bundle"];

/**
 * The seeded products' ids among some cards, in page order. The console specs (catalogue-admin,
 * catalogue-editing) list products of their own for a few seconds while these tests run beside them:
 * those are left out, every seeded one (listed or not) is kept, so a seeded product shown where it
 * must not be still fails.
 */
const SEEDED = new Set(SEED_PRODUCTS.map((p) => p.id));
const seededIds = async (cards: Locator) =>
  (await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-product-id") ?? ""))).filter((id) => SEEDED.has(id));

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test("home lists all 16 listed products in the product grid, never the coupon-only tramp-house", async ({ page }) => {
  await page.goto("/");
  const grid = page.locator("#products");
  const cards = grid.getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  expect(await seededIds(cards)).toEqual([...TRIGGERS, ...ROOMS, ...BUNDLES]);
  await expect(page.locator('[data-product-id="tramp-house"]')).toHaveCount(0);
  await expect(page.getByText("Tramp House Room")).toHaveCount(0);
  // Grouped in sections with their own headings.
  for (const name of ["Triggers", "Rooms", "Bundles"]) {
    await expect(grid.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
  }
  // A card shows category, title link, rating, reviews, price and buttons.
  const venom = grid.locator('[data-product-id="2"]');
  await expect(venom.getByRole("link", { name: "VENOM-TRIGGER" })).toHaveAttribute("href", "/product/2");
  await expect(venom.getByText("Permanent Triggers")).toBeVisible();
  await expect(venom.getByRole("img", { name: "Rated 4.8 out of 5" })).toBeVisible();
  await expect(venom.getByText("241 reviews")).toBeVisible();
  await expect(venom.getByTestId("price")).toHaveText("$54.99");
  await expect(venom.getByText("$79.99")).toBeVisible();
  await expect(venom.getByText("Save $25.00")).toBeVisible();
  const image = venom.locator("img");
  await expect(image).toHaveAttribute("alt", "VENOM-TRIGGER");
  // The stored picture's own size, so the square card reserves its place before it loads (no layout shift).
  await expect(image).toHaveAttribute("width", "800");
  await expect(image).toHaveAttribute("height", "800");
  await expect(venom.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
});

test("Shop Now and View Catalog scroll to the product grid", async ({ page }) => {
  await page.goto("/");
  const grid = page.locator("#products");
  await expect(grid).not.toBeInViewport();
  await page.getByRole("link", { name: "Shop Now" }).click();
  await expect(grid).toBeInViewport();
  await expect(page).toHaveURL(/\/#products$/);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect(grid).not.toBeInViewport();
  await page.getByRole("link", { name: "View Catalog" }).click();
  await expect(grid).toBeInViewport();
});

test("home has the community button, trust points, reviews and shop-by-category cards linking to their pages", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Permanent triggers, rooms and bundles for your avatar");
  await expect(page.getByRole("link", { name: "Join our Discord community", exact: true })).toHaveAttribute("href", /discord/);
  await expect(page.getByRole("heading", { name: "Instant delivery" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Permanent edition" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Since 2016" })).toBeVisible();
  const reviews = page.locator("#reviews");
  await expect(reviews.getByRole("heading", { name: "What our customers say" })).toBeVisible();
  await expect(reviews.getByText("J***n")).toBeVisible();
  // No widget configured in tests: no empty slot.
  await expect(page.locator("[data-review-widget]")).toHaveCount(0);

  const categories = page.getByRole("region", { name: "Shop by category" });
  await expect(categories.getByRole("link", { name: /Permanent Triggers/ })).toHaveAttribute("href", "/triggers/permanent");
  await expect(categories.getByRole("link", { name: /Gifting Triggers/ })).toHaveAttribute("href", "/triggers/gift");
  await expect(categories.getByRole("link", { name: /Permanent Rooms/ })).toHaveAttribute("href", "/rooms/permanent");
  await categories.getByRole("link", { name: /Gifting Triggers/ }).click();
  await expect(page).toHaveURL(/\/triggers\/gift$/);
});

test("featured products link to their pages", async ({ page }) => {
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Featured products" });
  await expect(featured.getByTestId("product-tile").first()).toBeVisible();
  await featured.getByRole("link", { name: /VENOM-TRIGGER/ }).click();
  await expect(page).toHaveURL(/\/product\/2$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("VENOM-TRIGGER");
});

test("listing pages show their products with the delivery promise", async ({ page }) => {
  for (const [path, ids, heading] of [
    ["/triggers", TRIGGERS, "Triggers — Permanent & Gifting"],
    ["/rooms", ROOMS, "Rooms"],
    ["/bundles", BUNDLES, "Bundles — Trigger + Room"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByText("Delivered by hand within 12–24 hours after payment.")).toBeVisible();
    const cards = page.getByTestId("product-card");
    await expect(cards.first()).toBeVisible();
    expect(await seededIds(cards)).toEqual([...ids]);
  }
});

test("the triggers page splits permanent and gifting triggers and links to their pages", async ({ page }) => {
  await page.goto("/triggers");
  const permanent = page.getByRole("region", { name: "Permanent triggers" });
  const gift = page.getByRole("region", { name: "Gifting triggers" });
  await expect(permanent.getByTestId("product-card").first()).toBeVisible();
  expect(await seededIds(permanent.getByTestId("product-card"))).toEqual(PERMANENT_TRIGGERS);
  expect(await seededIds(gift.getByTestId("product-card"))).toEqual(GIFTING_TRIGGERS);
  await expect(permanent.getByRole("link", { name: "How permanent triggers work" })).toHaveAttribute("href", "/triggers/permanent");
  await expect(gift.getByRole("link", { name: "How gifting triggers work" })).toHaveAttribute("href", "/triggers/gift");
});

test("bundle cards show the saving worked out from the item prices", async ({ page }) => {
  await page.goto("/bundles");
  // Venom Firsty: VENOM-TRIGGER 54.99 + 3SOME-ROOM 39.99 − 69.99; KKONG-V4 bundle: 49.99 + 29.99 − 59.99.
  await expect(page.locator('[data-product-id="venom-firsty-bundle"]').getByText("Save $24.99 vs. buying separately")).toBeVisible();
  const kingKong = page.locator('[data-product-id="king-kong-v4-tramp-house-bundle"]');
  await expect(kingKong.getByText("Save $19.99 vs. buying separately")).toBeVisible();
  // One saving per card, the one the product page explains: not also its catalogue "original price" ($104.99).
  await expect(kingKong.getByText(/^Save /)).toHaveCount(1);
  await expect(kingKong.getByText("$104.99")).toHaveCount(0);
});

test("an out-of-stock card shows the badge and cannot be added to the cart", async ({ page }) => {
  await page.goto("/rooms");
  const bunker = page.locator('[data-product-id="8"]');
  await expect(bunker.getByText("Out of Stock")).toBeVisible();
  await expect(bunker.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  await expect(bunker.getByRole("button", { name: "Buy Now" })).toBeEnabled();
  await expect(page.locator('[data-product-id="9"]').getByText("Out of Stock")).toHaveCount(0);
});

test("Buy Now on a card adds the product and goes to checkout", async ({ page }) => {
  await page.goto("/rooms");
  await page.locator('[data-product-id="6"]').getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator("[data-sonner-toast]").getByText("Proceeding to checkout")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cart"))).toBe(JSON.stringify([{ id: "6", quantity: 1 }]));
});

test("French home: French texts and EUR prices with the TTC note", async ({ page }) => {
  await page.goto("/fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Triggers permanents, salles et packs pour votre avatar");
  await expect(page.getByRole("link", { name: "Acheter", exact: true })).toBeVisible();
  const venom = page.locator("#products").locator('[data-product-id="2"]');
  await expect(venom.getByTestId("price")).toHaveText("50,59\u00a0€");
  await expect(venom.getByText("TVA incluse (TTC)")).toBeVisible();
  await expect(venom.getByRole("button", { name: "Ajouter au panier" })).toBeVisible();
  await expect(venom.getByRole("link", { name: "VENOM-TRIGGER" })).toHaveAttribute("href", "/fr/product/2");
  await expect(page.getByRole("region", { name: "Acheter par catégorie" }).getByRole("link", { name: /Triggers cadeaux/ })).toHaveAttribute(
    "href",
    "/fr/triggers/gift",
  );
});

test("Spanish listings: Spanish texts, dollar prices without the VAT note", async ({ page }) => {
  await page.goto("/es/rooms");
  await expect(page.getByText("Entrega manual en un plazo de 12 a 24 horas tras el pago.")).toBeVisible();
  const room = page.locator('[data-product-id="6"]');
  await expect(room.getByText("Salas", { exact: true })).toBeVisible();
  await expect(room.getByTestId("price")).toHaveText("$39.99");
  await expect(room.getByRole("button", { name: "Añadir al carrito" })).toBeVisible();
  await expect(page.getByText("IVA incluido (TTC)")).toHaveCount(0);
  await expect(page.locator('[data-product-id="8"]').getByText("Agotado")).toBeVisible();
});

test("home and listing pages have no accessibility violations in their content", async ({ page }) => {
  test.setTimeout(120_000); // axe takes a few seconds per page
  const { AxeBuilder } = await import("@axe-core/playwright");
  for (const path of ["/", "/triggers", "/rooms", "/bundles", "/fr"]) {
    await page.goto(path);
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    const result = await new AxeBuilder({ page }).include("main").analyze();
    expect(result.violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
});
