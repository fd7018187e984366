import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { prepare, seedCart } from "./helpers";

async function openSearch(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
  const dialog = page.getByRole("dialog", { name: "Search Products" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The currency tab at the left edge; its name says the current currency. */
const currencyTab = (page: Page) => page.getByRole("button", { name: /^(Currency|Devise|Moneda) ?: / });

async function pickCurrency(page: Page, code: "USD" | "GBP" | "EUR") {
  await currencyTab(page).click();
  await page.getByRole("menuitemradio", { name: new RegExp(`^${code}`) }).click();
}

const CONVERTED = "Converted from USD • updated daily";

test.describe("search dialog", () => {
  test("live results, nothing for a blank query, chips, no-result text", async ({ page }) => {
    await prepare(page);
    await page.goto("/");
    const dialog = await openSearch(page);
    const input = dialog.getByRole("searchbox", { name: "Search products" });
    await expect(input).toBeFocused();
    await expect(dialog.getByText("Start typing to search")).toBeVisible();
    await expect(dialog.getByRole("link")).toHaveCount(0);

    await input.fill("venom");
    const venom = dialog.getByRole("link", { name: /VENOM-TRIGGER/ });
    await expect(venom).toBeVisible();
    await expect(venom).toContainText("Permanent Triggers");
    await expect(venom).toContainText("$54.99");
    await expect(venom.getByRole("img")).toHaveCount(0); // decorative image: the title names the link
    await expect(venom.locator("img")).toHaveAttribute("width", "56");

    await input.fill("   ");
    await expect(dialog.getByRole("link")).toHaveCount(0);
    await expect(dialog.getByText("Start typing to search")).toBeVisible();
    await expect(dialog.getByText(/No products found/)).toHaveCount(0);

    await dialog.getByRole("button", { name: "Rooms", exact: true }).click();
    await expect(input).toHaveValue("Rooms");
    await expect(dialog.getByRole("link", { name: /TRAMP-ROOM/ })).toBeVisible();
    await expect(dialog.getByRole("link", { name: /BADBOSS-ROOM/ })).toBeVisible();
    await expect(dialog.getByRole("link", { name: /VENOM-TRIGGER/ })).toHaveCount(0);

    await input.fill("zzzz");
    await expect(dialog.getByText('No products found for "zzzz". Try "trigger", "room" or "bundle".')).toBeVisible();
    await expect(dialog.getByRole("link")).toHaveCount(0);
  });

  test("a result opens the product and closes the dialog; Escape closes and returns focus", async ({ page }) => {
    await prepare(page);
    await page.goto("/");
    let dialog = await openSearch(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("button", { name: "Search products" })).toBeFocused();

    dialog = await openSearch(page);
    await dialog.getByRole("searchbox").fill("VENOM-trig");
    await dialog.getByRole("link", { name: /VENOM-TRIGGER/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/product/2");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("in French the chips are translated, search uses the English word, links stay French", async ({ page }) => {
    await prepare(page);
    await page.goto("/fr");
    await page.getByRole("banner").getByRole("button", { name: "Rechercher des produits" }).click();
    const dialog = page.getByRole("dialog", { name: "Rechercher des produits" });
    await dialog.getByRole("button", { name: "Rooms" }).click();
    await expect(dialog.getByRole("searchbox")).toHaveValue("Rooms");
    const room = dialog.getByRole("link", { name: /TRAMP-ROOM/ });
    await expect(room).toHaveAttribute("href", "/fr/product/4");
    // French pages show euros unless the shopper picked something else.
    await expect(room).toContainText(/27,59\s€/);
    await dialog.getByRole("searchbox").fill("zzzz");
    await expect(dialog.getByText("Aucun produit trouvé pour « zzzz »", { exact: false })).toBeVisible();
  });
});

test.describe("guest profile dialog", () => {
  test("says the visitor is a guest and points to Discord and WhatsApp", async ({ page }) => {
    await prepare(page);
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Guest profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Guest Profile" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("You are not logged in");
    await expect(dialog).toContainText("Guest");
    await expect(dialog).toContainText("No account is needed");
    const discord = dialog.getByRole("link", { name: "Join the Discord server" });
    await expect(discord).toHaveAttribute("href", /^https:\/\/discord\./);
    await expect(discord).toHaveAttribute("target", "_blank");
    await expect(discord).toHaveAttribute("rel", "noopener noreferrer");
    const whatsapp = dialog.getByRole("link", { name: "Contact WhatsApp support" });
    await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+$/);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("age gate", () => {
  test("shows on the first visit, cannot be dismissed, and stays away once confirmed", async ({ page }) => {
    await prepare(page, { ageGate: true });
    await page.goto("/");
    const gate = page.getByRole("alertdialog", { name: "Are you 18 or older?" });
    await expect(gate).toBeVisible();
    await expect(gate.getByRole("button", { name: "I am 18+" })).toBeFocused();
    await expect(page.locator("body")).toHaveAttribute("data-scroll-locked", /\d/);

    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    await expect(gate).toBeVisible();

    await gate.getByRole("button", { name: "I am 18+" }).click();
    await expect(gate).toHaveCount(0);
    await expect(page.locator("body")).not.toHaveAttribute("data-scroll-locked", /\d/);
    // The confirmation time is kept (sent with orders as consent).
    const stored = await page.evaluate(() => window.localStorage.getItem("ageVerified"));
    expect(Date.now() - Date.parse(JSON.parse(stored!) as string)).toBeLessThan(60_000);

    await page.clock.install();
    await page.reload();
    // Prove the page is hydrated and its timers have run before checking the gate is still away.
    await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
    await page.keyboard.press("Escape");
    await page.clock.runFor(1000);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("'I am under 18' leaves the site", async ({ page }) => {
    await prepare(page, { ageGate: true });
    await page.route("https://www.google.com/**", (route) => route.fulfill({ contentType: "text/html", body: "left" }));
    await page.goto("/");
    const leaving = page.waitForRequest((request) => new URL(request.url()).hostname === "www.google.com");
    await page.getByRole("alertdialog").getByRole("button", { name: "I am under 18" }).click();
    await leaving;
    await expect(page).toHaveURL(/^https:\/\/www\.google\.com\/?$/);
    await expect(page.locator("body")).toHaveText("left");
    expect(await page.evaluate(() => window.localStorage.getItem("ageVerified"))).toBeNull();
  });
});

test.describe("currency", () => {
  test("with an empty cart a pick applies at once and the converted note goes away", async ({ page }) => {
    await prepare(page);
    await page.goto("/");
    await expect(currencyTab(page)).toHaveAccessibleName("Currency: USD $. Change currency");
    await expect(page.getByText(CONVERTED)).toBeVisible();

    await pickCurrency(page, "EUR");
    await expect(currencyTab(page)).toHaveAccessibleName("Currency: EUR €. Change currency");
    await expect(page.getByText(CONVERTED)).toHaveCount(0);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    const dialog = await openSearch(page);
    await dialog.getByRole("searchbox").fill("venom-trigger");
    await expect(dialog.getByRole("link", { name: /VENOM-TRIGGER/ })).toContainText(/50,59\s€/);
  });

  test("with items in the cart the pick asks 'Recalculate totals?' first", async ({ page }) => {
    await prepare(page);
    await seedCart(page, [{ id: "2", quantity: 1 }]);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Cart (1)" })).toBeVisible();

    await pickCurrency(page, "GBP");
    const confirm = page.getByRole("alertdialog", { name: "Recalculate totals?" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("GBP");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(currencyTab(page)).toHaveAccessibleName(/USD/);
    await expect(page.getByText(CONVERTED)).toBeVisible();

    await pickCurrency(page, "GBP");
    await confirm.getByRole("button", { name: "Continue" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(currencyTab(page)).toHaveAccessibleName(/GBP/);
    await expect(page.getByText(CONVERTED)).toHaveCount(0);
    const dialog = await openSearch(page);
    await dialog.getByRole("searchbox").fill("venom-trigger");
    await expect(dialog.getByRole("link", { name: /VENOM-TRIGGER/ })).toContainText("£43.44");
  });

  test("French pages show euros while no currency was picked", async ({ page }) => {
    await prepare(page);
    await page.goto("/fr");
    await expect(currencyTab(page)).toHaveAccessibleName("Devise : EUR €. Changer de devise");
    await expect(page.getByText("Converti depuis l'USD • mis à jour quotidiennement")).toBeVisible();
  });

  test("a chosen currency survives a reload and is already in the server-rendered HTML", async ({ page, context, browser, baseURL }) => {
    await prepare(page);
    await page.goto("/");
    await pickCurrency(page, "EUR");
    await expect(currencyTab(page)).toHaveAccessibleName(/EUR/);
    await page.reload();
    await expect(currencyTab(page)).toHaveAccessibleName(/EUR/);
    await expect(page.getByText(CONVERTED)).toHaveCount(0);

    const cookies = await context.cookies();
    const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    // Only the markup: the hydration data after it carries the page's translations.
    const html = (await (await page.request.get("/", { headers: { cookie: cookieHeader } })).text()).split("window.__reactRouterContext")[0];
    expect(html).toContain("Currency: EUR €. Change currency");
    expect(html).not.toContain(CONVERTED);

    // First paint without any script: the tab already says EUR.
    const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL });
    await noJs.addCookies(cookies);
    const bare = await noJs.newPage();
    await bare.goto("/");
    await expect(currencyTab(bare)).toHaveAccessibleName("Currency: EUR €. Change currency");
    await noJs.close();
  });

  for (const [country, code] of [
    ["FR", "EUR"],
    ["GB", "GBP"],
    ["US", "USD"],
  ] as const) {
    test(`a first visit from ${country} shows ${code}`, async ({ page }) => {
      await prepare(page, { country });
      const lookup = page.waitForRequest(/\/api\/geo$/);
      await page.goto("/");
      await lookup;
      await expect(currencyTab(page)).toHaveAccessibleName(new RegExp(`^Currency: ${code} `));
      // Detected, not chosen: the note stays.
      await expect(page.getByText(CONVERTED)).toBeVisible();
    });
  }

  test("a failed geo lookup falls back to USD without telling the shopper", async ({ page, consoleErrors }) => {
    await prepare(page, { country: null });
    const failed = page.waitForEvent("requestfailed", (request) => /\/api\/geo$/.test(request.url()));
    await page.goto("/");
    await failed;
    await expect(currencyTab(page)).toHaveAccessibleName(/^Currency: USD /);
    await expect(page.getByRole("alert")).toHaveCount(0);
    // Chromium logs the aborted request itself; nothing else may be logged.
    const others = consoleErrors.filter((e) => !/Failed to load resource: net::ERR_FAILED/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...others);
  });
});

test.describe("code loaded when used", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("dialogs and menus fetch their code on first use; the keyboard opens them as before", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await prepare(page);
    await page.goto("/");
    const language = page.getByRole("button", { name: "EN — Language: English. Change language", exact: true });
    await expect(language).toBeVisible();
    // Nothing of the dialogs, the menus, Radix, sonner or zod until the shopper asks.
    const lazy = /search-dialog|profile-dialog|menus|mobile-drawer|age-gate-dialog|recalculate-dialog|details-dialog|sonner|schemas|paypal/;
    expect(scripts.filter((s) => lazy.test(s))).toEqual([]);

    // The keyboard opens the language menu, Escape closes it and focus is back on its button.
    await language.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await expect(page.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(language).toBeFocused();
    expect(scripts.some((s) => s.includes("/menus-"))).toBe(true);

    await openSearch(page);
    expect(scripts.some((s) => s.includes("/search-dialog-"))).toBe(true);
  });
});
