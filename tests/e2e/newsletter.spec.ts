import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { prepare } from "./helpers";
import { linkIn, waitForMail } from "./mailbox";

type Lang = "en" | "fr" | "es";
type Tree = { [key: string]: string | Tree };

/** A string of the locale files, so each language is checked against its own copy. */
function text(lang: Lang, key: string, vars: Record<string, string> = {}): string {
  const [file, ...path] = key.split(".");
  let node: string | Tree = JSON.parse(readFileSync(new URL(`../../app/i18n/locales/${lang}/${file}.json`, import.meta.url), "utf8")) as Tree;
  for (const part of path) node = (node as Tree)[part];
  if (typeof node !== "string") throw new Error(`${lang}:${key} is not a string`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? "");
}

/** An address no other test (or earlier run against the same inbox) uses. */
const freshAddress = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Signs `address` up in the footer of the `lang` home page and waits for the confirmation mail. */
async function signUpInFooter(page: Page, lang: Lang, address: string) {
  await prepare(page);
  await page.goto(lang === "en" ? "/" : `/${lang}`);
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: text(lang, "frame.footer.newsletter.label") }).fill(address);
  await footer.getByRole("button", { name: text(lang, "frame.footer.newsletter.subscribe") }).click();
  await expect(page.getByText(text(lang, "frame.footer.newsletter.success"))).toBeVisible();
  return waitForMail(page.request, address, new RegExp(text(lang, "emails.newsletter.confirm.subject")));
}

test.describe("newsletter double opt-in", () => {
  test("sign up in the footer, then confirm and unsubscribe from the mail's links without JavaScript, each link once", async ({ page, browser, baseURL }) => {
    const address = freshAddress("nojs");
    const mail = await signUpInFooter(page, "fr", address);
    const confirmLink = linkIn(mail, /^\/fr\/newsletter\/confirm$/);
    const unsubscribeLink = linkIn(mail, /^\/fr\/newsletter\/unsubscribe$/);
    expect(mail.headers["list-unsubscribe"]?.replace(/\s+/g, "")).toBe(`<${baseURL}${unsubscribeLink}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const noJs = await context.newPage();
    const opened = await noJs.goto(confirmLink);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(noJs.getByRole("heading", { level: 1 })).toHaveText(text("fr", "newsletter.confirm.title"));
    await expect(noJs.getByText(text("fr", "newsletter.confirm.text", { email: address }))).toBeVisible();
    const [confirmed] = await Promise.all([
      noJs.waitForResponse((r) => r.request().method() === "POST"),
      noJs.getByRole("button", { name: text("fr", "newsletter.confirm.button") }).click(),
    ]);
    expect(confirmed.status()).toBe(200);
    await expect(noJs.getByRole("heading", { level: 1 })).toHaveText(text("fr", "newsletter.confirm.doneTitle"));
    await expect(noJs.getByText(text("fr", "newsletter.confirm.doneText", { email: address }))).toBeVisible();

    expect((await noJs.goto(confirmLink))?.status()).toBe(410);
    await expect(noJs.getByRole("heading", { level: 1 })).toHaveText(text("fr", "newsletter.confirm.usedTitle"));
    await expect(noJs.getByRole("button", { name: text("fr", "newsletter.confirm.button") })).toHaveCount(0);

    await noJs.goto(unsubscribeLink);
    await expect(noJs.getByRole("heading", { level: 1 })).toHaveText(text("fr", "newsletter.unsubscribe.title"));
    await noJs.getByRole("button", { name: text("fr", "newsletter.unsubscribe.button") }).click();
    await expect(noJs.getByRole("heading", { level: 1 })).toHaveText(text("fr", "newsletter.unsubscribe.doneTitle"));
    expect((await noJs.goto(unsubscribeLink))?.status()).toBe(410);
    await expect(noJs.getByRole("heading", { level: 1 })).toHaveText(text("fr", "newsletter.unsubscribe.usedTitle"));

    const tampered = await noJs.goto(`${unsubscribeLink.slice(0, -3)}AAA`);
    expect(tampered?.status()).toBe(400);
    await expect(noJs.getByRole("heading", { level: 1 })).toHaveText(text("fr", "newsletter.invalid.title"));
    await context.close();
  });

  test("with JavaScript the confirm button answers in place; a mail client's one-click POST unsubscribes", async ({ page }) => {
    const address = freshAddress("oneclick");
    const mail = await signUpInFooter(page, "en", address);
    await page.goto(linkIn(mail, /^\/newsletter\/confirm$/));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "newsletter.confirm.title"));
    const axe = await new AxeBuilder({ page }).include("main").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    await page.getByRole("button", { name: text("en", "newsletter.confirm.button") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "newsletter.confirm.doneTitle"));

    // As a mail provider's server does (RFC 8058): no cookies, no Origin, the link and the one-click body.
    const unsubscribeLink = linkIn(mail, /^\/newsletter\/unsubscribe$/);
    const oneClick = await page.request.post(unsubscribeLink, { form: { "List-Unsubscribe": "One-Click" }, headers: { Cookie: "" } });
    expect(oneClick.status()).toBe(200);
    expect((await page.request.get(unsubscribeLink)).status()).toBe(410);
    // The confirm page would not re-subscribe the address either.
    expect((await page.request.post(linkIn(mail, /^\/newsletter\/confirm$/), { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(410);
  });

  test("without JavaScript the footer form posts to the sign-up page (never the address in a URL), and the mail follows", async ({
    browser,
    baseURL,
    page: jsPage,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await prepare(page);
    await page.goto("/es/help-center");
    const address = freshAddress("footer-nojs");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: text("es", "frame.footer.newsletter.label") }).fill(address);
    const [posted] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      footer.getByRole("button", { name: text("es", "frame.footer.newsletter.subscribe") }).click(),
    ]);
    expect(posted.status()).toBe(200);
    await expect(page).toHaveURL((u) => u.pathname === "/es/newsletter/subscribe" && u.search === "");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("es", "newsletter.subscribe.doneTitle"));
    await expect(page.getByText(text("es", "newsletter.subscribe.doneText"))).toBeVisible();
    await expect(page.getByRole("link", { name: text("es", "newsletter.home") })).toHaveAttribute("href", "/es");
    const mail = await waitForMail(page.request, address, new RegExp(text("es", "emails.newsletter.confirm.subject")));
    expect(linkIn(mail, /^\/es\/newsletter\/confirm$/)).toContain("?t=");
    await context.close();

    // Opened directly, the page points at the form below it; axe needs JavaScript, hence a second page.
    await prepare(jsPage);
    await jsPage.goto("/newsletter/subscribe");
    await expect(jsPage.getByRole("heading", { level: 1 })).toHaveText(text("en", "newsletter.subscribe.title"));
    const axe = await new AxeBuilder({ page: jsPage }).include("main").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });
});
