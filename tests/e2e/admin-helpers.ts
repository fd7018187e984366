import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
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

/** A fresh address for one test: the fake inbox is shared by the whole run (and a retry). */
export const uniqueEmail = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Buyer details for orders placed by the tests (one email per test keeps searches and inboxes apart). */
export function buyer(tag: string, email = `${tag}@buyers.e2e.test`) {
  return { EMAIL: email, FNAME: `Buyer ${tag}`, USERNAME: `${tag}_discord`, VUUSER: `${tag}Game`, website: "" };
}

/** What the shop answers about a placed order (the fields the tests read). */
export interface PlacedOrder {
  id: string;
  statusPath: string;
  totalCents: number;
  items: { unitPriceCents: number }[];
}

/**
 * Places an order as the checkout's details dialog does (POST /api/orders) and returns it; PayPal is
 * configured, so it waits for payment. `body` adds to the request (lines, lang, currency, couponCode);
 * `headers` e.g. another client address for the per-client limits.
 */
export async function placeOrder(
  request: APIRequestContext,
  details: ReturnType<typeof buyer>,
  body: Record<string, unknown> = {},
  headers?: Record<string, string>,
): Promise<PlacedOrder> {
  const response = await request.post("/api/orders", { data: { details, lines: [{ id: "2", quantity: 1 }], ...body }, headers });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: PlacedOrder }).order;
}

/** A console tab of its own for the seller (a new browser context), logged in and on `path`; close it with `page.context().close()`. */
export async function sellerPage(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAsSeller(page, { next: path });
  return page;
}

/**
 * Pays an order through the fake PayPal over the same calls the PayPal buttons make: the shop
 * creates the PayPal order, the buyer approves it at the fake, the shop captures. (The fake's
 * scenario is left at "completed": payments.spec.ts, which changes it, runs after every other spec.)
 */
export async function placePaidOrder(request: APIRequestContext, tag: string): Promise<string> {
  const { id: orderId } = await placeOrder(request, buyer(tag));
  const created = await request.post("/api/paypal/orders", { data: { orderId } });
  expect(created.status()).toBe(200);
  const { paypalOrderId } = (await created.json()) as { paypalOrderId: string };
  expect((await request.post(`${FAKE_PAYPAL_URL}/__fake/orders/${paypalOrderId}/approve`, { data: {} })).status()).toBe(200);
  const captured = await request.post("/api/paypal/capture", { data: { orderId, paypalOrderId } });
  expect(captured.status()).toBe(200);
  expect(((await captured.json()) as { payment: { status: string } }).payment.status).toBe("paid");
  return orderId;
}

/** What the fake PayPal received (route, path, PayPal-Request-Id, refund bodies). */
export async function fakePayPalRequests(request: APIRequestContext): Promise<{ route: string; path: string; requestId?: string; body?: unknown }[]> {
  return (await request.get(`${FAKE_PAYPAL_URL}/__fake/requests`)).json();
}
