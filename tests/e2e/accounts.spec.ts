import { expect, test } from "./fixtures";
import { E2E_SELLERS, loginAsSeller, uniqueEmail } from "./admin-helpers";
import { linkIn, waitForMail } from "./mailbox";

/**
 * Issue 32, accounts in the console (docs/decisions/052) and the installable console (053): an owner
 * invites staff by mail, the invitee sets a password from the link (once) and signs in; the shop's
 * last owner cannot be disabled; the manifest and the service worker belong to /admin alone.
 */

test("an owner invites staff; the invitee sets a password from the mailed link, signs in, and the link does not work twice", async ({ page, request }) => {
  const email = uniqueEmail("invited");
  const password = "invited staff password 1";
  await loginAsSeller(page, { next: "/admin/accounts" });
  await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
  const invite = page.getByRole("region", { name: "Invite an account" });
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption("staff");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").getByText(`Invitation mailed to ${email}`)).toBeVisible();
  await expect(invite.getByText(`${email} · Staff`)).toBeVisible();

  const mail = await waitForMail(request, email, /invited to the Trigger Shop seller console/);
  const link = linkIn(mail, /^\/admin\/invite\/[0-9a-f]{64}$/);
  await page.getByRole("button", { name: "Log out", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login/);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill("not the same password");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("The two passwords differ")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("status").getByText("Your password is set")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Orders" })).toBeVisible();
  // Staff: no accounts page in the nav, and the page itself refuses them.
  await expect(nav.getByRole("link", { name: "Accounts" })).toHaveCount(0);
  const refused = await page.request.get("/admin/accounts", { headers: { accept: "text/html" } });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("may not manage seller accounts");

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("This invitation link does not work");
  await expect(page.getByRole("button", { name: "Set password" })).toHaveCount(0);
});

test("the shop's last owner cannot be disabled or demoted, from the page or by a forged post", async ({ page }) => {
  await loginAsSeller(page, { next: "/admin/accounts" });
  const owner = page.getByRole("region", { name: E2E_SELLERS.main.email });
  await expect(owner.getByText("The shop's last owner")).toBeVisible();
  await expect(owner.getByRole("button", { name: "Disable" })).toHaveCount(0);
  await expect(owner.getByRole("button", { name: "Change role" })).toHaveCount(0);
  // A staff account's card offers both.
  const staff = page.getByRole("region", { name: E2E_SELLERS.staff.email });
  await expect(staff.getByRole("button", { name: "Disable" })).toBeVisible();

  const id = await owner.locator('input[name="id"]').first().getAttribute("value");
  const origin = new URL(page.url()).origin;
  for (const intent of ["disable", "role"]) {
    const forged = await page.request.post("/admin/accounts", { form: { intent, id: id!, role: "staff" }, headers: { origin } });
    expect(forged.status(), intent).toBe(409);
    expect(await forged.text()).toContain("last owner");
  }
  await page.reload();
  await expect(page.getByRole("region", { name: E2E_SELLERS.main.email }).getByText("Enabled", { exact: true })).toBeVisible();
});

test("the manifest and the service worker belong to the console alone", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  await page.goto("/admin/login");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/admin-manifest.webmanifest");
  const manifest = (await (await request.get(href!)).json()) as { scope: string; start_url: string; display: string; icons: { src: string }[] };
  expect(manifest).toMatchObject({ scope: "/admin", start_url: "/admin", display: "standalone" });
  for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()["content-type"], icon.src).toBe("image/png");
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname)))
    .toEqual(["/admin"]);

  // Back on the storefront: still no manifest, and the console's worker does not control the page.
  await page.goto("/cart");
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
});
