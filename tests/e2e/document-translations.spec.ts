/**
 * A document's strings travel as a cached address, not inside its HTML (issue 34, docs/decisions/060):
 * the page names its frame's and its page's strings in preload links, the browser registers them
 * before it hydrates, and a client navigation's data still carries the next page's strings itself.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { prepare } from "./helpers";

const frenchErrors = JSON.parse(readFileSync("app/i18n/locales/fr/errors.json", "utf8")) as Record<string, string>;

test("a French product page names its strings instead of carrying them, and speaks French once hydrated", async ({ page, request }) => {
  const html = await (await request.get("/fr/product/1")).text();
  const addresses = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)" data-translations=""/g)].map((m) =>
    m[1].replaceAll("&amp;", "&"),
  );
  expect(addresses).toHaveLength(2);
  expect(addresses.every((href) => href.startsWith("/api/translations?lang=fr&"))).toBe(true);
  // An error message the page does not show: before, every document carried all of them.
  expect(html).not.toContain(frenchErrors.coupon_invalid);

  // Each address may be kept for good: it names its version.
  for (const href of addresses) {
    const response = await request.get(href);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  const frame = addresses.find((href) => href.includes("areas=common,"))!;
  expect(((await (await request.get(frame)).json()) as { tree: { errors: Record<string, string> } }).tree.errors.coupon_invalid).toBe(
    frenchErrors.coupon_invalid,
  );

  // The browser: hydrated with the fetched strings, so what React renders after a tap is French.
  await prepare(page);
  await page.goto("/fr/product/1");
  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  await expect(page.locator("[data-sonner-toast]").getByText("Ajouté au panier", { exact: true })).toBeVisible();
  // A client navigation to a page of another area: its data carries that page's strings.
  await page
    .getByRole("link", { name: /^Panier/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/fr\/cart$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Vider le panier" })).toBeVisible();
});

test("an address with an old version is answered with today's strings, kept only a few minutes", async ({ request }) => {
  const response = await request.get("/api/translations?lang=es&areas=frame,meta.home&v=old");
  expect(response.headers()["cache-control"]).toBe("public, max-age=300");
  const { lang, tree } = (await response.json()) as { lang: string; tree: Record<string, object> };
  expect(lang).toBe("es");
  expect(Object.keys(tree)).toEqual(["frame", "meta"]);
  expect(Object.keys(tree.meta)).toEqual(["home"]);
});
