import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { buyer, loginAsSeller, placeOrder } from "./admin-helpers";
import { prepare, seedCart } from "./helpers";

/**
 * The shop side of the seller console: what the seller changes reaches the storefront at once.
 * Two tests change data every spec shares (NEWUSER15, product 5's price): each puts it back in a
 * `finally`, and no other spec asserts either (frame/cart/content specs leave NEWUSER15 to this one).
 */

/** Another client address for the storefront's per-client limits (the shop trusts loopback proxies). */
const asClient = () => ({ "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 250)}` });

const offerBar = (page: Page) => page.getByRole("complementary", { name: "Offer" });

async function saveCouponValidUntil(page: Page, date: string) {
  await page.goto("/admin/coupons/newuser15");
  await page.getByLabel("Valid until").fill(date);
  await page.getByRole("button", { name: "Save coupon" }).click();
  await expect(page.getByRole("status")).toContainText(/Saved|Nothing changed/);
}

async function setProductPrice(page: Page, id: string, dollars: string) {
  await page.goto(`/admin/products/${id}`);
  await page.getByLabel("Price (US$)", { exact: true }).fill(dollars);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status")).toContainText(/Saved|Nothing changed/);
}

async function applies(request: APIRequestContext, code: string) {
  const response = await request.post("/api/coupon", { data: { code, lines: [{ id: "2", quantity: 1 }] }, headers: asClient() });
  expect(response.status()).toBe(200);
  return (await response.json()) as { ok: boolean; code?: string };
}

test("extending NEWUSER15 in the console brings the offer back to the storefront; ending it hides it again", async ({ page, request }) => {
  test.setTimeout(90_000);
  await prepare(page);
  // Seeded with the spec's end date, 2025-12-31: nothing is advertised and checkout refuses the code.
  await page.goto("/");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(offerBar(page)).toHaveCount(0);
  await page.goto("/triggers/permanent");
  await expect(page.locator("main").getByText("No free-room offer is running right now.")).toBeVisible();
  expect(await applies(request, "NEWUSER15")).toMatchObject({ ok: false, code: "coupon_expired" });

  await loginAsSeller(page, { next: "/admin/coupons" });
  await expect(page.getByRole("status")).toContainText("New-user offer off: NEWUSER15 is expired (ended 2025-12-31)");
  await page.getByRole("link", { name: "Edit NEWUSER15" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coupon NEWUSER15");
  try {
    await page.getByLabel("Valid until").fill("2099-12-31");
    await page.getByRole("button", { name: "Save coupon" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved. Checkout and the storefront use the new terms now.");

    await page.goto("/");
    await expect(offerBar(page)).toBeVisible();
    await expect(offerBar(page)).toContainText("Get a FREE room with your first permanent trigger");
    await expect(offerBar(page).getByText("NEWUSER15", { exact: true })).toBeVisible();
    const { AxeBuilder } = await import("@axe-core/playwright");
    expect((await new AxeBuilder({ page }).include("aside").analyze()).violations.map((v) => v.id)).toEqual([]);
    await page.goto("/triggers/permanent");
    await expect(page.locator("main").getByText(/Your first permanent trigger comes with a FREE room: use code NEWUSER15/)).toBeVisible();
    expect(await applies(request, "NEWUSER15")).toMatchObject({ ok: true });
  } finally {
    await saveCouponValidUntil(page, "2025-12-31");
  }
  await page.goto("/");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(offerBar(page)).toHaveCount(0);
  expect(await applies(request, "NEWUSER15")).toMatchObject({ ok: false, code: "coupon_expired" });
});

test("a new price shows on the product page at once while an order placed before keeps the price it was sold at", async ({ page, request }) => {
  test.setTimeout(90_000);
  // KKONG-V5-TRIGGER at $59.99 with FIVEOFF ($5): the order is stored at $54.99.
  const order = await placeOrder(request, buyer("price-keeper"), { lines: [{ id: "5", quantity: 1 }], couponCode: "FIVEOFF" }, asClient());
  expect(order.items[0].unitPriceCents).toBe(5999);

  await prepare(page);
  await loginAsSeller(page, { next: "/admin/products" });
  const row = page.getByRole("row", { name: /KKONG-V5-TRIGGER/ });
  await expect(row.getByRole("cell", { name: "$59.99" })).toBeVisible();
  await row.getByRole("link", { name: "Edit KKONG-V5-TRIGGER" }).click();
  try {
    await page.getByLabel("Price (US$)", { exact: true }).fill("44.99");
    await page.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByRole("status")).toContainText("Saved. The storefront shows the change now.");

    await page.goto("/product/5");
    await expect(page.getByTestId("price").first()).toHaveText("$44.99");

    // The order placed before the change still carries $59.99 less $5.
    await page.goto("/admin/coupons/e2e-five");
    const orderRow = page.getByRole("row", { name: new RegExp(order.id) });
    await expect(orderRow).toContainText("$54.99");
    await expect(orderRow).toContainText("$5.00");
    await orderRow.getByRole("link", { name: order.id }).click();
    const items = page.getByRole("table", { name: "Items" });
    await expect(items.getByRole("row", { name: /KKONG-V5-TRIGGER/ })).toContainText("$59.99");
  } finally {
    await setProductPrice(page, "5", "59.99");
  }
});

async function setInStock(page: Page, id: string, inStock: boolean) {
  await page.goto(`/admin/products/${id}`);
  await page.getByRole("checkbox", { name: "In stock" }).setChecked(inStock);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status")).toContainText(/Saved|Nothing changed/);
}

test("a product sold out while a shopper is at checkout is named when they order, not an empty cart", async ({ page, browser }) => {
  test.setTimeout(60_000);
  // Netflix N Chill (room 10): no other spec buys it or counts out-of-stock cards.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await prepare(shopper);
  await seedCart(shopper, [{ id: "10", quantity: 1 }]);
  await shopper.goto("/checkout");
  await expect(shopper.getByTestId("checkout-total")).toHaveText("$46.99");

  await prepare(page);
  await loginAsSeller(page, { next: "/admin/products" });
  try {
    await setInStock(page, "10", false);
    await shopper.getByRole("button", { name: "Proceed to Card Payment" }).click();
    const dialog = shopper.getByRole("dialog", { name: "Payment Details" });
    await dialog.getByLabel("Email").fill("soldout@buyers.e2e.test");
    await dialog.getByLabel("Full name").fill("Sol Dout");
    await dialog.getByLabel("Discord username").fill("soldout_discord");
    await dialog.getByLabel("Game username").fill("SolGame");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Sorry, Netflix N Chill is now out of stock and cannot be ordered.");
    // Nothing was ordered: the details stay for the shopper to go back and change the cart.
    await expect(dialog.getByLabel("Email")).toHaveValue("soldout@buyers.e2e.test");
    await expect(shopper.getByText("Details submitted — choose your payment method")).toHaveCount(0);
  } finally {
    await setInStock(page, "10", true);
    await shopperContext.close();
  }
});

test("the console refuses a negative price and an unknown badge with a message per field", async ({ page }) => {
  await prepare(page);
  await loginAsSeller(page, { next: "/admin/products/4" });
  await page.getByLabel("Price (US$)", { exact: true }).fill("-5");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("alert")).toHaveText("Nothing was saved: correct the fields marked below.");
  await expect(page.getByLabel("Price (US$)", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Price must be an amount in dollars like 54.99")).toBeVisible();
  // A badge outside the list is refused by the server whatever the browser sends.
  const refused = await page.request.post("/admin/products/4", {
    form: { price: "29.99", originalPrice: "54.99", badge: "Cheapest", inStock: "on", listed: "on" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(422);
  await page.goto("/product/4");
  await expect(page.getByTestId("price").first()).toHaveText("$29.99");
});

test("a hidden review is published again and the product page shows it", async ({ page, request }) => {
  const comment = `The room looks exactly like the preview (${Date.now()}).`;
  const sent = await request.post("/api/reviews", { data: { productId: "9", name: "Quinn", rating: 5, comment }, headers: asClient() });
  expect(sent.status()).toBe(201);

  await prepare(page);
  await loginAsSeller(page, { next: "/admin/inbox/reviews" });
  const review = page.getByRole("article", { name: /Quinn on/ }).filter({ hasText: comment });
  await review.getByRole("button", { name: "Hide the review by Quinn" }).click();
  await expect(page.getByRole("status")).toHaveText("Review hidden from the product page.");
  await page.goto("/product/9");
  await expect(page.getByRole("heading", { name: "Customer reviews" })).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);

  await page.goto("/admin/inbox/reviews?show=hidden");
  await review.getByRole("button", { name: "Publish the review by Quinn" }).click();
  await expect(page.getByRole("status")).toHaveText("Review published: the product page shows it.");
  await page.goto("/product/9");
  await expect(page.getByText(comment)).toBeVisible();
});

test("a contact message is marked read, and its reply link writes to the sender with a subject", async ({ page }) => {
  const text = `Has my room been installed yet? (${Date.now()})`;
  await prepare(page);
  await page.goto("/contact");
  const form = page.locator("main form");
  await form.getByLabel("Name", { exact: true }).fill("Noor");
  await form.getByLabel("Email", { exact: true }).fill("noor@example.com");
  await form.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/thank-you");

  await loginAsSeller(page, { next: "/admin/inbox" });
  const message = page.getByRole("article").filter({ hasText: text });
  await expect(message).toContainText("Unread");
  const reply = new URL((await message.getByRole("link", { name: "Reply to Noor by email" }).getAttribute("href"))!);
  expect(reply.protocol).toBe("mailto:");
  expect(reply.pathname).toBe("noor@example.com");
  expect(reply.searchParams.get("subject")).toBe("Re: your message to Trigger Shop");
  expect(reply.searchParams.get("body")).toContain(`> ${text}`);

  await message.getByRole("button", { name: "Mark as read (message from Noor)" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked as read.");
  await expect(message).toHaveCount(0);
  await page.getByRole("navigation", { name: "Show messages" }).getByRole("link", { name: "Read", exact: true }).click();
  await expect(message).toContainText("Read");
  await expect(message.getByRole("button", { name: "Mark as unread (message from Noor)" })).toBeVisible();
});

test("the newsletter export is a CSV a spreadsheet cannot run", async ({ page, request }) => {
  // A valid address that a spreadsheet would read as a formula (+…).
  const risky = `+cmd${Date.now()}@example.com`;
  const subscribed = await request.post("/api/newsletter", { data: { email: risky }, headers: asClient() });
  expect(subscribed.ok()).toBe(true);
  await prepare(page);
  await loginAsSeller(page, { next: "/admin/inbox/subscribers?show=all" });
  await expect(page.getByRole("rowheader", { name: risky })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV of all subscribers" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^newsletter-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFemail,status,language,subscribed_at,confirmed_at,unsubscribed_at");
  expect(csv).toContain(`\r\n'${risky},`);
  expect(csv).not.toContain(`\r\n${risky}`);
});

test("the dashboard shows sales, waiting orders, payments, the email outbox and backups", async ({ page }) => {
  await prepare(page);
  await loginAsSeller(page);
  for (const title of ["Waiting for delivery", "Sales", "Payments", "Email outbox", "Backups"]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  const sales = page.getByRole("table", { name: "Paid orders and revenue, UTC periods" });
  await expect(sales.getByRole("rowheader")).toHaveText(["Today", "This week", "This month"]);
  // The e2e shop never made a backup: the tile says so and how to make one.
  await expect(page.getByText("No backup has been made yet.")).toBeVisible();
  const { AxeBuilder } = await import("@axe-core/playwright");
  expect((await new AxeBuilder({ page }).include("main").analyze()).violations.map((v) => v.id)).toEqual([]);
});
