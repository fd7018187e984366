/**
 * Nothing tapped before the JavaScript arrives is lost (issue 34, docs/decisions/056): every storefront
 * action that changes state is a plain form first. Each is pressed twice over: in a browser with
 * JavaScript off, and with JavaScript on but the page's scripts held back until the tap is done —
 * and each ends with what the shopper sees with JavaScript (the cart, the coupon, the prices, the language).
 */
import { test as base, type Browser, type BrowserContext, type Page, type Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { prepare } from "./helpers";

const line = (page: Page, id: string) => page.locator(`[data-testid="cart-line"][data-product-id="${id}"]`);
const baseURL = () => `http://localhost:${process.env.E2E_PORT ?? 3210}`;

/** The cart's cookie as the browser writes it (app/domain/cart-cookie.ts), for a context with or without JavaScript. */
async function seedCartCookie(context: BrowserContext, lines: string): Promise<void> {
  await context.addCookies([{ name: "cart", value: encodeURIComponent(lines), url: baseURL(), sameSite: "Lax" }]);
}

test.describe("without JavaScript", () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeEach(async ({ browser }: { browser: Browser }) => {
    // Several full page loads and form posts each, on a shared 2-core machine.
    test.slow();
    context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL() });
    page = await context.newPage();
  });
  test.afterEach(async () => {
    await context.close();
  });

  test("add to cart posts the form, says so, and the cart has the line", async () => {
    await page.goto("/product/2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(/\/product\/2\?notice=added&item=2$/);
    await expect(page.getByRole("status").filter({ hasText: "Added to Cart" })).toContainText("VENOM-TRIGGER added to your cart");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/cart");
    await expect(line(page, "2").getByTestId("cart-quantity")).toHaveText("2");
    await expect(line(page, "2").getByTestId("cart-line-total")).toContainText("$109.98");
  });

  test("buy now adds the product and opens checkout; out of stock goes to the product with the Discord message", async () => {
    await page.goto("/product/2");
    await page.getByRole("button", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText("VENOM-TRIGGER").first()).toBeVisible();
    await page.goto("/rooms");
    await page.locator('[data-product-id="8"]').getByRole("button", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/product\/8\?notice=discord$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bunker Room");
    const message = page.getByRole("status").filter({ hasText: "Join Discord server for order!" });
    await expect(message.getByRole("link", { name: "Join Discord" })).toHaveAttribute("href", /discord/);
  });

  test("quantity and remove change the cart the server renders", async () => {
    await seedCartCookie(context, "2:1,4:1");
    await page.goto("/cart");
    await page.getByRole("button", { name: "Increase quantity of VENOM-TRIGGER" }).click();
    await expect(line(page, "2").getByTestId("cart-quantity")).toHaveText("2");
    await page.getByRole("button", { name: "Decrease quantity of VENOM-TRIGGER" }).click();
    await expect(line(page, "2").getByTestId("cart-quantity")).toHaveText("1");
    await page.getByRole("button", { name: "Remove VENOM-TRIGGER" }).click();
    await expect(line(page, "2")).toHaveCount(0);
    await expect(line(page, "4")).toHaveCount(1);
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("a coupon is applied and removed by the server; a refused one says why", async () => {
    await seedCartCookie(context, "2:2");
    await page.goto("/cart");
    await page.getByLabel("Coupon code").fill("nope");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid coupon code");
    await page.getByLabel("Coupon code").fill("SAVE10");
    await page.getByRole("button", { name: "Apply" }).click();
    const applied = page.getByTestId("coupon-applied");
    await expect(applied.getByText("Coupon SAVE10 applied")).toBeVisible();
    await expect(applied.getByText("10% off your order")).toBeVisible();
    await page.getByRole("button", { name: "Remove coupon" }).click();
    await expect(page.getByTestId("coupon-applied")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Coupon removed" })).toBeVisible();
  });

  test("currency and language switch through their page of forms and come back", async () => {
    await page.goto("/product/2");
    await page.getByRole("button", { name: /^Currency: USD/ }).click();
    await expect(page).toHaveURL(/\/preferences\?back=%2Fproduct%2F2$/);
    await page.getByRole("button", { name: /^GBP/ }).click();
    await expect(page).toHaveURL(/\/product\/2$/);
    await expect(page.getByTestId("price").first()).toHaveText(/^£/);
    await page.getByRole("button", { name: /Language: English/ }).click();
    await page.getByRole("button", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/product\/2$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("button", { name: "Ajouter au panier" })).toBeVisible();
    // The choice is remembered: an English address sends this shopper to French.
    await page.goto("/cart");
    await expect(page).toHaveURL(/\/fr\/cart$/);
  });
});

/**
 * JavaScript on, but every script of the page held back until the tap is done, then released:
 * the tap completes as a form post and the next page hydrates with its result. Playwright's own
 * `test` (not the fixtures' page.goto, which waits for hydration that cannot come while held).
 */
base.describe("scripts held back until after the tap", () => {
  const SCRIPTS = /\/assets\/.*\.js(\?|$)/;

  /** Opens `path` with the scripts held, runs `tap`, releases them, and waits for the page it led to to hydrate. */
  async function tapBeforeHydration(page: Page, path: string, tap: () => Promise<void>): Promise<void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await released;
      await route.continue().catch(() => undefined);
    };
    await page.route(SCRIPTS, hold);
    await page.goto(path, { waitUntil: "commit" });
    await tap();
    release();
    await page.unroute(SCRIPTS, hold);
    await hydrated(page);
  }

  const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

  base.beforeEach(async ({ page, context }) => {
    base.slow();
    await prepare(page);
    await context.addCookies([{ name: "lang", value: "en", url: baseURL() }]);
  });

  base("add to cart", async ({ page }) => {
    await tapBeforeHydration(page, "/product/2", () => page.getByRole("button", { name: "Add to Cart" }).click());
    await expect(page.getByRole("status").filter({ hasText: "Added to Cart" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cart (1)" })).toBeVisible();
    await page.goto("/cart", { waitUntil: "commit" });
    await hydrated(page);
    await expect(line(page, "2").getByTestId("cart-quantity")).toHaveText("1");
  });

  base("buy now", async ({ page }) => {
    await tapBeforeHydration(page, "/product/2", () => page.getByRole("button", { name: "Buy Now" }).click());
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("button", { name: "Proceed to Card Payment" })).toBeVisible();
    await expect(page.getByText("VENOM-TRIGGER").first()).toBeVisible();
  });

  base("change quantity and remove", async ({ page, context }) => {
    await seedCartCookie(context, "s|2:1,4:1");
    await tapBeforeHydration(page, "/cart", () => page.getByRole("button", { name: "Increase quantity of VENOM-TRIGGER" }).click());
    await expect(line(page, "2").getByTestId("cart-quantity")).toHaveText("2");
    await tapBeforeHydration(page, "/cart", () => page.getByRole("button", { name: "Remove VENOM-TRIGGER" }).click());
    await expect(line(page, "2")).toHaveCount(0);
    await expect(line(page, "4")).toHaveCount(1);
    // The hydrated page kept the server's cart (and stored it): a reload shows the same.
    await page.reload();
    await hydrated(page);
    await expect(line(page, "4")).toHaveCount(1);
    await expect(line(page, "2")).toHaveCount(0);
  });

  base("apply a coupon", async ({ page, context }) => {
    await seedCartCookie(context, "s|2:2");
    await tapBeforeHydration(page, "/cart", async () => {
      await page.getByLabel("Coupon code").fill("SAVE10");
      await page.getByRole("button", { name: "Apply" }).click();
    });
    await expect(page.getByTestId("coupon-applied").getByText("Coupon SAVE10 applied")).toBeVisible();
    await expect(page.getByTestId("summary-discount")).toHaveText("Discount−$11.00");
  });

  base("switch currency and language", async ({ page }) => {
    await tapBeforeHydration(page, "/product/2", () => page.getByRole("button", { name: /^Currency: USD/ }).click());
    await page.getByRole("button", { name: /^EUR/ }).click();
    await expect(page).toHaveURL(/\/product\/2$/);
    await hydrated(page);
    await expect(page.getByTestId("price").first()).toHaveText(/€$/);
    await tapBeforeHydration(page, "/product/2", () => page.getByRole("button", { name: /Language: English/ }).click());
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/es\/product\/2$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByTestId("price").first()).toHaveText(/€$/);
  });
});
