import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { E2E_SELLERS, loginAsSeller } from "./admin-helpers";
import { totpCode } from "../setup/totp";

/** Content-Security-Policy violations the page reports from now on (directive and what was blocked). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe("seller console access", () => {
  test("a visitor is sent to the login page and comes back to the page asked for", async ({ page }) => {
    await page.goto("/admin/orders?status=paid");
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders%3Fstatus%3Dpaid$/);
    await page.getByLabel("Email").fill(E2E_SELLERS.main.email);
    await page.getByLabel("Password").fill(E2E_SELLERS.main.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=paid$/);
    await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
  });

  test("log in and out", async ({ page }) => {
    await loginAsSeller(page);
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test("the console's pages have no axe violation, on a desktop and a phone", async ({ page, request }) => {
  test.setTimeout(120_000); // axe takes a few seconds per page
  const { AxeBuilder } = await import("@axe-core/playwright");
  const { placePaidOrder } = await import("./admin-helpers");
  const orderId = await placePaidOrder(request, "axe");
  const check = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  };
  await check("/admin/login");
  await loginAsSeller(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/admin/orders?status=paid", `/admin/orders/${orderId}`, "/admin/account", "/admin/accounts", "/admin/no-such-page"]) await check(path);
  }
});

test("every console page works under the console's own CSP, with no violation", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { placePaidOrder } = await import("./admin-helpers");
  const orderId = await placePaidOrder(request, "csp");
  const violations = await watchCsp(page);
  await loginAsSeller(page);
  const pages = [
    "/admin",
    "/admin/orders",
    `/admin/orders/${orderId}`,
    "/admin/products",
    "/admin/products/1",
    "/admin/coupons",
    "/admin/coupons/new",
    "/admin/coupons/newuser15",
  ];
  pages.push("/admin/inbox", "/admin/inbox/reviews", "/admin/inbox/subscribers", "/admin/login-keys", "/admin/account", "/admin/accounts");
  for (const path of pages) {
    const response = await page.goto(path);
    const csp = (await response?.allHeaders())?.["content-security-policy"] ?? "";
    expect(csp, path).toContain("style-src 'self';");
    expect(csp, path).not.toMatch(/paypal|unsafe-inline/);
    await expect(page.getByRole("main")).toBeVisible();
    expect(await violations(), path).toEqual([]);
  }
  // Client-side navigation and a form post work too.
  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: /^Orders/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders/);
  await page.getByRole("button", { name: "Log out", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("a seller turns on authenticator codes from a QR code, and the next login asks for one", async ({ page }) => {
  const violations = await watchCsp(page);
  await loginAsSeller(page, { account: "totp", next: "/admin/account" });
  await page.getByRole("button", { name: "Set up an authenticator" }).click();
  const qr = page.getByRole("img", { name: /QR code for totp@e2e\.test/ });
  await expect(qr).toBeVisible();
  // The QR code (a data: image) is drawn under the console's CSP.
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await violations()).toEqual([]);
  const secret = await page.locator("code").first().innerText();
  await page.getByLabel("6-digit code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(page.getByRole("status").getByText("Authenticator codes are on")).toBeVisible();

  await page.getByRole("button", { name: "Log out", exact: true }).click();
  await page.getByLabel("Email").fill(E2E_SELLERS.totp.email);
  await page.getByLabel("Password").fill(E2E_SELLERS.totp.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Authenticator code" })).toBeVisible();
  // The console stays shut until the code is given.
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/login\/code\?next=%2Fadmin%2Forders$/);
  await page.getByLabel("6-digit code").fill("000000" === totpCode(secret) ? "111111" : "000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong code.");
  // The enrolment used this period's code, and a code works once: the next period's is accepted (one step of drift).
  await page.getByLabel("6-digit code").fill(totpCode(secret, new Date(Date.now() + 30_000)));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
});
