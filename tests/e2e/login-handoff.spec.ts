import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { SHOP_LOG_FILE } from "../../playwright.config";
import { sellerPage, uniqueEmail } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { checkoutToPayment, prepare } from "./helpers";
import { linkIn, waitForMail } from "./mailbox";

/**
 * The permanent-item login handoff (issue 12, docs/decisions/022), end to end: the seller makes the
 * key pair in the console, a buyer pays for a permanent trigger with the fake PayPal and gives the
 * login on the order page (sealed in the browser), the seller reveals it with the passphrase, and
 * delivery deletes it. The tests share the shop's one key pair, so they run in order.
 */
test.describe.configure({ mode: "default" });

const PASSPHRASE = "e2e login handoff passphrase";
/** Every password typed here starts with this: the shop's log must never contain it. */
const SECRET = `E2E-Secret-${Math.random().toString(36).slice(2, 10)}`;

/** Pays for `cart` through checkout and the fake PayPal as `email`; ends on the page after payment. */
async function payFor(page: Page, email: string, cart = [{ id: "2", quantity: 1 }]) {
  await checkoutToPayment(page, email, cart);
  await page.getByRole("button", { name: "PayPal", exact: true }).click();
  await expect(page.getByText("Payment completed successfully! Thank you, Alex!")).toBeVisible();
  await expect(page).toHaveURL(/\/login-required$/);
}

const loginSection = (page: Page) => page.getByRole("region", { name: "Your game login" });

/** Fills and sends the form; returns the JSON bodies the page posted to the login endpoint. */
async function giveLogin(page: Page, username: string, password: string, button = "Encrypt and send"): Promise<string[]> {
  const bodies: string[] = [];
  const listen = (request: { url(): string; postData(): string | null }) => {
    if (new URL(request.url()).pathname === "/api/orders/login") bodies.push(request.postData() ?? "");
  };
  page.on("request", listen);
  const section = loginSection(page);
  await section.getByLabel("Game username").fill(username);
  await section.getByLabel("Game password").fill(password);
  await section.getByRole("button", { name: button }).click();
  await expect(section.getByText(/^Received on /)).toBeVisible();
  page.off("request", listen);
  return bodies;
}

async function sellerMoves(seller: Page, button: "Mark in progress" | "Mark delivered") {
  if (button === "Mark delivered") await seller.getByLabel(/Delivery record/).fill("Uploaded into KimGame, checked in game.");
  await seller.getByRole("button", { name: button }).click();
  // Each move offers the next one: in progress → "Mark delivered"; delivered → nothing more.
  if (button === "Mark in progress") await expect(seller.getByRole("button", { name: "Mark delivered" })).toBeVisible();
  else await expect(seller.getByRole("button", { name: "Mark delivered" })).toHaveCount(0);
}

test("the seller creates the key pair in the console; it is mailed to the seller", async ({ browser, request }) => {
  test.slow();
  const seller = await sellerPage(browser, "/admin/login-keys");
  await seller.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
  await seller.getByLabel("Passphrase again").fill(PASSPHRASE);
  await seller.getByRole("button", { name: /^Create (a new )?key pair$/ }).click();
  await expect(seller.getByText(/Key pair #\d+ is active/)).toBeVisible();
  await expect(seller.getByRole("table", { name: "Key pairs" }).getByRole("row").nth(1)).toContainText("Active");
  await waitForMail(request, "seller@triggershop.test", /^New login key pair #\d+ created/);
});

test("pay for a permanent trigger → give the login → the seller reveals it → delivery deletes it", async ({ page, browser, request }) => {
  test.slow(); // checkout, PayPal, the outbox's mail, and the seller's console
  const email = uniqueEmail("handoff");
  await payFor(page, email);

  // The page after payment points to the form on the order's page.
  const callout = page.getByRole("region", { name: "Give your game login" });
  await callout.getByRole("link", { name: "Give your game login" }).click();
  await expect(page).toHaveURL(/\/order\/ORD\d{12}-[0-9A-Z]{4}\?k=[\w-]+#game-login$/);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  // …and so does the payment mail.
  const mail = await waitForMail(request, email, /^Payment confirmed for order ORD/);
  expect(mail.text).toContain("Give your game login");
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(linkIn(mail, /^\/order\//));

  const section = loginSection(page);
  await expect(section.getByText("Your account must be VIP Platinum or above.")).toBeVisible();
  await expect(section.getByText(/about 45 minutes/)).toBeVisible();
  await expect(section.getByLabel("Game username")).toHaveValue("");
  await expect(section.getByLabel("Game password")).toHaveAttribute("autocomplete", "new-password");
  // An empty form says what is missing and sends nothing.
  await section.getByRole("button", { name: "Encrypt and send" }).click();
  await expect(section.getByText("Please enter your game username")).toBeVisible();
  await expect(section.getByText("Please enter your game password")).toBeVisible();

  const first = `${SECRET}-first`;
  const bodies = await giveLogin(page, "KimLogin", first);
  // What left the browser is a sealed box: neither the password nor the username.
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).not.toContain(first);
  expect(bodies[0]).not.toContain("KimLogin");
  expect(JSON.parse(bodies[0]!)).toMatchObject({ orderId, ciphertext: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) });
  // Nothing of it is kept in the browser's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(SECRET);

  // Replaced before the team starts.
  const second = `${SECRET}-second`;
  await section.getByRole("button", { name: "Replace my login" }).click();
  await giveLogin(page, "KimLogin", second, "Encrypt and replace");
  await expect(section.getByText(/^Last replaced on /)).toBeVisible();

  // The seller: a wrong passphrase reveals nothing, the right one shows the current login.
  const seller = await sellerPage(browser, `/admin/orders/${orderId}`);
  const card = seller.getByRole("region", { name: "Game login" });
  await card.getByLabel("Key passphrase").fill("not the passphrase");
  await card.getByRole("button", { name: "Reveal login" }).click();
  await expect(card.getByText("Wrong passphrase: nothing was revealed.")).toBeVisible();
  await expect(card.getByTestId("revealed-login")).toHaveCount(0);
  await card.getByLabel("Key passphrase").fill(PASSPHRASE);
  await card.getByRole("button", { name: "Reveal login" }).click();
  const revealed = card.getByTestId("revealed-login");
  await expect(revealed).toContainText("KimLogin");
  await expect(revealed).toContainText(second);
  await expect(revealed).not.toContainText(first);
  await expect(card.getByText(/Hidden in \d+ s/)).toBeVisible();
  await card.getByRole("button", { name: "Hide now" }).click();
  await expect(revealed).toHaveCount(0);
  await expect(card.getByRole("listitem").filter({ hasText: "Revealed" })).toHaveCount(1);

  // The buyer sees that the team opened it; once the team starts, it can no longer be changed.
  await sellerMoves(seller, "Mark in progress");
  await page.reload();
  await expect(section.getByText("Opened by our team")).toBeVisible();
  await expect(section.getByText(/Our team has started on your order/)).toBeVisible();
  await expect(section.getByRole("button", { name: "Replace my login" })).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Withdraw my login" })).toHaveCount(0);

  // Delivery deletes it, and the buyer's page says so.
  await sellerMoves(seller, "Mark delivered");
  await page.reload();
  await expect(section.getByText(/^Your login was deleted on .+, when your order was delivered\.$/)).toBeVisible();
  await expect(section.getByLabel("Game password")).toHaveCount(0);
  await seller.reload();
  await expect(card.getByText(/Deleted .+ \(delivered\)/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Reveal login" })).toHaveCount(0);
  await seller.context().close();
});

test("the buyer withdraws the login before the team starts: deleted at once, and can give it again", async ({ page }) => {
  test.slow();
  await payFor(page, uniqueEmail("withdraw"));
  await page.getByRole("region", { name: "Give your game login" }).getByRole("link", { name: "Give your game login" }).click();
  const section = loginSection(page);
  await expect(section.getByRole("button", { name: "Encrypt and send" })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include(`#game-login`).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  await giveLogin(page, "KimLogin", `${SECRET}-withdrawn`);
  await section.getByRole("button", { name: "Withdraw my login" }).click();
  await section.getByRole("button", { name: "Yes, withdraw it" }).click();
  await expect(section.getByText(/^You withdrew your login on .+: it was deleted\.$/)).toBeVisible();
  await expect(section.getByText("Withdrawn and deleted")).toBeVisible();
  // The form is back for a new login.
  await expect(section.getByRole("button", { name: "Encrypt and send" })).toBeVisible();
});

test("a gift order is never asked for a login, and works on a phone too", async ({ page, request }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail("gift");
  await prepare(page);
  await page.goto("/gift-checkout/king-kong-ultra-gift");
  await page.getByLabel("Your email").fill(email);
  await page.getByLabel("Your name").fill("Kim");
  await page.getByLabel("Your Discord username").fill("kim#1");
  await page.getByLabel("Recipient's IMVU username").fill("Lucky Friend_2");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Proceed to Card Payment" }).click();
  await page.getByRole("dialog", { name: "Gift Order Information" }).getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "PayPal", exact: true }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  const mail = await waitForMail(request, email, /^Payment confirmed for order ORD/);
  expect(mail.text).not.toContain("game login");
  await page.goto(linkIn(mail, /^\/order\//));
  await expect(page.getByTestId("order-status")).toHaveText("Paid — in the delivery queue");
  await expect(page.getByRole("heading", { name: "Your game login" })).toHaveCount(0);
  await expect(page.getByLabel("Game password")).toHaveCount(0);
});

test("the home page never downloads the encryption code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await prepare(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /login-crypto|sodium/.test(url))).toEqual([]);
});

test("the shop's log of the whole run never contains a password typed here", async () => {
  const log = readFileSync(SHOP_LOG_FILE, "utf8");
  // The log is really the shop's: it saw this spec's login requests.
  // Booleans, so a failure does not print the whole log.
  expect(/"(url|path)":"\/api\/orders\/login"/.test(log), "the log holds this run's login requests").toBe(true);
  expect(log.includes(SECRET), "the log holds a password typed in this spec").toBe(false);
});
