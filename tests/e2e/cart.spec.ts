import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { prepare, seedCart } from "./helpers";

const toast = (page: Page) => page.locator("[data-sonner-toast]");
const line = (page: Page, id: string) => page.locator(`[data-testid="cart-line"][data-product-id="${id}"]`);
const summary = (page: Page) => page.getByTestId("cart-summary");

async function openCart(page: Page, lines: { id: string; quantity: number }[] = [], country = "US") {
  await prepare(page, { country });
  if (lines.length > 0) await seedCart(page, lines);
  await page.goto("/cart");
}

async function applyCoupon(page: Page, code: string) {
  await page.getByLabel("Coupon code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

test.describe("cart", () => {
  test("adding shows the toast, adding again raises the quantity to 2", async ({ page }) => {
    await prepare(page);
    await page.goto("/product/2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page).getByText("Added to Cart", { exact: true })).toBeVisible();
    await expect(toast(page).getByText("VENOM-TRIGGER added to your cart")).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/cart");
    const venom = line(page, "2");
    await expect(venom.getByTestId("cart-quantity")).toHaveText("2");
    await expect(venom.getByTestId("cart-line-total")).toContainText("$109.98");
    await expect(venom.getByText("$54.99 each")).toBeVisible();
    await expect(venom.getByText("Permanent Triggers")).toBeVisible();
    await expect(venom.getByRole("link", { name: "VENOM-TRIGGER" })).toHaveAttribute("href", "/product/2");
    await expect(venom.locator("img")).toHaveAttribute("src", /^\/media\/img\/[0-9a-f]{32}\.svg$/);
    await expect(venom.locator("img")).toHaveAttribute("alt", "VENOM-TRIGGER");
  });

  test("minus, plus, remove and clear", async ({ page }) => {
    await openCart(page, [
      { id: "2", quantity: 2 },
      { id: "4", quantity: 1 },
    ]);
    const venom = line(page, "2");
    await venom.getByRole("button", { name: "Decrease quantity of VENOM-TRIGGER" }).click();
    await expect(venom.getByTestId("cart-quantity")).toHaveText("1");
    await venom.getByRole("button", { name: "Increase quantity of VENOM-TRIGGER" }).click();
    await venom.getByRole("button", { name: "Increase quantity of VENOM-TRIGGER" }).click();
    await expect(venom.getByTestId("cart-quantity")).toHaveText("3");
    await expect(summary(page).getByTestId("summary-subtotal")).toContainText("$194.96");

    await page.getByRole("button", { name: "Remove TRAMP-ROOM" }).click();
    await expect(line(page, "4")).toHaveCount(0);
    await expect(summary(page).getByTestId("summary-subtotal")).toContainText("$164.97");

    await venom.getByRole("button", { name: "Decrease quantity of VENOM-TRIGGER" }).click();
    await expect(venom.getByTestId("cart-quantity")).toHaveText("2");

    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(toast(page).getByText("Cart cleared")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByText("Looks like you haven't added any items to your cart yet.")).toBeVisible();
  });

  test("a quantity of 1 minus one removes the line", async ({ page }) => {
    await openCart(page, [
      { id: "6", quantity: 1 },
      { id: "7", quantity: 1 },
    ]);
    await page.getByRole("button", { name: "Decrease quantity of BADBOSS-ROOM" }).click();
    await expect(line(page, "6")).toHaveCount(0);
    await expect(line(page, "7")).toHaveCount(1);
  });

  test("totals: subtotal is the sum of price × quantity, shipping is free", async ({ page }) => {
    await openCart(page, [
      { id: "2", quantity: 2 },
      { id: "4", quantity: 1 },
      { id: "king-kong-ultra-gift", quantity: 3 },
    ]);
    // 2 × 54.99 + 29.99 + 3 × 38.00
    await expect(summary(page).getByTestId("summary-subtotal")).toHaveText("Subtotal$253.97");
    await expect(summary(page).getByTestId("summary-discount")).toHaveText("Discount$0.00");
    await expect(summary(page).getByTestId("summary-shipping")).toHaveText("ShippingFree");
    await expect(summary(page).getByTestId("summary-total")).toHaveText("Total$253.97");
    await expect(line(page, "king-kong-ultra-gift").getByTestId("cart-line-total")).toContainText("$114.00");
  });

  test("a reload keeps the cart", async ({ page }) => {
    await openCart(page, [{ id: "2", quantity: 1 }]);
    await page.getByRole("button", { name: "Increase quantity of VENOM-TRIGGER" }).click();
    await expect(line(page, "2").getByTestId("cart-quantity")).toHaveText("2");
    await page.reload();
    await expect(line(page, "2").getByTestId("cart-quantity")).toHaveText("2");
    await expect(summary(page).getByTestId("summary-total")).toContainText("$109.98");
  });

  test("the empty cart shows its card and a way back to the shop", async ({ page }) => {
    await openCart(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByText("Looks like you haven't added any items to your cart yet.")).toBeVisible();
    await expect(page.getByTestId("cart-summary")).toHaveCount(0);
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a stored cart never flashes the empty card while it loads", async ({ page }) => {
    await prepare(page);
    await seedCart(page, [{ id: "2", quantity: 1 }]);
    // The server-rendered HTML has the skeleton, not the empty-cart card.
    const response = await page.request.get("/cart");
    // Only the markup: the hydration data after it carries the page's translations.
    const html = (await response.text()).split("window.__reactRouterContext")[0];
    expect(html).not.toContain("Your cart is empty");
    expect(html).toContain("Loading your cart…");
    await page.goto("/cart");
    await expect(line(page, "2")).toBeVisible();
  });

  test("the server renders the cart from its cookie, so the first paint is the cart itself", async ({ page }) => {
    await openCart(page, [{ id: "2", quantity: 2 }]);
    await expect(line(page, "2")).toBeVisible();
    // The browser mirrored its stored cart in the cookie the next page request carries.
    for (const [path, marker] of [
      ["/cart", 'data-product-id="2"'],
      ["/checkout", 'data-testid="checkout-total"'],
    ]) {
      const html = (await (await page.request.get(path)).text()).split("window.__reactRouterContext")[0];
      expect(html).toContain(marker);
      expect(html).not.toContain("Loading your cart…");
    }
    // Cleared in the browser, the server renders the empty card at once.
    await page.getByRole("button", { name: "Clear cart" }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    const html = (await (await page.request.get("/cart")).text()).split("window.__reactRouterContext")[0];
    expect(html).toContain("Your cart is empty");
  });

  test("Proceed to Checkout shows the toast and opens /checkout", async ({ page }) => {
    await openCart(page, [{ id: "2", quantity: 1 }]);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(toast(page).getByText("Proceeding to checkout")).toBeVisible();
  });
});

test.describe("coupon", () => {
  test("the field is upper-cased as typed, Apply is disabled while empty, and 'Applying...' shows before the result", async ({ page }) => {
    await openCart(page, [{ id: "2", quantity: 2 }]);
    const input = page.getByLabel("Coupon code");
    await expect(page.getByRole("button", { name: "Apply" })).toBeDisabled();
    await input.pressSequentially("save10");
    await expect(input).toHaveValue("SAVE10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("button", { name: "Applying..." })).toBeDisabled();
    await expect(page.getByTestId("coupon-applied")).toBeVisible();
    await expect(page.getByRole("button", { name: "Applying..." })).toHaveCount(0);
  });

  test("Enter applies the code", async ({ page }) => {
    await openCart(page, [{ id: "2", quantity: 2 }]);
    await page.getByLabel("Coupon code").fill("FIVEOFF");
    await page.getByLabel("Coupon code").press("Enter");
    await expect(page.getByTestId("coupon-applied").getByText("Coupon FIVEOFF applied")).toBeVisible();
  });

  test("SAVE10 takes 10% off the subtotal", async ({ page }) => {
    await openCart(page, [{ id: "2", quantity: 2 }]);
    await applyCoupon(page, "SAVE10");
    const applied = page.getByTestId("coupon-applied");
    await expect(applied.getByText("Coupon SAVE10 applied")).toBeVisible();
    await expect(applied.getByText("10% off your order")).toBeVisible();
    await expect(summary(page).getByTestId("summary-subtotal")).toHaveText("Subtotal$109.98");
    await expect(summary(page).getByTestId("summary-discount")).toHaveText("Discount−$11.00");
    await expect(summary(page).getByTestId("summary-total")).toHaveText("Total$98.98");
  });

  test("FIVEOFF takes $5 off", async ({ page }) => {
    await openCart(page, [{ id: "2", quantity: 2 }]);
    await applyCoupon(page, "FIVEOFF");
    await expect(summary(page).getByTestId("summary-discount")).toHaveText("Discount−$5.00");
    await expect(summary(page).getByTestId("summary-total")).toHaveText("Total$104.98");
  });

  test("FREEROOM with a permanent trigger adds the free Tramp House Room and no discount line", async ({ page }) => {
    await openCart(page, [{ id: "2", quantity: 1 }]);
    await applyCoupon(page, "FREEROOM");
    await expect(page.getByTestId("coupon-applied").getByText("Coupon FREEROOM applied")).toBeVisible();
    await expect(summary(page).getByTestId("summary-free")).toHaveText("Free: Tramp House RoomFREE");
    await expect(summary(page).getByTestId("summary-discount")).toHaveCount(0);
    await expect(page.getByTestId("coupon-applied").getByText("Discount")).toHaveCount(0);
    await expect(summary(page).getByTestId("summary-total")).toHaveText("Total$54.99");
  });

  for (const [name, lines] of [
    ["only a room", [{ id: "4", quantity: 1 }]],
    ["only King Cummy", [{ id: "king-cummy", quantity: 1 }]],
  ] as const) {
    test(`FREEROOM with ${name} is refused`, async ({ page }) => {
      await openCart(page, [...lines]);
      await applyCoupon(page, "FREEROOM");
      await expect(page.getByRole("alert")).toHaveText("This coupon only works with eligible triggers (excludes King Cummy, rooms, and bundles)");
      await expect(page.getByTestId("coupon-applied")).toHaveCount(0);
    });
  }

  for (const [code, message] of [
    // NEWUSER15 itself expired on 2025-12-31, but admin-shop.spec.ts extends it for a moment.
    ["OLDSALE", "This coupon has expired"],
    ["NOPE", "Invalid coupon code"],
    ["USEDUP", "This coupon has reached its usage limit"],
    ["PAUSED", "This coupon is no longer active"],
    ["BIGSPENDER", "Minimum purchase of $100.00 required for this coupon"],
  ] as const) {
    test(`${code} is refused with '${message}'`, async ({ page }) => {
      await openCart(page, [{ id: "2", quantity: 1 }]);
      await applyCoupon(page, code);
      await expect(page.getByRole("alert")).toHaveText(message);
      await expect(summary(page).getByTestId("summary-total")).toHaveText("Total$54.99");
    });
  }

  test("Remove resets the coupon with 'Coupon removed'", async ({ page }) => {
    await openCart(page, [{ id: "2", quantity: 2 }]);
    await applyCoupon(page, "SAVE10");
    await expect(summary(page).getByTestId("summary-discount")).toHaveText("Discount−$11.00");
    await page.getByRole("button", { name: "Remove coupon" }).click();
    await expect(toast(page).getByText("Coupon removed")).toBeVisible();
    await expect(page.getByTestId("coupon-applied")).toHaveCount(0);
    await expect(page.getByLabel("Coupon code")).toBeVisible();
    await expect(summary(page).getByTestId("summary-discount")).toHaveText("Discount$0.00");
    await expect(summary(page).getByTestId("summary-total")).toHaveText("Total$109.98");
  });

  test("changing the cart after applying resets the discount", async ({ page }) => {
    await openCart(page, [{ id: "2", quantity: 2 }]);
    await applyCoupon(page, "SAVE10");
    await expect(summary(page).getByTestId("summary-total")).toHaveText("Total$98.98");
    await page.getByRole("button", { name: "Increase quantity of VENOM-TRIGGER" }).click();
    await expect(page.getByTestId("coupon-applied")).toHaveCount(0);
    await expect(summary(page).getByTestId("summary-discount")).toHaveText("Discount$0.00");
    await expect(summary(page).getByTestId("summary-total")).toHaveText("Total$164.97");
  });
});

test.describe("other languages", () => {
  test("French cart: French texts, euro amounts and the TTC note", async ({ page }) => {
    await prepare(page);
    await seedCart(page, [{ id: "2", quantity: 2 }]);
    await page.goto("/fr/cart");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Panier");
    await expect(page.getByRole("button", { name: "Vider le panier" })).toBeVisible();
    await expect(summary(page).getByTestId("summary-subtotal")).toHaveText("Sous-total101,18\u00a0€");
    await expect(summary(page).getByTestId("summary-shipping")).toHaveText("LivraisonGratuite");
    await expect(page.getByText("TVA incluse (TTC)")).toBeVisible();
    await expect(page.getByText("Vous serez débité de $109.98", { exact: false })).toBeVisible();
    await applyCouponFr(page, "nope");
    await expect(page.getByRole("alert")).toHaveText("Code promo invalide");
  });

  test("Spanish empty cart", async ({ page }) => {
    await prepare(page);
    await page.goto("/es/cart");
    await expect(page.getByRole("heading", { name: "Tu carrito está vacío" })).toBeVisible();
    await expect(page.getByText("Parece que todavía no has añadido ningún artículo a tu carrito.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Seguir comprando" })).toHaveAttribute("href", "/es");
  });
});

async function applyCouponFr(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Code promo" }).fill(code);
  await page.getByRole("button", { name: "Appliquer" }).click();
}

test("the cart has no accessibility violations, with items and a coupon or empty", async ({ page }) => {
  test.setTimeout(120_000); // axe takes a few seconds per page
  const { AxeBuilder } = await import("@axe-core/playwright");
  await openCart(page, [{ id: "2", quantity: 2 }]);
  await applyCoupon(page, "NOPE");
  await expect(page.getByRole("alert")).toBeVisible();
  await applyCoupon(page, "SAVE10");
  await expect(page.getByTestId("coupon-applied")).toBeVisible();
  expect((await new AxeBuilder({ page }).include("main").analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole("button", { name: "Clear Cart" }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  expect((await new AxeBuilder({ page }).include("main").analyze()).violations.map((v) => v.id)).toEqual([]);
});
