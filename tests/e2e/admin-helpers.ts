import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { FAKE_PAYPAL_URL } from "../../playwright.config";
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

/** Buyer details for orders placed by the console's tests (one email per test keeps searches apart). */
export function buyer(tag: string) {
  return { EMAIL: `${tag}@buyers.e2e.test`, FNAME: `Buyer ${tag}`, USERNAME: `${tag}_discord`, VUUSER: `${tag}Game`, website: "" };
}

/** Places an order as the checkout does (POST /api/orders); PayPal is configured, so it waits for payment. */
export async function placeOrder(request: APIRequestContext, tag: string, lines = [{ id: "2", quantity: 1 }]): Promise<string> {
  const response = await request.post("/api/orders", { data: { details: buyer(tag), lines } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: { id: string } }).order.id;
}

/**
 * Pays an order through the fake PayPal over the same calls the PayPal buttons make: the shop
 * creates the PayPal order, the buyer approves it at the fake, the shop captures. The fake's
 * scenario is shared with payments.spec.ts, which may be declining captures at that moment: a
 * fresh order is tried again until one is paid.
 */
export async function placePaidOrder(request: APIRequestContext, tag: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const orderId = await placeOrder(request, tag);
    const created = await request.post("/api/paypal/orders", { data: { orderId } });
    expect(created.status()).toBe(200);
    const { paypalOrderId } = (await created.json()) as { paypalOrderId: string };
    expect((await request.post(`${FAKE_PAYPAL_URL}/__fake/orders/${paypalOrderId}/approve`, { data: {} })).status()).toBe(200);
    const captured = await request.post("/api/paypal/capture", { data: { orderId, paypalOrderId } });
    if (captured.status() === 200 && ((await captured.json()) as { payment: { status: string } }).payment.status === "paid") return orderId;
  }
  throw new Error("the fake PayPal declined every capture");
}

/** What the fake PayPal received (route, path, PayPal-Request-Id, refund bodies). */
export async function fakePayPalRequests(request: APIRequestContext): Promise<{ route: string; path: string; requestId?: string; body?: unknown }[]> {
  return (await request.get(`${FAKE_PAYPAL_URL}/__fake/requests`)).json();
}
