import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { loginAsSeller, placePaidOrder } from "./admin-helpers";

/**
 * Issue 31, "See the shop": the analytics page reads at 375 px and 1280 px, its range picker is a
 * GET form, each chart's CSV holds the rows of its table, and staff see the delivery charts only.
 */

const today = () => new Date().toISOString().slice(0, 10); // the shop's default time zone is UTC
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A table's body rows as text, cell by cell. */
async function tableRows(page: import("@playwright/test").Page, name: string): Promise<string[][]> {
  const table = page.getByRole("table", { name, exact: true });
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").trim())));
}

test("the owner reads every chart at 1280 and 375 px, changes the range and downloads a chart's rows as CSV", async ({ page, request }) => {
  await placePaidOrder(request, "analytics-owner");
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsSeller(page, { next: "/admin/analytics" });
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  for (const title of ["Sales", "Products: views to delivery", "Coupons", "Refunds and disputes", "Delivery against the promise", "Slowest open orders"])
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Sales:/ })).toBeVisible();
  // Today's row counts the order just paid.
  const todays = (await tableRows(page, "Sales")).find((row) => row[0] === today());
  expect(Number(todays?.[1])).toBeGreaterThanOrEqual(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sales", exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // A range change: the last two weeks, by week.
  await page.getByLabel("From", { exact: true }).fill(daysAgo(13));
  await page.getByLabel("To", { exact: true }).fill(today());
  await page.getByLabel("Group by").selectOption("week");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${daysAgo(13)}&to=${today()}&group=week`));
  const weeks = await tableRows(page, "Sales");
  expect(weeks.length).toBeGreaterThanOrEqual(2);
  expect(weeks.length).toBeLessThanOrEqual(3);
  for (const [week] of weeks) expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);

  // The chart's CSV holds the table's rows.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV: Sales" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`sales-${daysAgo(13)}-to-${today()}.csv`);
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toBe("Period,Paid orders,Revenue (USD),Average order (USD),Previous period revenue (USD)");
  expect(lines.map((line) => line.split(","))).toEqual(weeks);
});

test("staff see the delivery charts only, and the sales CSV is refused", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsSeller(page, { account: "staff", next: "/admin/analytics" });
  await expect(page.getByRole("heading", { name: "Delivery against the promise" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Slowest open orders" })).toBeVisible();
  for (const hidden of ["Sales", "Coupons", "Refunds and disputes", "Products: views to delivery"])
    await expect(page.getByRole("heading", { name: hidden, exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Time zone (IANA name)")).toHaveCount(0);
  const sales = await page.request.get(`/admin/analytics/csv/sales?from=${daysAgo(6)}&to=${today()}&group=day`);
  expect(sales.status()).toBe(403);
  const delivery = await page.request.get(`/admin/analytics/csv/delivery?from=${daysAgo(6)}&to=${today()}&group=day`);
  expect(delivery.status()).toBe(200);
  expect((await delivery.text()).replace(/^\uFEFF/, "")).toMatch(/^Week,Paid orders,Delivered within 12 h/);
});
