import type { Page } from "@playwright/test";

/** The geo lookup the browser runs when no currency preference is stored (root data geoLookupUrl). */
export const GEO_LOOKUP = "https://ipapi.co/**";

/** Marks the visitor as 18+ before any page script runs, so the age gate never shows. */
export async function skipAgeGate(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
}

/**
 * Answers the geo lookup with a country (ISO code), or makes it fail with `null`.
 * Tests must never reach the real service: it is unreachable in CI and its failure is logged.
 */
export async function routeGeo(page: Page, country: string | null): Promise<void> {
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
