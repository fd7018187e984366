import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { buyer, E2E_SELLERS, fakePayPalRequests, loginAsSeller, placeOrder, placePaidOrder } from "./admin-helpers";
import { deriveKeyFrom } from "../../app/server/platform/keys.server";
import { signSessionToken } from "../../app/server/seller-auth/session-cookie.server";

/** The seller's day in the console (issue 10): orders are placed and paid as buyers do, then worked. */

test("a paid order waits in the paid queue; the seller starts it and delivers it with notes", async ({ page, request }) => {
  const orderId = await placePaidOrder(request, "day");
  await loginAsSeller(page, { next: "/admin/orders?status=paid" });
  const row = page.getByRole("row").filter({ hasText: orderId });
  await expect(row.getByText("within 12 h")).toBeVisible();
  await row.getByRole("link", { name: orderId }).click();

  await expect(page.getByRole("heading", { name: orderId })).toContainText("Paid");
  await page.getByRole("button", { name: "Mark in progress" }).click();
  await expect(page.getByRole("status").getByText("Marked in progress.")).toBeVisible();
  await expect(page.getByRole("heading", { name: orderId })).toContainText("In progress");

  await page.getByLabel("Note for the buyer").fill("Your trigger is on your account. Enjoy!");
  await page.getByLabel("Delivery record (private)").fill("Uploaded VENOM-TRIGGER to dayGame at 14:05, confirmed in Discord");
  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByRole("status").getByText(/Delivered: the buyer's status page shows it/)).toBeVisible();
  await expect(page.getByRole("heading", { name: orderId })).toContainText("Delivered");
  const delivery = page.getByRole("region", { name: "Delivery" });
  await expect(delivery.getByText("Your trigger is on your account. Enjoy!")).toBeVisible();
  await expect(delivery.getByText("Uploaded VENOM-TRIGGER to dayGame")).toBeVisible();
  // The buyer's mail waits in the outbox; every step is in the history and the audit.
  await expect(page.getByRole("table", { name: "Notifications" }).getByRole("cell", { name: "order_delivered" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Status history" }).getByRole("cell", { name: "In progress → Delivered" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Seller actions" }).getByRole("cell", { name: "order_delivered" })).toBeVisible();
  // Money can still go back after delivery (delivered → refunded, docs/decisions/034): the refund stays.
  await expect(page.getByRole("button", { name: "Refund through PayPal" })).toBeVisible();
});

test("an order the buyer paid by hand (crypto, after ordering on WhatsApp) is marked paid with its reference", async ({ page, request }) => {
  const { id: orderId } = await placeOrder(request, buyer("manual"));
  await loginAsSeller(page, { next: `/admin/orders?q=${orderId}` });
  await page.getByRole("link", { name: orderId }).click();
  await expect(page.getByRole("heading", { name: orderId })).toContainText("Awaiting payment");
  await page.getByLabel("Paid with").selectOption("Crypto");
  await page.getByLabel("Payment reference").fill("0xfeedbeef42");
  await page.getByRole("button", { name: /^Mark paid/ }).click();
  await expect(page.getByRole("status").getByText(/Marked paid \(Crypto 0xfeedbeef42\)/)).toBeVisible();
  await expect(page.getByRole("heading", { name: orderId })).toContainText("Paid");
  const payments = page.getByRole("table", { name: "Payments" });
  await expect(payments.getByRole("cell", { name: "crypto" })).toBeVisible();
  await expect(payments.getByRole("cell", { name: "0xfeedbeef42" })).toBeVisible();
});

test("a refund goes through PayPal's refund API with a request id and refunds the order", async ({ page, request }) => {
  const orderId = await placePaidOrder(request, "refund");
  await loginAsSeller(page, { next: `/admin/orders/${orderId}` });
  await page.getByLabel("Reason (private)").first().fill("Buyer asked before delivery");
  await page.getByRole("button", { name: "Refund through PayPal" }).click();
  await expect(page.getByRole("status").getByText(/the order is refunded and the buyer is mailed/)).toBeVisible();
  await expect(page.getByRole("heading", { name: orderId })).toContainText("Refunded");
  const refundRow = page.getByRole("table", { name: "Payments" }).getByRole("row").filter({ hasText: "refund" });
  await expect(refundRow.getByRole("cell", { name: "COMPLETED" })).toBeVisible();

  const captureId = await page.getByRole("table", { name: "Payments" }).getByRole("row").filter({ hasText: "capture" }).locator("td").nth(3).innerText();
  const refunds = (await fakePayPalRequests(request)).filter((r) => r.route === "refund" && r.requestId?.startsWith(`${orderId}-refund-`));
  expect(refunds).toEqual([expect.objectContaining({ path: `/v2/payments/captures/${captureId}/refund` })]);
});

test("after a partial refund the refund form starts empty, and the same form sent again refunds nothing more", async ({ page, request }) => {
  const orderId = await placePaidOrder(request, "partial");
  await loginAsSeller(page, { next: `/admin/orders/${orderId}` });
  const refundButton = page.getByRole("button", { name: "Refund through PayPal" });
  const form = page.locator("form").filter({ has: refundButton });
  const amount = page.getByLabel("Amount to refund (USD)");
  const reason = page.getByLabel("Reason (private)");

  const key = form.locator('input[name="requestKey"]');
  const firstKey = await key.inputValue();

  // Refused (more than was paid): what was typed stays to be corrected, and so does the request key.
  await amount.fill("999");
  await refundButton.click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(amount).toHaveValue("999");
  await expect(key).toHaveValue(firstKey);

  await amount.fill("5.00");
  await reason.fill("One item missing");
  // The form as this rendering sends it (its request key included), to send it once more afterwards.
  const sent = await form.evaluate((element: HTMLFormElement) =>
    [...new FormData(element, element.querySelector<HTMLButtonElement>("button[type=submit]"))].map(([name, value]) => [name, String(value)]),
  );
  const sentKey = sent.find(([name]) => name === "requestKey")?.[1];
  await refundButton.click();
  await expect(page.getByRole("status")).toContainText("Refunded 5.00 USD");
  await expect(amount).toHaveValue("");
  await expect(reason).toHaveValue("");
  await expect(key).not.toHaveValue(sentKey!);
  await expect(page.getByText("Leave empty for everything left: $49.99.")).toBeVisible();

  // The same rendering sent again (a double click, a page sent twice): PayPal answers the refund it made.
  const again = await page.evaluate(async (entries) => {
    const response = await fetch(window.location.pathname, { method: "POST", body: new URLSearchParams(entries) });
    return response.status;
  }, sent);
  expect(again).toBeLessThan(500);
  await page.reload();
  const refunds = page.getByRole("table", { name: "Payments" }).getByRole("row").filter({ hasText: "refund" });
  await expect(refunds).toHaveCount(1);
  await expect(refunds).toContainText("$5.00");
  await expect(page.getByText("Leave empty for everything left: $49.99.")).toBeVisible();
  const calls = (await fakePayPalRequests(request)).filter((r) => r.route === "refund" && r.requestId?.startsWith(`${orderId}-refund-`));
  expect(calls.map((r) => r.requestId)).toEqual([calls[0].requestId, calls[0].requestId]);
});

test("a move the state table forbids is refused, even from a page that still offers it", async ({ page, context, request }) => {
  const orderId = await placePaidOrder(request, "stale");
  await loginAsSeller(page, { next: `/admin/orders/${orderId}` });
  await expect(page.getByRole("button", { name: "Mark in progress" })).toBeVisible();
  // Meanwhile, in another tab, the order is started and delivered.
  const other = await context.newPage();
  await other.goto(`/admin/orders/${orderId}`);
  await other.getByRole("button", { name: "Mark in progress" }).click();
  await other.getByLabel("Delivery record (private)").fill("Delivered from the other tab");
  await other.getByRole("button", { name: "Mark delivered" }).click();
  await expect(other.getByRole("heading", { name: orderId })).toContainText("Delivered");

  await page.getByRole("button", { name: "Mark in progress" }).click();
  await expect(page.getByRole("alert")).toHaveText("An order cannot go from Delivered to In progress.");
  await expect(page.getByRole("heading", { name: orderId })).toContainText("Delivered");
});

test("orders of a date range download as CSV", async ({ page, request }) => {
  const { id: orderId } = await placeOrder(request, buyer("csv"));
  await loginAsSeller(page, { next: "/admin/orders" });
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = await readFile(await (await download).path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "\ufefforder_id,created_at,status,channel,paid_at,delivered_at,email,name,discord_username,game_username,gift,items,subtotal_usd,discount_usd,total_usd,coupon,display_currency,display_rate,payment_provider,payment_reference,refunded_usd,seller_note",
  );
  expect(csv).toContain(`${orderId},`);
});

test("five wrong passwords in a row slow the account down, the right one included", async ({ page }) => {
  const { email, password } = E2E_SELLERS.throttled;
  await page.goto("/admin/login");
  const attempt = async (typed: string) => {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(typed);
    await page.getByRole("button", { name: "Log in" }).click();
  };
  for (let i = 1; i <= 2; i++) {
    await attempt(`wrong password ${i}`);
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
  }
  await attempt("wrong password 3");
  await expect(page.getByRole("alert")).toContainText("Too many failed attempts: wait 5 seconds");
  for (let i = 4; i <= 5; i++) {
    await attempt(`wrong password ${i}`);
    await expect(page.getByRole("alert")).toContainText(/Too many failed attempts|wait \d+ seconds/);
  }
  await attempt(password);
  await expect(page.getByRole("alert")).toContainText(/Try again in \d+ seconds|wait \d+ seconds/);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
});

test("a session cookie signed under another SESSION_SECRET is refused", async ({ page, context, browser, baseURL }) => {
  await loginAsSeller(page);
  const genuine = (await context.cookies()).find((c) => c.name === "seller_session");
  expect(genuine?.httpOnly).toBe(true);
  expect(genuine?.sameSite).toBe("Lax");
  const token = genuine!.value.split(".")[0];
  const forged = signSessionToken(token, deriveKeyFrom("a-different-secret-of-another-shop-0123456789", "session"));

  const stranger = await browser.newContext({ baseURL });
  await stranger.addCookies([{ name: "seller_session", value: forged, url: baseURL! }]);
  const strangerPage = await stranger.newPage();
  await strangerPage.goto("/admin/orders");
  await expect(strangerPage).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders$/);
  await expect(strangerPage.getByRole("heading", { name: "Log in" })).toBeVisible();
  await stranger.close();

  // The genuine cookie still opens the console.
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
});
