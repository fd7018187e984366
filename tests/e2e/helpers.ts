import type { Page } from "@playwright/test";

/**
 * The geo lookup the browser runs when no currency preference is stored (root data geoLookupUrl):
 * our own endpoint, which asks the service server-side (docs/decisions/037).
 */
export const GEO_LOOKUP = "**/api/geo";

/** Marks the visitor as 18+ before any page script runs, so the age gate never shows. */
async function skipAgeGate(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
}

/**
 * Answers the geo lookup with a country (ISO code), or makes it fail with `null`.
 * Tests must never reach the real service: it is unreachable in CI and its failure is logged.
 */
async function routeGeo(page: Page, country: string | null): Promise<void> {
  await page.route(GEO_LOOKUP, (route) =>
    country === null
      ? route.abort()
      : route.fulfill({
          json: { country_code: country },
          headers: { "access-control-allow-origin": "*" },
        }),
  );
}

/**
 * Stores cart lines before the first page loads, e.g. `seedCart(page, [{ id: "2", quantity: 2 }])`.
 * Seeds once per tab, so later reloads keep whatever the test did to the cart since.
 */
export async function seedCart(page: Page, lines: ReadonlyArray<{ id: string; quantity: number }>): Promise<void> {
  await page.addInitScript((stored) => {
    if (window.sessionStorage.getItem("e2e:cartSeeded")) return;
    window.sessionStorage.setItem("e2e:cartSeeded", "1");
    window.localStorage.setItem("cart", stored);
  }, JSON.stringify(lines));
}

/**
 * What almost every test needs before its first `page.goto`: no age gate (unless `ageGate: true`)
 * and a geo lookup answering `country` (default 'US'; `null` makes the lookup fail).
 */
export async function prepare(page: Page, options: { country?: string | null; ageGate?: boolean } = {}): Promise<void> {
  if (!options.ageGate) await skipAgeGate(page);
  await routeGeo(page, options.country === undefined ? "US" : options.country);
}

/**
 * A buyer from cart to the payment step: `cart` seeded, checkout, "Proceed to Card Payment", and the
 * details dialog filled in for `email` and sent. The PayPal and card buttons show next.
 */
export async function checkoutToPayment(
  page: Page,
  email: string,
  cart: ReadonlyArray<{ id: string; quantity: number }> = [{ id: "2", quantity: 1 }],
): Promise<void> {
  await prepare(page);
  await seedCart(page, cart);
  await page.goto("/checkout");
  await page.getByRole("button", { name: "Proceed to Card Payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Payment Details" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Full name").fill("Kim Buyer");
  await dialog.getByLabel("Discord username").fill("kim#0007");
  await dialog.getByLabel("Game username").fill("KimGame");
  await dialog.getByRole("button", { name: "Continue" }).click();
}
