import { expect, test } from "./fixtures";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { FAKE_PAYPAL_URL } from "../../playwright.config";
import { randomUUID } from "node:crypto";
import { buyer, loginAsSeller, placeOrder, sellerPage, uniqueEmail } from "./admin-helpers";
import { prepare } from "./helpers";
import { waitForMail } from "./mailbox";

/** Problem reports from the order page (issue 21, docs/decisions/034). */

const DAY_MS = 24 * 60 * 60_000;

/** A paid order placed and paid as a buyer's browser does; returns its id and its status page's path (with the key). */
async function paidOrder(request: APIRequestContext, tag: string, email: string, body: Record<string, unknown> = {}) {
  const order = await placeOrder(request, buyer(tag, email), body);
  const created = await request.post("/api/paypal/orders", { data: { orderId: order.id } });
  expect(created.status()).toBe(200);
  const { paypalOrderId } = (await created.json()) as { paypalOrderId: string };
  expect((await request.post(`${FAKE_PAYPAL_URL}/__fake/orders/${paypalOrderId}/approve`, { data: {} })).status()).toBe(200);
  const captured = await request.post("/api/paypal/capture", { data: { orderId: order.id, paypalOrderId } });
  expect(captured.status()).toBe(200);
  return order;
}

/** The seller starts and delivers the order in the console. */
async function sellerDelivers(browser: Browser, orderId: string) {
  const seller = await sellerPage(browser, `/admin/orders/${orderId}`);
  try {
    await seller.getByRole("button", { name: "Mark in progress" }).click();
    await expect(seller.getByRole("heading", { name: orderId })).toContainText("In progress");
    await seller.getByLabel("Note for the buyer").fill("Delivered to your account.");
    await seller.getByLabel("Delivery record (private)").fill(`First delivery of ${orderId}`);
    await seller.getByRole("button", { name: "Mark delivered" }).click();
    await expect(seller.getByRole("heading", { name: orderId })).toContainText("Delivered");
  } finally {
    await seller.context().close();
  }
}

const reportPanel = (page: Page) => page.getByRole("region", { name: "Report a problem" });

test("a buyer reports 'not received'; the seller answers and re-delivers; the buyer sees both, on the page and by mail", async ({ page, request, browser }) => {
  test.slow(); // two console sessions, the outbox's mail
  const email = uniqueEmail("report");
  const order = await paidOrder(request, "report", email);
  await sellerDelivers(browser, order.id);

  await prepare(page);
  await page.goto(order.statusPath);
  const panel = reportPanel(page);
  await panel.getByLabel("What went wrong?").selectOption({ label: "Not received after the promised time" });
  await panel.getByLabel("Your message").fill("The page says delivered but nothing is on my account.");
  await panel.getByRole("button", { name: "Send the report" }).click();
  await expect(panel.getByRole("status")).toHaveText("Your message was sent. The team answers here and by email.");
  const thread = panel.getByTestId("report-thread");
  await expect(thread).toContainText("Your report: Not received after the promised time");
  await expect(thread).toContainText("nothing is on my account");

  // The seller finds it in the queue next to the orders, answers, then re-delivers.
  const seller = await sellerPage(browser, "/admin/reports");
  try {
    const row = seller.getByRole("row").filter({ hasText: order.id });
    await expect(row).toContainText("your turn");
    await row.getByRole("link", { name: /^Report \d+$/ }).click();
    await seller.getByLabel("Answer (the buyer reads it)").fill("Sorry about that: we are sending it again now.");
    await seller.getByRole("button", { name: "Send answer" }).click();
    await expect(seller.getByRole("status")).toContainText("Answer sent");
    // The page's data has come back (the forms are fresh ones) once the thread shows the answer.
    await expect(seller.getByRole("list", { name: "Report thread" })).toContainText("we are sending it again now");
    await seller.getByLabel("Note for the buyer").fill("Sent again to your account at 10:05.");
    await seller.getByLabel("Delivery record (private)").fill(`Second upload for ${order.id}, confirmed on Discord`);
    await seller.getByRole("button", { name: "Re-deliver" }).click();
    await expect(seller.getByRole("status")).toContainText("Re-delivered");
    await expect(seller.getByRole("region", { name: "Deliveries" })).toContainText("First delivery of");
    await expect(seller.getByRole("region", { name: "Deliveries" })).toContainText("Second upload for");
  } finally {
    await seller.context().close();
  }

  await page.reload();
  await expect(thread).toContainText("Sorry about that: we are sending it again now.");
  await expect(thread).toContainText("Delivered again");
  await expect(thread).toContainText("Sent again to your account at 10:05.");
  const mail = await waitForMail(request, email, new RegExp(`^Order ${order.id} delivered again`));
  expect(mail.text).toContain("Sent again to your account at 10:05.");
});

test("the 30-day warranty on a gifting trigger is offered within 30 days of delivery and not after", async ({ page, request, browser }) => {
  test.slow();
  const order = await paidOrder(request, "warranty", uniqueEmail("warranty"), { lines: [{ id: "king-kong-ultra-gift", quantity: 1 }], gift: true });
  await sellerDelivers(browser, order.id);
  const warranty = "Item stopped working (30-day warranty)";
  const options = (p: Page) => reportPanel(p).getByLabel("What went wrong?").locator("option");

  await prepare(page);
  // 29 days after delivery (the browser's clock; the server checks its own again when the form is sent).
  await page.clock.install({ time: new Date(Date.now() + 29 * DAY_MS) });
  await page.goto(order.statusPath);
  await expect(options(page).filter({ hasText: warranty })).toHaveCount(1);
  await expect(reportPanel(page).getByTestId("warranty-ends")).toBeVisible();

  const later = await (await browser.newContext()).newPage();
  try {
    await prepare(later);
    await later.clock.install({ time: new Date(Date.now() + 31 * DAY_MS) });
    await later.goto(order.statusPath);
    await expect(options(later).filter({ hasText: "Wrong item" })).toHaveCount(1);
    await expect(options(later).filter({ hasText: warranty })).toHaveCount(0);
    await expect(reportPanel(later).getByTestId("warranty-ends")).toHaveCount(0);
  } finally {
    await later.context().close();
  }

  // Within the window, the report goes through.
  await reportPanel(page).getByLabel("What went wrong?").selectOption({ label: warranty });
  await reportPanel(page).getByLabel("Your message").fill("The trigger stopped working yesterday.");
  await reportPanel(page).getByRole("button", { name: "Send the report" }).click();
  await expect(reportPanel(page).getByTestId("report-thread")).toContainText(`Your report: ${warranty}`);
});

test("a permanent trigger is never offered the warranty; a report is sent without JavaScript", async ({ request, browser }) => {
  const order = await paidOrder(request, "permanent", uniqueEmail("permanent"));
  await sellerDelivers(browser, order.id);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(order.statusPath);
    const panel = reportPanel(page);
    const select = panel.getByLabel("What went wrong?");
    await expect(select.locator("option").filter({ hasText: "Not received after the promised time" })).toHaveCount(1);
    await expect(select.locator("option").filter({ hasText: "30-day warranty" })).toHaveCount(0);
    // A plain form POST: a missing message comes back as the field's error, then the report goes through.
    await select.selectOption({ label: "Something else" });
    await panel.getByRole("button", { name: "Send the report" }).click();
    await expect(panel.getByText("Please describe the problem")).toBeVisible();
    await panel.getByLabel("Your message").fill("Can I change the account it was delivered to?");
    await panel.getByRole("button", { name: "Send the report" }).click();
    await expect(panel.getByRole("status")).toHaveText("Your message was sent. The team answers here and by email.");
    await expect(panel.getByTestId("report-thread")).toContainText("Can I change the account");
  } finally {
    await context.close();
  }
});

test("the report panel, the queue and a report's page have no axe violation", async ({ page, request, browser }) => {
  test.setTimeout(120_000); // axe takes a few seconds per page
  const { AxeBuilder } = await import("@axe-core/playwright");
  const order = await paidOrder(request, "axe-report", uniqueEmail("axe-report"));
  await sellerDelivers(browser, order.id);
  await prepare(page);
  await page.goto(order.statusPath);
  const panel = reportPanel(page);
  await panel.getByLabel("What went wrong?").selectOption({ label: "Wrong item" });
  await panel.getByLabel("Your message").fill("I got KKONG instead of VENOM.");
  await panel.getByRole("button", { name: "Send the report" }).click();
  await expect(panel.getByTestId("report-thread")).toContainText("KKONG instead of VENOM");
  expect((await new AxeBuilder({ page }).include("#report-heading").include("[data-testid=report-thread]").analyze()).violations.map((v) => v.id)).toEqual([]);
  expect((await new AxeBuilder({ page }).include("main").analyze()).violations.map((v) => v.id)).toEqual([]);

  const seller = await sellerPage(browser, "/admin/reports");
  try {
    expect((await new AxeBuilder({ page: seller }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await seller
      .getByRole("row")
      .filter({ hasText: order.id })
      .getByRole("link", { name: /^Report \d+$/ })
      .click();
    await expect(seller.getByRole("heading", { level: 1 })).toContainText("Wrong item");
    expect((await new AxeBuilder({ page: seller }).analyze()).violations.map((v) => v.id)).toEqual([]);
    // The order's page links its reports.
    await seller.getByRole("link", { name: order.id }).click();
    await expect(seller.getByRole("region", { name: "Problem reports" })).toContainText("Wrong item");
  } finally {
    await seller.context().close();
  }
});

test("a staff account answers a report but is offered no refund, and a forged refund is refused", async ({ page, request, browser }) => {
  const order = await paidOrder(request, "staff-report", uniqueEmail("staff-report"));
  await sellerDelivers(browser, order.id);
  const buyerPage = await (await browser.newContext()).newPage();
  try {
    await prepare(buyerPage);
    await buyerPage.goto(order.statusPath);
    await reportPanel(buyerPage).getByLabel("What went wrong?").selectOption({ label: "Charged twice" });
    await reportPanel(buyerPage).getByLabel("Your message").fill("Two charges on my card statement.");
    await reportPanel(buyerPage).getByRole("button", { name: "Send the report" }).click();
    await expect(reportPanel(buyerPage).getByTestId("report-thread")).toBeVisible();
  } finally {
    await buyerPage.context().close();
  }

  await loginAsSeller(page, { account: "staff", next: "/admin/reports" });
  await page
    .getByRole("row")
    .filter({ hasText: order.id })
    .getByRole("link", { name: /^Report \d+$/ })
    .click();
  await expect(page.getByRole("button", { name: "Send answer" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Refund|^Record refund/ })).toHaveCount(0);
  await page.getByLabel("Answer (the buyer reads it)").fill("The owner will check the charges.");
  await page.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByRole("status")).toContainText("Answer sent");

  const forged = await page.request.post(new URL(page.url()).pathname, {
    form: { intent: "refund", amount: "", reference: "", reason: "forged by staff", requestKey: randomUUID() },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("may not refund orders");
});
