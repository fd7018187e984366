import { expect, type Page } from "@playwright/test";
import { E2E_SELLERS } from "./seller-accounts";

export { E2E_SELLERS };

/**
 * Logs in through the console's login form as the e2e run's seller (or another of E2E_SELLERS) and
 * waits for the console to show. `next` is the console page to land on (default the dashboard).
 */
export async function loginAsSeller(page: Page, options: { next?: string; account?: keyof typeof E2E_SELLERS } = {}): Promise<void> {
  const { email, password } = E2E_SELLERS[options.account ?? "main"];
  await page.goto(options.next ? `/admin/login?next=${encodeURIComponent(options.next)}` : "/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}
