import { test } from "@playwright/test";
import { loginAsSeller } from "./admin-helpers";

test("screenshots", async ({ page, request }) => {
  test.setTimeout(180_000);
  await request.post("/api/reviews", { data: { productId: "9", name: "Quinn", rating: 4, comment: "The room looks exactly like the preview, great work." }, headers: { "x-forwarded-for": "198.51.100.9" } });
  await request.post("/api/newsletter", { data: { email: "fan@example.com" }, headers: { "x-forwarded-for": "198.51.100.9" } });
  await request.post("/api/orders", { data: { details: { EMAIL: "a@example.com", FNAME: "A", USERNAME: "a#1", VUUSER: "AGame" }, lines: [{ id: "5", quantity: 1 }], couponCode: "FIVEOFF" }, headers: { "x-forwarded-for": "198.51.100.9" } });
  await page.goto("/contact");
  await page.evaluate(() => localStorage.setItem("ageVerified", "true"));
  await page.goto("/contact");
  const form = page.locator("main form");
  await form.getByLabel("Name", { exact: true }).fill("Noor Haddad");
  await form.getByLabel("Email", { exact: true }).fill("noor@example.com");
  await form.getByLabel("Message", { exact: true }).fill("Hello! I ordered KKONG-V5 yesterday.\nWhen will it be installed on my account?");
  await page.getByRole("button", { name: "Send message" }).click();
  await page.waitForURL(/thank-you/);
  await loginAsSeller(page);
  const pages = ["/admin", "/admin/products", "/admin/products/5", "/admin/coupons", "/admin/coupons/e2e-five", "/admin/coupons/new", "/admin/inbox", "/admin/inbox/reviews", "/admin/inbox/subscribers?show=all"];
  for (const [w, h, tag] of [[1280, 900, "desk"], [390, 844, "phone"]] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const p of pages) {
      await page.goto(p);
      await page.screenshot({ path: `/tmp/shots/${tag}-${p.replace(/[/?=]/g, "_")}.png`, fullPage: true });
    }
  }
  // A failed form.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/coupons/new");
  await page.getByLabel("Code").fill("x");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await page.getByRole("alert").waitFor();
  await page.screenshot({ path: `/tmp/shots/desk-coupon-new-errors.png`, fullPage: true });
});
