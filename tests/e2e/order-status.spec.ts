import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { buyer, placeOrder, sellerPage, uniqueEmail } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { checkoutToPayment, prepare } from "./helpers";
import { linkIn, mailsTo, waitForMail } from "./mailbox";

/**
 * The guest order-status page and the lookup (issue 9). The seller's moves are made in the seller
 * console, in a browser context of their own. Every test uses its own email address: the fake inbox
 * is shared.
 */

/** A buyer of its own for one test, at an address no other test or run mails. */
const guest = (what: string) => buyer(what, uniqueEmail(what));

const CONSOLE_ACTIONS = {
  in_progress: { button: "Mark in progress", done: "In progress" },
  delivered: { button: "Mark delivered", done: "Delivered" },
  cancelled: { button: "Cancel order", done: "Cancelled" },
} as const;

/** The seller moves an order from its page in the console, as on a working day. */
async function sellerMoves(browser: Browser, orderId: string, status: keyof typeof CONSOLE_ACTIONS, sellerNote?: string) {
  const seller = await sellerPage(browser, `/admin/orders/${orderId}`);
  try {
    if (sellerNote) await seller.getByLabel("Note for the buyer").fill(sellerNote);
    // The console requires the private delivery record (the seller's evidence) to deliver.
    if (status === "delivered") await seller.getByLabel("Delivery record (private)").fill(`Uploaded to the buyer's account for ${orderId}`);
    await seller.getByRole("button", { name: CONSOLE_ACTIONS[status].button }).click();
    await expect(seller.getByRole("heading", { name: orderId })).toContainText(CONSOLE_ACTIONS[status].done);
  } finally {
    await seller.context().close();
  }
}

const status = (page: Page) => page.getByTestId("order-status");

test.describe("order-status page", () => {
  // A zone other than the server's UTC, so the browser's rewrite of the times shows.
  test.use({ timezoneId: "America/New_York" });

  test("pay with PayPal → the mailed link shows paid and the countdown → the seller's moves in the console appear without a reload", async ({
    page,
    request,
    browser,
  }) => {
    test.slow(); // checkout, PayPal, the outbox's mail and two seller moves
    const email = uniqueEmail("status");
    await checkoutToPayment(page, email);
    // The payment step already links the order's page.
    const early = await page.getByTestId("order-created").getByRole("link", { name: "Open the order page" }).getAttribute("href");
    expect(early).toMatch(/^\/order\/ORD\d{12}-[0-9A-Z]{4}\?k=[\w-]+$/);

    await page.getByRole("button", { name: "PayPal", exact: true }).click();
    await expect(page.getByText("Payment completed successfully! Thank you, Alex!")).toBeVisible();
    // The page the buyer lands on after paying links the order too.
    await expect(page).toHaveURL(/\/login-required$/);
    const landed = page.getByRole("region", { name: "Follow your order" }).getByRole("link", { name: "Open the order page" });
    await expect(landed).toHaveAttribute("href", early!);

    const mail = await waitForMail(request, email, /^Payment confirmed for order ORD/);
    const link = linkIn(mail, /^\/order\//);
    expect(link).toBe(early);
    const orderId = new URL(link, "http://x").pathname.split("/").pop()!;

    // Fake timers from here on, so the 30-second refresh can be reached without waiting for it.
    await page.clock.install();
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderId}`);
    await expect(status(page)).toHaveText("Paid — in the delivery queue");
    await expect(page.getByTestId("countdown")).toHaveText(/^(24 h 0|23 h 5\d) min left$/);
    await expect(page.getByTestId("delivery-promise")).toContainText("Expected between");
    const timeline = page.getByTestId("order-timeline");
    await expect(timeline.getByRole("listitem")).toHaveText([/Order received/, /Payment confirmed/, /Delivery in progress\s*Not yet/, /Delivered\s*Not yet/]);
    // Times are rewritten in the browser's zone after hydration (the server wrote UTC).
    await expect(timeline.locator("time").first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M EST$/);
    await expect(page.getByTestId("order-total")).toHaveText("$54.99 USD");
    // With JavaScript the no-script reload is inert text, never a <meta> that would reload the page.
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);

    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
    await sellerMoves(browser, orderId, "in_progress");
    await page.clock.fastForward("00:31");
    await expect(status(page)).toHaveText("Delivery in progress");
    await expect(page.getByTestId("countdown")).toBeVisible();

    await sellerMoves(browser, orderId, "delivered", "Sent to KimGame — enjoy!");
    // Coming back to the tab refreshes at once.
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(status(page)).toHaveText("Delivered");
    await expect(page.getByTestId("seller-note")).toContainText("Sent to KimGame — enjoy!");
    await expect(page.getByTestId("delivery-promise")).toHaveCount(0);
    await expect(timeline.getByRole("listitem").last()).not.toContainText("Not yet");
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    // And the buyer is mailed the delivery, with the seller's note.
    const delivered = await waitForMail(request, email, new RegExp(`^Order ${orderId} delivered`));
    expect(delivered.text).toContain("Sent to KimGame — enjoy!");
  });

  test("a wrong or missing key is the same not-found page as an unknown order", async ({ page, request }) => {
    const order = await placeOrder(request, guest("keys"));
    const other = await placeOrder(request, guest("keys-other"));
    await prepare(page);
    const otherKey = new URL(other.statusPath, "http://x").searchParams.get("k");
    const answers: string[] = [];
    for (const url of [`/order/${order.id}`, `/order/${order.id}?k=${otherKey}`, `/order/ORD200101000000-ZZZZ?k=${otherKey}`]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't open this order");
      answers.push(await page.locator("main").innerText());
    }
    expect(new Set(answers).size).toBe(1);
    await page.getByRole("link", { name: "Find my order" }).click();
    await expect(page).toHaveURL(/\/order$/);
  });

  test("an unpaid order offers to finish the payment, in the order's page language, and passes axe", async ({ page, request }) => {
    const order = await placeOrder(request, guest("unpaid"), { lang: "es", currency: "EUR" });
    await prepare(page, { country: "ES" });
    await page.goto(`/es${order.statusPath}`);
    await expect(status(page)).toHaveText("Pendiente de pago");
    const pay = page.getByRole("region", { name: "Completa el pago" });
    await expect(pay.getByRole("button", { name: "PayPal", exact: true })).toBeVisible();
    const whatsapp = await pay.getByRole("link", { name: "Pedir por WhatsApp" }).getAttribute("href");
    expect(decodeURIComponent(whatsapp!)).toContain(order.id);
    await expect(page.getByTestId("order-estimate")).toHaveText(/^≈ 50,59\s€ como se mostró al pedir/);
    const support = page.getByRole("region", { name: "¿Necesitas ayuda?" });
    expect(decodeURIComponent((await support.getByRole("link", { name: "Preguntar por WhatsApp" }).getAttribute("href"))!)).toContain(order.id);
    await support.getByRole("link", { name: "Usar el formulario de contacto" }).click();
    await expect(page).toHaveURL(new RegExp(`/es/contact\\?order=${order.id}$`));
    await expect(page.getByRole("textbox", { name: "Mensaje" })).toHaveValue(new RegExp(`pedido ${order.id}`));

    await page.goto(`/es${order.statusPath}`);
    const results = await new AxeBuilder({ page }).include("main").exclude("iframe").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });

  test("looks right on a 390 px phone: nothing overflows sideways", async ({ page, request, browser }, testInfo) => {
    const order = await placeOrder(request, guest("phone"));
    await sellerMoves(browser, order.id, "cancelled");
    await page.setViewportSize({ width: 390, height: 844 });
    await prepare(page);
    await page.goto(order.statusPath);
    await expect(status(page)).toHaveText("Cancelled");
    await expect(page.getByTestId("order-timeline").getByRole("listitem")).toHaveText([/Order received/, /Cancelled/]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath("order-status-phone.png"), fullPage: true });
  });
});

test.describe("order lookup", () => {
  test("a wrong email and an unknown order get the same answer as the right pair, which alone is mailed the link", async ({ page, request }) => {
    const email = uniqueEmail("lookup");
    const order = await placeOrder(request, buyer("lookup", email), { lang: "fr" });
    await prepare(page);

    // The raw answers: same status and target for all three.
    const post = (orderId: string, address: string) => request.post("/order", { form: { orderId, email: address }, maxRedirects: 0 });
    const raw = [await post(order.id, "someone-else@example.com"), await post("ORD200101000000-ZZZZ", email)];
    for (const response of raw) {
      expect(response.status()).toBe(303);
      expect(response.headers().location).toBe("/order?sent=1");
    }

    // In the page: the same text for all three.
    const answer = async (orderId: string, address: string) => {
      await page.goto("/order");
      await page.getByLabel("Order ID").fill(orderId);
      await page.getByLabel("Email you ordered with").fill(address);
      await page.getByRole("button", { name: "Email me the link" }).click();
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
      await expect(page).toHaveURL(/\/order\?sent=1$/);
      return page.locator("main").innerText();
    };
    const wrongEmail = await answer(order.id, "someone-else@example.com");
    const unknownOrder = await answer("ORD200101000000-ZZZZ", email);
    expect(unknownOrder).toBe(wrongEmail);
    expect((await mailsTo(request, email)).filter((m) => /lien|link/i.test(m.subject))).toEqual([]);
    const right = await answer(order.id.toLowerCase(), email.toUpperCase());
    expect(right).toBe(wrongEmail);

    // The order was placed in French: the mail and its link are French.
    const mail = await waitForMail(request, email, new RegExp(`^Votre lien vers la commande ${order.id}`));
    const link = linkIn(mail, /\/order\//);
    expect(link).toBe(`/fr${order.statusPath}`);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande ${order.id}`);
  });

  test("a badly typed order id is pointed out before anything is sent", async ({ page }) => {
    await prepare(page);
    await page.goto("/order");
    await page.getByLabel("Order ID").fill("12345");
    await page.getByLabel("Email you ordered with").fill("me@example.com");
    await page.getByRole("button", { name: "Email me the link" }).click();
    await expect(page.getByText("An order ID looks like ORD251122140501-AB12")).toBeVisible();
    await expect(page.getByLabel("Order ID")).toBeFocused();
    await expect(page).toHaveURL(/\/order$/);
  });

  test("the footer links to it", async ({ page }) => {
    await prepare(page);
    await page.goto("/fr/help-center");
    await page.getByRole("contentinfo").getByRole("link", { name: "Suivre ma commande" }).click();
    await expect(page).toHaveURL(/\/fr\/order$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suivre votre commande");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the status page renders on the server, in UTC, and reloads itself while the order can change", async ({ page, request }) => {
    const order = await placeOrder(request, guest("nojs"));
    await page.goto(order.statusPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${order.id}`);
    await expect(status(page)).toHaveText("Waiting for payment");
    await expect(page.getByTestId("order-timeline").locator("time").first()).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    await expect(page.getByRole("region", { name: "Finish your payment" }).getByRole("link", { name: "Order on WhatsApp" })).toBeVisible();
    await expect(page.getByText("Loading payment options")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    // Chromium under Playwright keeps <noscript> inert even with scripts off: read what the server sent.
    const html = await (await request.get(order.statusPath)).text();
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="60"/></noscript>');
    expect(html).toMatch(/<noscript><p[^>]*>The PayPal and card buttons need JavaScript\./);
  });

  test("the lookup form works as a plain form post", async ({ page, consoleErrors }) => {
    await page.goto("/order");
    await page.getByLabel("Order ID").fill("ORD200101000000-ZZZZ");
    await page.getByLabel("Email you ordered with").fill("nobody@example.com");
    await page.getByRole("button", { name: "Email me the link" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await page.getByRole("link", { name: "Look up another order" }).click();
    await page.getByLabel("Order ID").fill("nope");
    await page.getByLabel("Email you ordered with").fill("nobody@example.com");
    await page.getByRole("button", { name: "Email me the link" }).click();
    await expect(page.getByText("An order ID looks like ORD251122140501-AB12")).toBeVisible();
    await expect(page.getByLabel("Order ID")).toHaveValue("nope");
    // The form page answered 422 with the fields to correct: that is what this test provokes.
    const unexpected = consoleErrors.filter((e) => !/status of 422 .*\/order\)$/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...unexpected);
  });
});
