import type { APIRequestContext, Page } from "@playwright/test";
import { FAKE_PAYPAL_URL } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { prepare, seedCart } from "./helpers";

/**
 * Paying with the fake PayPal (tests/mocks/paypal-server.ts + paypal-sdk.ts): the shop runs with
 * PayPal configured and the fake's JS SDK, whose buttons play the buyer's part. The fake's
 * scenario is shared by the whole run: these tests run one after another, after every other spec
 * (the "payments" project in playwright.config.ts), and reset it first.
 */
test.describe.configure({ mode: "default" });

async function scenario(request: APIRequestContext, body: Record<string, unknown> = {}) {
  expect((await request.post(`${FAKE_PAYPAL_URL}/__fake/scenario`, { data: body })).status()).toBe(204);
}

test.beforeEach(async ({ request }) => {
  await scenario(request);
});

// Every request the shop made to PayPal kept to PayPal's published contracts.
test.afterEach(async ({ request }) => {
  expect(await (await request.get(`${FAKE_PAYPAL_URL}/__fake/violations`)).json()).toEqual([]);
});

async function captures(request: APIRequestContext): Promise<number> {
  const requests = (await (await request.get(`${FAKE_PAYPAL_URL}/__fake/requests`)).json()) as { route: string }[];
  return requests.filter((r) => r.route === "capture").length;
}

async function fillDetails(page: Page, dialogName = "Payment Details") {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.getByLabel("Email").fill("buyer@example.com");
  await dialog.getByLabel("Full name").fill("Sam Buyer");
  await dialog.getByLabel("Discord username").fill("sam#0001");
  await dialog.getByLabel("Game username").fill("SamGame");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Details submitted — choose your payment method")).toBeVisible();
}

async function toPayment(page: Page, cart = [{ id: "2", quantity: 1 }]) {
  await prepare(page);
  await seedCart(page, cart);
  await page.goto("/checkout");
  await page.getByRole("button", { name: "Proceed to Card Payment" }).click();
  await fillDetails(page);
}

const storedCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]") as unknown[]);
const payPalButton = (page: Page) => page.getByRole("button", { name: "PayPal", exact: true });

test("cart, coupon, details, PayPal: paid, thanked by name, cart emptied, then the login page", async ({ page }) => {
  await prepare(page);
  await seedCart(page, [{ id: "2", quantity: 2 }]);
  await page.goto("/cart");
  await page.getByLabel("Coupon code").fill("SAVE10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("10% off your order")).toBeVisible();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page.getByTestId("checkout-total")).toHaveText("$98.98");
  await page.getByRole("button", { name: "Proceed to Card Payment" }).click();
  await fillDetails(page);
  const created = page.getByTestId("order-created");
  await expect(created.getByText("Total: $98.98")).toBeVisible();
  // The hand-ordering message is the stored order's, in the dollars charged.
  const whatsapp = await created.getByRole("link", { name: "Order on WhatsApp" }).getAttribute("href");
  const message = decodeURIComponent(whatsapp!.split("?text=")[1]);
  expect(message).toContain("VENOM-TRIGGER × 2 — $109.98");
  expect(message).toContain("Discount: -$11.00");
  expect(message).toContain("Total charged: $98.98 USD");

  await payPalButton(page).click();
  await expect(page.getByText("Payment completed successfully! Thank you, Alex!")).toBeVisible();
  await expect(page.getByRole("button", { name: "View Info" })).toBeVisible();
  await expect(page).toHaveURL(/\/login-required$/);
  expect(await storedCart(page)).toEqual([]);
});

test("the product page's card purchase pays for that product alone, in a French page", async ({ page }) => {
  await prepare(page, { country: "FR" });
  await page.goto("/fr/product/6");
  const box = page.getByRole("region", { name: "Achat immédiat par carte" });
  await expect(box.getByTestId("charged-amount")).toHaveText("≈ 36,79 € — débité $39.99 USD");
  await box.getByRole("button", { name: "Payer par carte" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill("buyer@example.com");
  await dialog.getByLabel("Nom complet").fill("Sam Buyer");
  await dialog.getByLabel("Pseudo Discord").fill("sam#0001");
  await dialog.getByLabel("Pseudo de jeu").fill("SamGame");
  await dialog.getByRole("button", { name: "Continuer" }).click();
  await expect(box.getByText("≈ 36,79 € — débité $39.99 USD")).toBeVisible();
  await box.getByRole("button", { name: "Debit or Credit Card" }).click();
  await expect(page.getByText("Paiement effectué avec succès ! Merci, Alex !")).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/login-required$/);
  expect(await storedCart(page)).toEqual([]);
});

test("a gift is paid on its own and ends on the gift confirmation; the cart is untouched", async ({ page }) => {
  await prepare(page);
  await seedCart(page, [{ id: "2", quantity: 1 }]);
  await page.goto("/gift-checkout/king-kong-ultra-gift");
  await page.getByLabel("Your email").fill("gift@example.com");
  await page.getByLabel("Your name").fill("Alex");
  await page.getByLabel("Your Discord username").fill("alex#1");
  await page.getByLabel("Recipient's IMVU username").fill("Lucky Friend_1");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout\?gift=true&product=king-kong-ultra-gift$/);
  await expect(page.getByTestId("checkout-total")).toHaveText("$38.00");
  await page.getByRole("button", { name: "Proceed to Card Payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Gift Order Information" });
  await expect(dialog.getByText("no login credentials are required", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await payPalButton(page).click();
  await expect(page.getByText("Payment completed successfully! Thank you, Alex!")).toBeVisible();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByText("Lucky Friend_1", { exact: true })).toBeVisible();
  expect(await storedCart(page)).toEqual([{ id: "2", quantity: 1 }]);
});

test("cancelling in PayPal's window says so and keeps the buttons for another try", async ({ page, request }) => {
  await scenario(request, { sdk: "cancel" });
  await toPayment(page);
  await payPalButton(page).click();
  await expect(page.getByText("Payment cancelled")).toBeVisible();
  await expect(page.getByText("You can continue shopping or try payment again.")).toBeVisible();
  await expect(payPalButton(page)).toBeVisible();
  expect(await storedCart(page)).toEqual([{ id: "2", quantity: 1 }]);
});

test("an error in PayPal's window shows the payment-failed message", async ({ page, request }) => {
  await scenario(request, { sdk: "error" });
  await toPayment(page);
  await payPalButton(page).click();
  await expect(page.getByText("Payment failed")).toBeVisible();
  await expect(page.getByText("There was an error processing your payment. Please try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});

test("a declined card restarts PayPal, and the second try pays", async ({ page, request }) => {
  await scenario(request, { capture: "declined", captureTimes: 1 });
  await toPayment(page);
  const capturesBefore = await captures(request);
  await payPalButton(page).click();
  await expect(page.getByText("Payment completed successfully! Thank you, Alex!")).toBeVisible();
  await expect(page).toHaveURL(/\/login-required$/);
  // The declined capture, then the one after the restart.
  expect((await captures(request)) - capturesBefore).toBe(2);
});

test("a capture PayPal holds for review shows the pending message", async ({ page, request }) => {
  await scenario(request, { capture: "pending" });
  await toPayment(page);
  await payPalButton(page).click();
  await expect(page.getByText("Your payment is pending review by PayPal.", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});

test("when PayPal's script cannot load, the page says so and offers ordering by hand with the order id", async ({ page, consoleErrors }) => {
  await page.route(`${FAKE_PAYPAL_URL}/sdk/js**`, (route) => route.abort());
  await toPayment(page);
  await expect(page.getByRole("alert")).toHaveText(/The payment buttons could not be loaded/);
  await expect(payPalButton(page)).toHaveCount(0);
  const orderId = await page.getByTestId("order-created").locator("strong").innerText();
  const whatsapp = await page.getByRole("link", { name: "Order on WhatsApp" }).getAttribute("href");
  expect(decodeURIComponent(whatsapp!)).toContain(`Order ID: ${orderId}`);
  // The failed load is what this test provokes.
  const unexpected = consoleErrors.filter((e) => !/sdk\/js|PayPal/i.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
});

test("coming back from PayPal's pages shows the matching message", async ({ page }) => {
  await prepare(page);
  await page.goto("/checkout?cancelled=true");
  await expect(page.getByText("Payment cancelled")).toBeVisible();
  await page.goto("/checkout?success=true");
  await expect(page.getByText("Payment completed successfully! Thank you for your order.")).toBeVisible();
});
