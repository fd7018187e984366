import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import routes from "../../app/routes";
import { FAKE_PAYPAL_URL } from "../../playwright.config";
import { shopEnvForFakePayPal } from "../mocks/paypal-fake-env";
import { buyer, loginAsSeller, placeOrder } from "./admin-helpers";
import { prepare } from "./helpers";

/**
 * Issue 32: the console on a seller's phone (375 × 812, docs/decisions/054). Every console page of
 * app/routes.ts, as owner and as staff: the page never scrolls sideways, every control of the page is
 * inside the screen (not off to the right of a table) and at least 44 px tall; an order is delivered
 * from the phone layout.
 */

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ mode: "serial" });

/** Console routes a visitor reaches without a session, or that are not pages (files, redirects). */
const NOT_WALKED = new Set(["admin/login", "admin/login/code", "admin/logout", "admin/invite/:token"]);

function flatten(entries: readonly RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [{ path: full, file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

/** Every console page of the route table: a page added later is walked without editing this test. */
const CONSOLE_PAGES = flatten(routes)
  .filter((r) => (r.path === "admin" || r.path.startsWith("admin/")) && r.file.endsWith(".tsx") && !NOT_WALKED.has(r.path))
  .map((r) => r.path);

/** The records the :id pages open, made once by the first test (as buyers and PayPal make them). */
interface Records {
  order: string;
  report: string;
  dispute: string;
  campaign: string;
}
let records: Records | undefined;

const ID_OF: Record<string, (r: Records) => string> = {
  "admin/orders/:id": (r) => r.order,
  "admin/reports/:id": (r) => r.report,
  "admin/disputes/:id": (r) => r.dispute,
  "admin/campaigns/:id": (r) => r.campaign,
  "admin/products/:id": () => "1",
  "admin/coupons/:id": () => "newuser15",
};

function urlOf(pattern: string, r: Records): string {
  if (pattern.endsWith("*")) return `/${pattern.replace(/\*$/, "no-such-page")}`;
  if (!pattern.includes(":")) return `/${pattern}`;
  const id = ID_OF[pattern];
  if (!id) throw new Error(`console-phone.spec.ts: give ${pattern} a record in ID_OF`);
  return `/${pattern.replace(/:\w+/, id(r))}`;
}

/**
 * What a thumb meets on the page, measured in the browser: the page's width, and every visible
 * control of <main> that sticks out of the screen or is shorter than 44 px. Links inside a sentence
 * are exempt from the size (WCAG 2.5.8 "inline"), as are the checkboxes' and radios' own boxes,
 * whose label is the target.
 */
async function measure(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const outside: string[] = [];
    const small: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute("name") ? `[name=${el.getAttribute("name")}]` : ""} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
    for (const el of document.querySelectorAll("main a[href], main button, main input, main select, main textarea, main summary")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || (el as HTMLInputElement).type === "hidden") continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || el.closest(".sr-only")) continue;
      if (rect.left < -1 || rect.right > width + 1) outside.push(name(el));
      const isBox = el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio");
      const inline = el instanceof HTMLAnchorElement && style.display === "inline" && !el.classList.contains("btn");
      if (!isBox && !inline && rect.height < 43.5) small.push(`${name(el)} ${Math.round(rect.height)}px`);
    }
    // What makes a page wider than the screen: the innermost elements reaching past its right edge.
    const wide = [...document.querySelectorAll("body *")]
      .filter(
        (el) =>
          !el.closest("header nav") &&
          el.getBoundingClientRect().right > width + 1 &&
          ![...el.children].some((c) => c.getBoundingClientRect().right > width + 1),
      )
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
    return { scrollWidth: document.scrollingElement!.scrollWidth, width, outside, small, wide };
  });
}

/** Walks every console page; returns the pages that refused the account (403: staff on the owner's pages). */
async function walk(page: Page, who: string): Promise<string[]> {
  const problems: string[] = [];
  const refused: string[] = [];
  for (const pattern of CONSOLE_PAGES) {
    const url = urlOf(pattern, records!);
    const response = await page.goto(url);
    if (response?.status() === 403) refused.push(response.url());
    await expect(page.getByRole("heading", { level: 1 }).first(), url).toBeVisible();
    const { scrollWidth, width, outside, small, wide } = await measure(page);
    if (scrollWidth > width) problems.push(`${who} ${url}: the page is ${scrollWidth}px wide (${wide.join(", ")})`);
    if (outside.length) problems.push(`${who} ${url}: off screen: ${outside.join(", ")}`);
    if (small.length) problems.push(`${who} ${url}: under 44px: ${small.join(", ")}`);
  }
  expect(problems).toEqual([]);
  return refused;
}

const { PAYPAL_WEBHOOK_ID } = shopEnvForFakePayPal(FAKE_PAYPAL_URL);

test("a paid order is started and delivered from the phone layout, its next action in view", async ({ page, request, browser, baseURL }) => {
  test.slow(); // the records the walks open: two paid orders, a dispute, a report, a campaign
  const { id: orderId, statusPath } = await placeOrder(request, buyer("phone"));
  const paid = async (id: string) => {
    const created = await request.post("/api/paypal/orders", { data: { orderId: id } });
    const { paypalOrderId } = (await created.json()) as { paypalOrderId: string };
    expect((await request.post(`${FAKE_PAYPAL_URL}/__fake/orders/${paypalOrderId}/approve`, { data: {} })).status()).toBe(200);
    expect((await request.post("/api/paypal/capture", { data: { orderId: id, paypalOrderId } })).status()).toBe(200);
  };
  await paid(orderId);

  // The paid queue shows the order as a card with its link in reach; the order page its next step.
  await loginAsSeller(page, { next: "/admin/orders?status=paid" });
  await page.getByRole("list", { name: "Orders" }).getByRole("link", { name: orderId }).click();
  await expect(page.getByRole("heading", { name: orderId })).toContainText("Paid");
  const start = page.getByRole("button", { name: "Mark in progress" });
  await expect(start).toBeInViewport();
  await start.click();
  await expect(page.getByRole("heading", { name: orderId })).toContainText("In progress");
  await page.getByLabel("Delivery record (private)").fill("Uploaded from the phone");
  const deliver = page.getByRole("button", { name: "Mark delivered" });
  await deliver.scrollIntoViewIfNeeded();
  const box = (await deliver.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await deliver.click();
  await expect(page.getByRole("status").getByText(/Delivered: the buyer's status page shows it/)).toBeVisible();
  await expect(page.getByRole("heading", { name: orderId })).toContainText("Delivered");
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);

  // The buyer reports a problem on the delivered order: the report's page is walked below.
  const buyerPage = await (await browser.newContext()).newPage();
  await prepare(buyerPage);
  await buyerPage.goto(statusPath);
  const panel = buyerPage.getByRole("region", { name: "Report a problem" });
  await panel.getByLabel("What went wrong?").selectOption({ label: "Something else" });
  await panel.getByLabel("Your message").fill("Sent from my phone: is it the right account?");
  await panel.getByRole("button", { name: "Send the report" }).click();
  await expect(panel.getByRole("status")).toHaveText("Your message was sent. The team answers here and by email.");
  await buyerPage.context().close();
  await page.goto("/admin/reports");
  const reportLink = page
    .getByRole("main")
    .getByRole("link", { name: /^Report \d+$/ })
    .first();
  const report = (await reportLink.getAttribute("href"))!.split("/").pop()!;

  // A second paid order, disputed at PayPal; and a campaign draft.
  const { id: disputed } = await placeOrder(request, buyer("phone-dispute"));
  await paid(disputed);
  const opened = await request.post(`${FAKE_PAYPAL_URL}/__fake/disputes`, {
    data: {
      invoiceId: disputed,
      reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      notify: { url: `${baseURL}/api/paypal/webhook`, webhookId: PAYPAL_WEBHOOK_ID },
    },
  });
  expect(opened.status()).toBe(201);
  const { id: dispute } = (await opened.json()) as { id: string };

  await page.goto("/admin/campaigns/new");
  await page.getByLabel("Subject (English)").fill("Phone campaign");
  await page.getByLabel("Text (English)").fill("Written on a phone.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/(?!new$)[^/]+$/);
  const campaign = page.url().split("/").pop()!;
  records = { order: orderId, report, dispute, campaign };
});

test("every console page fits a phone for the owner: no sideways scrolling, every control on screen and 44 px tall", async ({ page }) => {
  test.slow();
  expect(CONSOLE_PAGES).toEqual(expect.arrayContaining(["admin", "admin/orders", "admin/orders/:id", "admin/accounts"]));
  await loginAsSeller(page);
  await walk(page, "owner");
});

test("every console page fits a phone for staff, their refusals included", async ({ page, consoleErrors }) => {
  test.slow();
  await loginAsSeller(page, { account: "staff" });
  const refused = await walk(page, "staff");
  // Staff are refused the owner's pages (docs/decisions/036): a 403 document, laid out like the rest.
  expect(refused).toEqual(expect.arrayContaining([expect.stringMatching(/\/admin\/products$/), expect.stringMatching(/\/admin\/accounts$/)]));
  expect(refused).not.toEqual(expect.arrayContaining([expect.stringMatching(/\/admin\/orders/)]));
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (refused.some((url) => consoleErrors[i] === `Failed to load resource: the server responded with a status of 403 (Forbidden) (${url})`))
      consoleErrors.splice(i, 1);
  }
});
