import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { fakePayPalRequests, loginAsSeller, placePaidOrder } from "./admin-helpers";
import { prepare } from "./helpers";

/**
 * Issue 21, staff roles (docs/decisions/036-staff-roles.md): a staff account works on orders but
 * cannot refund or change a price — the page does not offer it, and a forged POST is refused (403).
 */

test("a staff account works on a paid order but is offered no refund, and a forged refund is refused", async ({ page, request }) => {
  const orderId = await placePaidOrder(request, "staff-refund");
  await loginAsSeller(page, { account: "staff", next: `/admin/orders/${orderId}` });

  // The console shows staff their sections only.
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Orders" })).toBeVisible();
  for (const hidden of ["Products", "Coupons", "Login keys"]) await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);

  // The order's work is there, the refund is not.
  await expect(page.getByRole("heading", { name: orderId })).toContainText("Paid");
  await expect(page.getByRole("button", { name: "Mark in progress" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
  await expect(page.getByLabel("Amount to refund (USD)")).toHaveCount(0);

  // The refund form's POST, forged with the staff session: refused before anything moves.
  const origin = new URL(page.url()).origin;
  const forged = await page.request.post(`/admin/orders/${orderId}`, {
    form: { intent: "refund", amount: "full", reason: "forged by staff", requestKey: randomUUID() },
    headers: { origin },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("may not refund orders");
  // The same through React Router's data request (what the page's own form would send).
  const forgedData = await page.request.post(`/admin/orders/${orderId}.data`, {
    form: { intent: "refund", amount: "full", reason: "forged by staff", requestKey: randomUUID() },
    headers: { origin },
  });
  expect(forgedData.status()).toBe(403);

  await page.reload();
  await expect(page.getByRole("heading", { name: orderId })).toContainText("Paid");
  expect((await fakePayPalRequests(request)).filter((r) => r.route === "refund" && r.requestId?.startsWith(`${orderId}-refund-`))).toEqual([]);

  // Staff may do the order's work: start it.
  await page.getByRole("button", { name: "Mark in progress" }).click();
  await expect(page.getByRole("heading", { name: orderId })).toContainText("In progress");
});

test("a staff account cannot open the product editor, and a forged price change is refused", async ({ page }) => {
  await prepare(page);
  await loginAsSeller(page, { account: "staff", next: "/admin/products/7" });
  // The editor is refused with what the role may not do, inside the console's frame.
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByText("Your role (staff) may not see the product catalogue: ask the shop's owner.")).toBeVisible();
  await expect(page.getByLabel("Price (US$)", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save product" })).toHaveCount(0);

  const origin = new URL(page.url()).origin;
  const forged = await page.request.post("/admin/products/7", {
    form: { price: "1.23", originalPrice: "54.99", inStock: "on", listed: "on" },
    headers: { origin },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("may not change products and prices");

  await page.goto("/product/7");
  await expect(page.getByTestId("price").first()).not.toHaveText("$1.23");
});
