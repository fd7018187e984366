import { execFileSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { buyer, loginAsSeller, placeOrder } from "./admin-helpers";
import { prepare } from "./helpers";
import { createDatabase, PG_URL, postgresReachable, startShopProcess, stopShopProcess } from "./processes";

/**
 * The seller runs the catalogue (issue 20): a product made in the console, in three languages, is a
 * draft until listed, then everywhere on the storefront (the featured row, chosen in the list, is
 * in catalogue-editing.spec.ts); archiving takes it off the storefront while its orders keep it; and an edit made through one
 * process shows on another at once.
 */

/** A title no other run or retry has used (the e2e database lives for the whole run). */
const uniqueTitle = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function fillProduct(page: Page, title: string) {
  await page.getByLabel("Price (US$)", { exact: true }).fill("19.99");
  await page.getByLabel("Compare-at price (US$, optional)", { exact: true }).fill("29.99");
  await page.getByLabel("Category", { exact: true }).selectOption("Rooms");
  await page.getByLabel("Type", { exact: true }).selectOption("room");
  await page.getByLabel("Audience", { exact: true }).selectOption("everyone");
  await page.getByLabel("Number of poses", { exact: true }).fill("14");
  await page.getByLabel("Title (English)", { exact: true }).fill(title);
  await page.getByLabel("Short description (English)", { exact: true }).fill(`${title}: a quiet loft with soft light.`);
  await page.getByLabel("Tracking line (English)", { exact: true }).fill("Added to your account within 12–24 hours");
  await page.getByLabel("Full description (English)", { exact: true }).fill(`${title} is a loft room with 14 poses.`);
  await page.getByLabel("Features (one per line) (English)", { exact: true }).fill("14 poses\nWorks on mobile and PC");
  await page.getByLabel("Title (French)", { exact: true }).fill(`${title} en français`);
  await page.getByLabel("Short description (French)", { exact: true }).fill(`${title} : un loft calme à la lumière douce.`);
  await page.getByLabel("Title (Spanish)", { exact: true }).fill(`${title} en español`);
}

async function saveProduct(page: Page) {
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status")).toContainText("Saved. The storefront shows the change now.");
}

async function searchFinds(page: Page, query: string, name: string, count: number) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
  const dialog = page.getByRole("dialog", { name: "Search Products" });
  await dialog.getByRole("searchbox", { name: "Search products" }).fill(query);
  if (count === 0) await expect(dialog.getByText(/No products found/)).toBeVisible();
  await expect(dialog.getByRole("link", { name: new RegExp(name) })).toHaveCount(count);
}

test("a product made in the console in three languages goes from draft to every storefront page, and archiving takes it off while its order keeps it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await prepare(page);
  const title = uniqueTitle("Loft Room");
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

  await loginAsSeller(page, { next: "/admin/products/new" });
  // English is required: the browser refuses before anything is posted.
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("alert")).toHaveText("Nothing was saved: correct the fields marked below.");
  await expect(page.getByLabel("Title (English)", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await fillProduct(page, title);
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}`));
  // What is left untranslated is flagged; the storefront shows English there.
  await expect(page.getByText(/Missing translations: French \(3 texts\), Spanish \(4 texts\)/)).toBeVisible();

  // A draft: the seller previews it at its real URL, the public gets 404.
  expect((await request.get(`/product/${id}`)).status()).toBe(404);
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  await page.goto(`/admin/products/${id}`);
  await page.getByRole("checkbox", { name: "Listed" }).check();
  await saveProduct(page);

  await page.goto("/rooms");
  await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
  await searchFinds(page, title, title, 1);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/product/${id}<`);
  await page.goto(`/fr/product/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} en français`);
  // No French full description yet: the English one is shown.
  await expect(page.getByText(`${title} is a loft room with 14 poses.`)).toBeVisible();

  // An order placed now keeps its title and price whatever happens to the product.
  const order = await placeOrder(request, buyer(`loft${Date.now()}`), { lines: [{ id, quantity: 1 }] });
  expect(order.totalCents).toBe(1999);

  await page.goto(`/admin/products/${id}`);
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("status")).toContainText("Archived");
  expect((await request.get(`/product/${id}`)).status()).toBe(404);
  await page.goto("/rooms");
  await expect(page.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);
  await searchFinds(page, title, title, 0);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/product/${id}<`);

  await page.goto(`/admin/orders/${order.id}`);
  const items = page.getByRole("table", { name: "Items" });
  await expect(items.getByRole("row", { name: new RegExp(title) })).toContainText("$19.99");
});

test.describe("two processes on one PostgreSQL", () => {
  const basePort = Number(process.env.E2E_PORT ?? 3210) + 2100;
  const urls = [`http://127.0.0.1:${basePort}`, `http://127.0.0.1:${basePort + 1}`] as const;
  const seller = { email: "catalogue@e2e.test", password: "catalogue seller password 1" };
  let drop: (() => Promise<void>) | undefined;
  const processes: ChildProcess[] = [];

  test.beforeAll(async () => {
    test.skip(!(await postgresReachable()), `no PostgreSQL answers at ${PG_URL}`);
    test.setTimeout(150_000);
    const database = await createDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.url, SITE_URL: urls[0], RENDER_CACHE_SECONDS: "600" };
    processes.push(await startShopProcess(basePort, env));
    processes.push(await startShopProcess(basePort + 1, env));
    execFileSync("npx", ["tsx", "scripts/admin.ts", "create", "--email", seller.email], {
      input: `${seller.password}\n`,
      env: { ...process.env, ...env, SESSION_SECRET: "processes-secret-processes-secret-0123456", LOG_LEVEL: "warn" },
      stdio: ["pipe", "ignore", "inherit"],
    });
  });

  test.afterAll(async () => {
    await Promise.all(processes.map((child) => stopShopProcess(child)));
    await drop?.();
  });

  test("a French title edited through one process shows on /fr/product/{id} served by the other", async ({ browser }) => {
    const page = await (await browser.newContext({ baseURL: urls[0] })).newPage();
    // The second process has the French page in its render cache before the edit.
    const before = await (await fetch(`${urls[1]}/fr/product/6`)).text();
    expect(before).toContain("BADBOSS-ROOM");
    await page.goto(`/admin/login?next=${encodeURIComponent("/admin/products/6")}`);
    await page.getByLabel("Email").fill(seller.email);
    await page.getByLabel("Password").fill(seller.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByLabel("Title (French)", { exact: true }).fill("Salle du Grand Patron");
    await saveProduct(page);
    await expect.poll(async () => (await (await fetch(`${urls[1]}/fr/product/6`)).text()).includes("Salle du Grand Patron"), { timeout: 5_000 }).toBe(true);
    expect(await (await fetch(`${urls[1]}/product/6`)).text()).not.toContain("Salle du Grand Patron");
    await page.context().close();
  });
});
