import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { buyer, loginAsSeller } from "./admin-helpers";
import { prepare } from "./helpers";

/**
 * Catalogue editing a seller enjoys (issue 33): the featured row chosen from the list, reorder by
 * drag and keyboard, a price with no compare-at, a stock count that runs out, delete, a bulk price
 * cut, scheduled publishing and photos dropped onto the media card. Every test makes its own
 * products and archives or deletes them, so the seeded catalogue stays as other specs expect.
 */

const uniqueTitle = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const idOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
/** Another client address per call: the order endpoint's per-client limit is not what is tested here. */
const asClient = () => ({ "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 250)}` });

interface NewProduct {
  price?: string;
  compareAt?: string;
  stock?: string;
  listed?: boolean;
  publishAt?: string;
}

/** Creates a trigger through the console's form; returns its id. The page is left on its edit page. */
async function createProduct(page: Page, title: string, options: NewProduct = {}): Promise<string> {
  await page.goto("/admin/products/new");
  await page.getByLabel("Price (US$)", { exact: true }).fill(options.price ?? "19.99");
  if (options.compareAt) await page.getByLabel("Compare-at price (US$, optional)", { exact: true }).fill(options.compareAt);
  if (options.stock) await page.getByLabel("Stock count (optional)", { exact: true }).fill(options.stock);
  if (options.publishAt) await page.getByLabel("Publish at (UTC, optional)", { exact: true }).fill(options.publishAt);
  if (options.listed ?? true) await page.getByRole("checkbox", { name: "Listed" }).check();
  await page.getByLabel("Title (English)", { exact: true }).fill(title);
  await page.getByLabel("Short description (English)", { exact: true }).fill(`${title}: made by the catalogue editing test.`);
  await page.getByLabel("Tracking line (English)", { exact: true }).fill("Added to your account within 12–24 hours");
  await page.getByLabel("Full description (English)", { exact: true }).fill(`${title} is a trigger made for a test.`);
  await page.getByLabel("Features (one per line) (English)", { exact: true }).fill("20 actions\nWorks on mobile and PC");
  await page.getByRole("button", { name: "Create product" }).click();
  const id = idOf(title);
  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}\\?created=1`));
  return id;
}

async function deleteProduct(page: Page, id: string) {
  await page.goto(`/admin/products/${id}`);
  await page.getByRole("checkbox", { name: "Yes, delete it for good" }).check();
  await page.getByRole("button", { name: "Delete product" }).click();
  await expect(page.getByText("Deleted: the product is gone from the catalogue.")).toBeVisible();
}

async function archiveProduct(page: Page, id: string) {
  await page.goto(`/admin/products/${id}`);
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("status")).toContainText("Archived");
}

/** The unarchived products' ids in the console list's order (the reorder handles carry them). */
const listOrder = (page: Page) => page.locator("[data-product-id]").evaluateAll((handles) => handles.map((h) => h.getAttribute("data-product-id")));

async function order(request: APIRequestContext, id: string, tag: string) {
  return request.post("/api/orders", { data: { details: buyer(tag), lines: [{ id, quantity: 1 }] }, headers: asClient() });
}

test("a new product featured from the list is in the home page's featured row at once, and leaves it when unfeatured", async ({ page }) => {
  await prepare(page);
  const title = uniqueTitle("Featured Trigger");
  await loginAsSeller(page, { next: "/admin/products" });
  const id = await createProduct(page, title);
  try {
    const featured = page.getByRole("region", { name: "Featured products" });
    await page.goto("/");
    await expect(featured.getByTestId("product-tile").first()).toBeVisible();
    await expect(featured.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);

    await page.goto("/admin/products");
    await page.getByRole("button", { name: `Feature ${title}` }).click();
    await expect(page.getByRole("status")).toContainText("Featured: it is first in the home page's featured row now.");
    await page.goto("/");
    await expect(featured.getByTestId("product-tile").first()).toContainText(title);

    await page.goto("/admin/products");
    await page.getByRole("button", { name: `Unfeature ${title}` }).click();
    await expect(page.getByRole("status")).toContainText("Unfeatured");
    await page.goto("/");
    await expect(featured.getByTestId("product-tile").first()).toBeVisible();
    await expect(featured.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);
  } finally {
    await deleteProduct(page, id);
  }
});

test("products reorder by drag and by keyboard, each move one request", async ({ page }) => {
  test.setTimeout(60_000);
  await prepare(page);
  await loginAsSeller(page, { next: "/admin/products" });
  const a = await createProduct(page, uniqueTitle("Drag A Trigger"), { listed: false });
  const b = await createProduct(page, uniqueTitle("Drag B Trigger"), { listed: false });
  try {
    await page.goto("/admin/products");
    // Other specs add products meanwhile: only the two products' order is read.
    const tail = async () => (await listOrder(page)).filter((id) => id === a || id === b);
    expect(await tail()).toEqual([a, b]);

    // Every post the page makes to the list's action: one per move, whatever its distance.
    const moves: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/products")) moves.push(r.url());
    });

    // Drag A's handle onto B's: A takes B's place.
    await page.locator(`[data-product-id="${a}"]`).dragTo(page.locator(`[data-product-id="${b}"]`));
    await expect(page.getByRole("status")).toContainText("Moved.");
    await expect.poll(tail).toEqual([b, a]);
    expect(moves).toHaveLength(1);

    // Keyboard: ↑ one place, Home to the top (however far), End back to the bottom.
    const handleA = page.getByRole("button", { name: new RegExp(`^Reorder Drag A Trigger`) });
    await handleA.focus();
    await page.keyboard.press("ArrowUp");
    await expect.poll(tail).toEqual([a, b]);
    expect(moves).toHaveLength(2);
    await handleA.focus();
    await page.keyboard.press("Home");
    await expect.poll(async () => (await listOrder(page))[0]).toBe(a);
    expect(moves).toHaveLength(3);
    // The buttons do the same without JavaScript.
    await page.getByRole("button", { name: new RegExp(`Move Drag A Trigger .* to the bottom`) }).click();
    await expect.poll(tail).toEqual([b, a]);
  } finally {
    await deleteProduct(page, a);
    await deleteProduct(page, b);
  }
});

test("a price changes without a compare-at price; the saving shows only when the compare-at price is higher", async ({ page }) => {
  await prepare(page);
  const title = uniqueTitle("Plain Price Trigger");
  await loginAsSeller(page, { next: "/admin/products" });
  const id = await createProduct(page, title, { price: "19.99" });
  try {
    await page.getByLabel("Price (US$)", { exact: true }).fill("24.99");
    await page.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByRole("status")).toContainText("Saved.");

    await page.goto(`/product/${id}`);
    const main = page.getByRole("main");
    await expect(main.getByTestId("price").first()).toHaveText("$24.99");
    await expect(main.locator("s")).toHaveCount(0);

    await page.goto(`/admin/products/${id}`);
    await page.getByLabel("Compare-at price (US$, optional)", { exact: true }).fill("29.99");
    await page.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByRole("status")).toContainText("Saved.");
    await page.goto(`/product/${id}`);
    await expect(main.locator("s").first()).toHaveText("$29.99");
  } finally {
    await deleteProduct(page, id);
  }
});

test("a stock of 3 is sold out by three orders, the fourth is refused as out of stock, and the sold product cannot be deleted; an unsold one can", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await prepare(page);
  const title = uniqueTitle("Three Left Trigger");
  await loginAsSeller(page, { next: "/admin/products" });
  const id = await createProduct(page, title, { stock: "3" });
  try {
    for (let i = 0; i < 3; i++) expect((await order(request, id, `stock${i}${Date.now()}`)).status()).toBe(201);
    const fourth = await order(request, id, `stock3${Date.now()}`);
    expect(fourth.status()).toBe(422);
    expect(await fourth.json()).toMatchObject({ ok: false, code: "product_out_of_stock", vars: { product: title } });

    await page.goto(`/product/${id}`);
    await expect(page.getByText("This item is currently out of stock.", { exact: false })).toBeVisible();
    await page.goto("/admin/products");
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Out of stock (0 left)");

    // Sold: refused with the way out.
    await page.goto(`/admin/products/${id}`);
    await page.getByRole("checkbox", { name: "Yes, delete it for good" }).check();
    await page.getByRole("button", { name: "Delete product" }).click();
    await expect(page.getByRole("alert")).toContainText("Orders name this product, so it cannot be deleted: archive it instead");
  } finally {
    await archiveProduct(page, id);
  }
  const unsold = await createProduct(page, uniqueTitle("Unsold Trigger"), { listed: false });
  await deleteProduct(page, unsold);
  expect((await page.request.get(`/admin/products/${unsold}`)).status()).toBe(404);
});

test("a 10 % bulk price cut on five ticked products changes all five at once", async ({ page }) => {
  test.setTimeout(90_000);
  await prepare(page);
  await loginAsSeller(page, { next: "/admin/products" });
  const titles = Array.from({ length: 5 }, (_, i) => uniqueTitle(`Bulk ${i} Trigger`));
  const ids: string[] = [];
  for (const title of titles) ids.push(await createProduct(page, title, { price: "20.00", listed: false }));
  try {
    await page.goto("/admin/products");
    for (const title of titles) await page.getByRole("checkbox", { name: `Select ${title}` }).check();
    await page.getByLabel("What to do", { exact: true }).selectOption("price-percent");
    await page.getByLabel("Change (price actions)", { exact: true }).fill("-10");
    await page.getByRole("button", { name: "Apply to ticked products" }).click();
    await expect(page.getByRole("status")).toContainText("5 products changed.");
    for (const title of titles) await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("$18.00");
  } finally {
    for (const id of ids) await deleteProduct(page, id);
  }
});

test("a product scheduled ahead is listed only when its time comes: page and sitemap appear then", async ({ page, request }) => {
  test.setTimeout(70_000);
  await prepare(page);
  const title = uniqueTitle("Scheduled Trigger");
  await loginAsSeller(page, { next: "/admin/products" });
  // 20 seconds ahead (UTC, as the field says); the publish job looks every 10 seconds.
  const at = new Date(Date.now() + 20_000).toISOString().slice(0, 19);
  const id = await createProduct(page, title, { publishAt: at });
  try {
    await expect(page.getByText("Draft (not listed)", { exact: false })).toBeVisible();
    expect((await request.get(`/product/${id}`)).status()).toBe(404);
    expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/product/${id}<`);
    await expect.poll(async () => (await request.get(`/product/${id}`)).status(), { timeout: 45_000, intervals: [2_000] }).toBe(200);
    // Not before its time.
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(`${at}Z`).getTime());
    expect(await (await request.get("/sitemap.xml")).text()).toContain(`/product/${id}<`);
  } finally {
    await deleteProduct(page, id);
  }
});

test("two photos dropped at once onto the media card upload each with its own progress, and a bad file gets its own refusal", async ({ page }) => {
  await prepare(page);
  const title = uniqueTitle("Dropped Photos Trigger");
  await loginAsSeller(page, { next: "/admin/products" });
  const id = await createProduct(page, title, { listed: false });
  try {
    const png = async (colour: string) =>
      (
        await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
          .png()
          .toBuffer()
      ).toString("base64");
    const files = [
      { name: "red.png", type: "image/png", b64: await png("#cc2222") },
      { name: "blue.png", type: "image/png", b64: await png("#2244cc") },
      { name: "notes.png", type: "image/png", b64: Buffer.from("not a picture at all").toString("base64") },
    ];
    const zone = page.getByRole("region", { name: "Drop photos and videos" });
    await expect(page.getByText("No photo or video yet")).toBeVisible();
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const f of list) transfer.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      return transfer;
    }, files);
    await zone.dispatchEvent("drop", { dataTransfer });
    const dropped = zone.getByRole("list", { name: "Dropped files" });
    await expect(dropped.getByRole("listitem")).toHaveCount(3);
    await expect(dropped.getByRole("listitem").filter({ hasText: "red.png" })).toContainText("Added.");
    await expect(dropped.getByRole("listitem").filter({ hasText: "blue.png" })).toContainText("Added.");
    // Its own refusal, naming it, while the two pictures beside it were added.
    await expect(dropped.getByRole("listitem").filter({ hasText: "notes.png" })).toContainText("notes.png is not a ");
    await expect(page.getByTestId("media-row")).toHaveCount(2);
    // A file dropped on a photo's row (not the hint below the list) is uploaded too, never swallowed.
    const more = await page.evaluateHandle(
      (f) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
        return transfer;
      },
      { name: "green.png", type: "image/png", b64: await png("#22aa44") },
    );
    await page.getByTestId("media-row").first().dispatchEvent("drop", { dataTransfer: more });
    await expect(dropped.getByRole("listitem").filter({ hasText: "green.png" })).toContainText("Added.");
    await expect(page.getByTestId("media-row")).toHaveCount(3);
  } finally {
    await deleteProduct(page, id);
  }
});
