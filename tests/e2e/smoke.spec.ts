import { expect, test } from "./fixtures";
import { prepare } from "./helpers";

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test("home page renders in English", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle(/Trigger Shop/);
});

test("French home page is prefixed and in French", async ({ page }) => {
  const response = await page.goto("/fr");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle(/Triggers permanents/);
});

test("Spanish cart page renders in Spanish", async ({ page }) => {
  const response = await page.goto("/es/cart");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Carrito");
});

test("an unknown path answers 404 with links back to the shop", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("Looks like you've followed a broken link or entered a URL that doesn't exist on this site.")).toBeVisible();
  await page.getByRole("link", { name: "Browse triggers" }).click();
  await expect(page).toHaveURL(/\/triggers$/);
});

test("an unknown language prefix answers 404", async ({ page }) => {
  const response = await page.goto("/de/cart");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});
