import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { prepare } from "./helpers";

/** Every page of SPEC §2, unprefixed (English); each also exists under /fr and /es. */
const PAGES = [
  "/",
  "/triggers",
  "/triggers/permanent",
  "/triggers/gift",
  "/rooms",
  "/rooms/permanent",
  "/bundles",
  "/product/2",
  "/product/8",
  "/gift-checkout/king-kong-ultra-gift",
  "/cart",
  "/checkout",
  "/privacy-policy",
  "/return-policy",
  "/terms-of-service",
  "/help-center",
  "/contact",
  "/thank-you",
  "/login-required",
  "/share",
];
const LANGS = ["en", "fr", "es"] as const;
const prefixed = (lang: string, path: string) => (lang === "en" ? path : path === "/" ? `/${lang}` : `/${lang}${path}`);

// A raw i18n key on screen looks like "area.someKey".
const RAW_KEY =
  /\b(common|meta|shop|errors|frame|dialogs|home|catalogue|product|cart|checkout|info|policies|help|contact|loginRequired|share)\.[a-z][a-zA-Z0-9_.]+/;

test.describe("every page in every language", () => {
  for (const lang of LANGS) {
    for (const path of PAGES) {
      const url = prefixed(lang, path);
      test(`${url} renders server-side in ${lang}`, async ({ page, baseURL }) => {
        await prepare(page);
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${url}`);
        for (const alt of LANGS) {
          await expect(page.locator(`link[rel="alternate"][hreflang="${alt}"]`)).toHaveAttribute("href", `${baseURL}${prefixed(alt, path)}`);
        }
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${baseURL}${path}`);
        expect((await page.title()).length).toBeGreaterThan(5);
        expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
      });
    }
  }

  for (const url of ["/nope", "/fr/nope", "/es/does/not/exist", "/de/cart", "/product/does-not-exist", "/fr/product/tramp-house"]) {
    test(`${url} answers 404 with the not-found page`, async ({ page }) => {
      await prepare(page);
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
    });
  }
});

test.describe("language of the first visit", () => {
  test("a browser preferring French is sent to the French page, keeping path and query", async ({ browser }) => {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    await prepare(page);
    await page.goto("/triggers?sort=price");
    await expect(page).toHaveURL(/\/fr\/triggers\?sort=price$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await context.close();
  });

  test("a stored English choice wins over the browser's language", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: "es-ES" });
    await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
    const page = await context.newPage();
    await prepare(page);
    await page.goto("/rooms");
    await expect(page).toHaveURL(/\/rooms$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });

  test("/en/ paths redirect to the unprefixed English page", async ({ page }) => {
    await prepare(page);
    await page.goto("/en/cart");
    await expect(page).toHaveURL(/\/cart$/);
  });
});

test.describe("accessibility", () => {
  for (const [name, url] of [
    ["home", "/"],
    ["product", "/product/2"],
    ["cart", "/cart"],
    ["policy", "/fr/return-policy"],
  ] as const) {
    for (const width of [375, 1280]) {
      test(`${name} has no serious or critical axe violation at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await prepare(page);
        await page.goto(url);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map(
            (v) =>
              `${v.id}: ${v.nodes
                .map((n) => n.target.join(" "))
                .slice(0, 3)
                .join(", ")}`,
          );
        expect(serious).toEqual([]);
      });
    }
  }
});

test("robots.txt and sitemap.xml list the site", async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}/fr/product/2</loc>`);
  expect(sitemap).toContain('hreflang="es"');
  // Like the pages' own links, each entry names English as the default for other languages.
  expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}/product/2"/>`);
  expect(sitemap).not.toContain("/product/tramp-house<");
});
