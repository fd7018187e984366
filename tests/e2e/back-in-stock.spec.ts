import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { loginAsSeller, uniqueEmail } from "./admin-helpers";
import { prepare } from "./helpers";
import { linkIn, waitForMail } from "./mailbox";

/**
 * "Email me when it's back" (issue 30, docs/decisions/045): on an out-of-stock product a shopper
 * leaves an address (with JavaScript, and without), the seller ticks "In stock" in the console, and
 * each address gets one mail in the language it asked in.
 */
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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The console's in-stock switch on the product's edit page, saved. */
async function setInStock(page: Page, id: string, inStock: boolean) {
  await page.goto(`/admin/products/${id}`);
  await page.getByLabel("In stock", { exact: true }).setChecked(inStock);
  await page.getByRole("button", { name: "Save product" }).click();
}

test("an out-of-stock product takes addresses with and without JavaScript; the seller's in-stock switch mails each once in its language", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A copy of the seeded out-of-stock Bunker Room, listed: other tests keep the original as it is.
  await loginAsSeller(page, { next: "/admin/products/8" });
  await page.getByRole("button", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/[^/?]+\?duplicated=1$/);
  const id = new URL(page.url()).pathname.split("/").at(-1)!;
  await page.getByLabel("Listed", { exact: true }).setChecked(true);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");

  // With JavaScript, in French: the answer replaces the form in place.
  const french = uniqueEmail("bis-fr");
  const shopper = await browser.newPage({ baseURL });
  await prepare(shopper);
  await shopper.goto(`/fr/product/${id}`);
  const form = shopper.getByRole("region", { name: text("fr", "product.backInStock.title") });
  await form.getByRole("textbox", { name: text("fr", "product.backInStock.label") }).fill(french);
  await form.getByRole("button", { name: text("fr", "product.backInStock.submit") }).click();
  await expect(form.getByRole("status")).toHaveText(text("fr", "product.backInStock.done", { email: french }));
  await expect(shopper).toHaveURL(new RegExp(`/fr/product/${escape(id)}$`));
  await shopper.close();

  // Without JavaScript, in Spanish: the plain form posts, and the answer is a page.
  const spanish = uniqueEmail("bis-es");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const noJs = await context.newPage();
  await noJs.goto(`/es/product/${id}`);
  const plainForm = noJs.getByRole("region", { name: text("es", "product.backInStock.title") });
  await plainForm.getByRole("textbox", { name: text("es", "product.backInStock.label") }).fill(spanish);
  await plainForm.getByRole("button", { name: text("es", "product.backInStock.submit") }).click();
  await expect(noJs).toHaveURL(new RegExp(`/es/back-in-stock/${escape(id)}$`));
  await expect(noJs.getByRole("status")).toHaveText(text("es", "product.backInStock.done", { email: spanish }));
  await context.close();

  // The seller switches it back in stock: two mails, each in its language, with the product's link and a way out.
  await setInStock(page, id, true);
  await expect(page.getByRole("status")).toContainText("2 back-in-stock mails go to the shoppers who asked.");
  const title = "Bunker Room (copy)";
  const frMail = await waitForMail(page.request, french, new RegExp(escape(text("fr", "emails.restock.subject", { title }))));
  const esMail = await waitForMail(page.request, spanish, new RegExp(escape(text("es", "emails.restock.subject", { title }))));
  expect(linkIn(frMail, new RegExp(`^/fr/product/${escape(id)}$`))).toBe(`/fr/product/${id}`);
  expect(linkIn(esMail, new RegExp(`^/es/product/${escape(id)}$`))).toBe(`/es/product/${id}`);
  expect(esMail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const stop = linkIn(esMail, /^\/es\/back-in-stock\/stop$/);
  expect(esMail.headers["list-unsubscribe"]?.replace(/\s+/g, "")).toBe(`<${baseURL}${stop}>`);

  // Out and in again: nobody already told is mailed twice.
  await setInStock(page, id, false);
  await expect(page.getByRole("status")).toContainText("Saved.");
  await setInStock(page, id, true);
  await expect(page.getByRole("status")).toHaveText(/Saved\. The storefront shows the change now\.\s*(View on the storefront.*)?$/);

  // The mail's stop link asks first, then confirms.
  const reader = await browser.newPage({ baseURL });
  await prepare(reader);
  await reader.goto(stop);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(text("es", "product.backInStock.stop.title"));
  await reader.getByRole("button", { name: text("es", "product.backInStock.stop.button") }).click();
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(text("es", "product.backInStock.stop.doneTitle"));
  await reader.close();

  // The seeded shop had it out of stock: other specs count the listed, in-stock products.
  await setInStock(page, id, false);
  await expect(page.getByRole("status")).toContainText("Saved.");
});
