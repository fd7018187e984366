import { expect, test } from "./fixtures";
import { FAKE_PAYPAL_URL } from "../../playwright.config";
import { shopEnvForFakePayPal } from "../mocks/paypal-fake-env";
import { buyer, fakePayPalRequests, loginAsSeller, placeOrder, placePaidOrder, uniqueEmail } from "./admin-helpers";
import { checkoutToPayment } from "./helpers";

/**
 * PayPal disputes and the blocklist (docs/decisions/035): the fake PayPal opens a dispute and posts
 * its signed webhook to the shop, the seller answers from the console; a blocked buyer cannot order.
 */

const { PAYPAL_WEBHOOK_ID } = shopEnvForFakePayPal(FAKE_PAYPAL_URL);

test("the seller sends the evidence packet for a dispute from the console", async ({ page, request, baseURL }) => {
  const orderId = await placePaidOrder(request, "dispute");
  const opened = await request.post(`${FAKE_PAYPAL_URL}/__fake/disputes`, {
    data: { invoiceId: orderId, reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED", notify: { url: `${baseURL}/api/paypal/webhook`, webhookId: PAYPAL_WEBHOOK_ID } },
  });
  expect(opened.status()).toBe(201);
  const { id: disputeId, delivered } = (await opened.json()) as { id: string; delivered: number };
  expect(delivered).toBe(200);

  await loginAsSeller(page, { next: "/admin/disputes" });
  const row = page.getByRole("row").filter({ hasText: orderId });
  await expect(row.getByText("Not received")).toBeVisible();
  await expect(row.getByText(/\d+ d \d+ h left/)).toBeVisible();
  await row.getByRole("link", { name: disputeId }).click();

  await expect(page.getByRole("heading", { name: `Dispute ${disputeId}` })).toBeVisible();
  const evidence = page.getByLabel("Evidence sent to PayPal (proof of fulfilment)");
  await expect(evidence).toHaveValue(new RegExp(`Order ${orderId}: a digital item delivered by hand`));
  await expect(evidence).toHaveValue(/PayPal order \w+; capture \w+\./);
  await evidence.fill(`${await evidence.inputValue()}\nThe buyer confirmed receipt on Discord.`);
  await page.getByRole("button", { name: "Send evidence to PayPal" }).click();
  await expect(page.getByRole("status").getByText("Evidence sent to PayPal as proof of fulfilment.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Evidence sent" }).getByText("The buyer confirmed receipt on Discord.")).toBeVisible();
  await expect(page.getByRole("region", { name: "What PayPal says" }).getByText("UNDER_REVIEW")).toBeVisible();

  // PayPal received the contract's multipart body: the input JSON and the packet as a PDF.
  const sent = (await fakePayPalRequests(request)).find((r) => r.route === "provide-evidence" && r.path.includes(disputeId)) as unknown as {
    parts: { name: string; contentType: string; json?: { evidences: { evidence_type: string; notes: string }[] } }[];
  };
  expect(sent.parts.map((p) => [p.name, p.contentType])).toEqual([
    ["input", "application/json"],
    ["evidence-file", "application/pdf"],
  ]);
  expect(sent.parts[0].json?.evidences[0]).toMatchObject({
    evidence_type: "PROOF_OF_FULFILLMENT",
    notes: expect.stringContaining("confirmed receipt on Discord"),
  });
  expect(await (await request.get(`${FAKE_PAYPAL_URL}/__fake/violations`)).json()).toEqual([]);

  // The order page shows the dispute among what the shop knows of this buyer.
  await page.getByRole("link", { name: orderId }).click();
  await expect(page.getByRole("region", { name: "This buyer elsewhere" }).getByRole("link", { name: disputeId })).toBeVisible();
});

test("a blocked email cannot order: a neutral refusal in the buyer's language, and nothing reaches PayPal", async ({ page, request }) => {
  const email = uniqueEmail("blocked");
  await loginAsSeller(page, { next: "/admin/blocklist" });
  await page.getByLabel("What to block").selectOption("Email");
  await page.getByLabel("Value").fill(email.toUpperCase());
  await page.getByLabel("Reason (for you)").fill("Chargeback after delivery");
  await page.getByRole("button", { name: "Block", exact: true }).click();
  await expect(page.getByRole("status").getByText(/Blocked email/)).toBeVisible();
  await expect(page.getByRole("table", { name: "Blocked buyers" }).getByRole("cell", { name: email, exact: true })).toBeVisible();

  // The buyer at checkout: refused with the neutral message, before any PayPal button.
  await checkoutToPayment(page, email);
  await expect(page.getByText("Sorry, we can't take this order online.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "PayPal", exact: true })).toHaveCount(0);
  // In French too (the storefront translates the code).
  const response = await request.post("/api/orders", { data: { details: buyer("blocked", email), lines: [{ id: "2", quantity: 1 }], lang: "fr" } });
  expect(response.status()).toBe(422);
  expect(await response.json()).toMatchObject({ ok: false, code: "order_refused" });
  // No order was stored, so none could reach PayPal (the fake is shared by parallel tests: the shop is asked).
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await expect(page.getByText(`No orders match “${email}”.`)).toBeVisible();
});

test("the seller blocks a buyer from the order page; that buyer's next order is refused", async ({ page, request }) => {
  const tag = `b${Math.random().toString(36).slice(2, 8)}`;
  const details = buyer(tag, uniqueEmail(tag));
  // A client address of its own: blocking the buyer blocks their client too, and every other test shares 127.0.0.1.
  const client = { "x-forwarded-for": `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
  const { id: orderId } = await placeOrder(request, details, {}, client);
  await loginAsSeller(page, { next: `/admin/orders/${orderId}` });
  const card = page.getByRole("region", { name: "This buyer elsewhere" });
  await card.getByRole("button", { name: "Block this buyer" }).click();
  await expect(page.getByRole("status").getByText("Buyer blocked: their new orders are refused.")).toBeVisible();
  await expect(card.getByText("Blocked: Email, Game username, Client (keyed address hash)")).toBeVisible();
  // Refused by its client alone, with a new email and game username.
  const again = await request.post("/api/orders", {
    data: { details: buyer(`${tag}x`, uniqueEmail(`${tag}x`)), lines: [{ id: "2", quantity: 1 }] },
    headers: client,
  });
  expect(again.status()).toBe(422);
  expect(await again.json()).toMatchObject({ code: "order_refused" });
});
