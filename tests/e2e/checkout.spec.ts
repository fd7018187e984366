import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { prepare as prepareVisit, seedCart } from "./helpers";

async function prepare(page: Page, cart?: { id: string; quantity: number }[]) {
  await prepareVisit(page);
  if (cart) await seedCart(page, cart);
}

test("an empty cart shows the empty-cart card at checkout", async ({ page }) => {
  await prepare(page);
  await page.goto("/checkout");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("button", { name: "Proceed to Card Payment" })).toHaveCount(0);
});

test("no payment button when the coupon brings the total to zero (SPEC §4)", async ({ page }) => {
  await prepare(page, [{ id: "4", quantity: 1 }]);
  await page.goto("/cart");
  await page.getByLabel("Coupon code").fill("WHOLEORDER");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Covers the whole order")).toBeVisible();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("checkout-total")).toHaveText("$0.00");
  await expect(page.getByRole("button", { name: "Proceed to Card Payment" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "PayPal", exact: true })).toHaveCount(0);
});

test("payment details are required, then the order is saved with an id", async ({ page }) => {
  await prepare(page, [{ id: "2", quantity: 2 }]);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-total")).toHaveText("$109.98");
  await page.getByRole("button", { name: "Proceed to Card Payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Payment Details" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please fill in all required fields before continuing.");
  await dialog.getByLabel("Email").fill("buyer@example.com");
  await dialog.getByLabel("Full name").fill("Sam Buyer");
  await dialog.getByLabel("Discord username").fill("   ");
  await dialog.getByLabel("Game username").fill("SamGame");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please fill in all required fields before continuing.");
  await dialog.getByLabel("Discord username").fill("sam#0001");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Details submitted — choose your payment method")).toBeVisible();
  const orderId = await page.getByTestId("order-created").locator("strong").innerText();
  expect(orderId).toMatch(/^ORD\d{12}-[0-9A-Z]{4}$/);
  const whatsapp = await page.getByTestId("order-created").getByRole("link", { name: "Order on WhatsApp" }).getAttribute("href");
  const text = decodeURIComponent(whatsapp!.split("?text=")[1]);
  expect(text).toContain("VENOM-TRIGGER × 2");
  // Built from the order the server stored: the dollars it charges.
  expect(text).toContain("Total charged: $109.98 USD");
  expect(text).toContain(`Order ID: ${orderId}`);

  // The details are remembered for the next order.
  await page.reload();
  await page.getByRole("button", { name: "Proceed to Card Payment" }).click();
  await expect(page.getByRole("dialog").getByLabel("Email")).toHaveValue("buyer@example.com");
});

test("the server prices the order: a tampered stored price changes nothing", async ({ request }) => {
  const response = await request.post("/api/orders", {
    data: {
      details: { EMAIL: "a@b.co", FNAME: "A", USERNAME: "a", VUUSER: "aaa" },
      lines: [{ id: "2", quantity: 1, priceCents: 1 }],
    },
  });
  expect(response.status()).toBe(201);
  const body = await response.json();
  expect(body.order.totalCents).toBe(5499);
  // A Buffer is sent as is (a string would be JSON-encoded into a valid JSON string).
  const unreadable = await request.post("/api/orders", { data: Buffer.from("{not json"), headers: { "content-type": "application/json" } });
  expect(unreadable.status()).toBe(400);
  const incomplete = await request.post("/api/orders", { data: { lines: [{ id: "2", quantity: 1 }] } });
  expect(incomplete.status()).toBe(422);
  expect(await incomplete.json()).toMatchObject({ ok: false, code: "details_required" });
  const crossSite = await request.post("/api/orders", { data: {}, headers: { origin: "https://evil.example" } });
  expect(crossSite.status()).toBe(403);
});

test("gift form: each rule shows its message under the field and clears on edit", async ({ page }) => {
  await prepare(page);
  await page.goto("/gift-checkout/king-kong-ultra-gift");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
  await expect(page.getByText("Discord username is required")).toBeVisible();
  await expect(page.getByText("IMVU username is required")).toBeVisible();
  await page.getByLabel("Your email").fill("not-an-email");
  await expect(page.getByText("Email is required")).toBeHidden();
  await page.getByLabel("Recipient's IMVU username").fill("ab");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Please enter a valid email")).toBeVisible();
  await expect(page.getByText("Username must be 3-16 characters")).toBeVisible();
  await page.getByLabel("Recipient's IMVU username").fill("bad!name");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Username can only contain letters, numbers, underscores, and spaces")).toBeVisible();
});

test("gift form saves the data and goes to the gift checkout after 1 s", async ({ page }) => {
  await prepare(page);
  await page.goto("/fr/gift-checkout/king-kong-ultra-gift");
  await page.getByLabel("Votre e-mail").fill("gift@example.com");
  await page.getByLabel("Votre nom").fill("Alex");
  await page.getByLabel("Votre pseudo Discord").fill("alex#1");
  await page.getByLabel("Pseudo IMVU du destinataire").fill("Lucky Friend_1");
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page.getByText("Informations enregistrées")).toBeVisible();
  await expect(page.getByText("Redirection vers le paiement...")).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/checkout\?gift=true&product=king-kong-ultra-gift$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiement de la commande cadeau");
  await page.getByRole("button", { name: "Payer par carte" }).click();
  const dialog = page.getByRole("dialog", { name: "Informations de la commande cadeau" });
  await expect(dialog.getByText("aucun identifiant de connexion n'est nécessaire", { exact: false })).toBeVisible();
  await expect(dialog.getByLabel("Pseudo de jeu")).toHaveValue("Lucky Friend_1");
  await expect(dialog.getByLabel("E-mail")).toHaveValue("gift@example.com");
});

test("a non-gift product has no gift form", async ({ page }) => {
  await prepare(page);
  const response = await page.goto("/gift-checkout/2");
  expect(response?.status()).toBe(404);
});
