import { describe, expect, it } from "vitest";
import type { ImageMedia } from "~/domain/media";
import { seedCatalogue } from "~/catalogue/seed-products";
import { TEST_SITE } from "../../../tests/fixtures/site";
import { mailPictureUrl, restockMail } from "./restock-mail.server";

const photo = (fallback: ImageMedia["fallback"]): ImageMedia => ({
  kind: "image",
  width: 1200,
  height: 900,
  fallback,
  variants: [
    { format: "avif", width: 480, height: 360, key: "p/a-480.avif", bytes: 1 },
    { format: fallback, width: 320, height: 240, key: `p/a-320.${fallback}`, bytes: 1 },
    { format: fallback, width: 640, height: 480, key: `p/a-640.${fallback}`, bytes: 1 },
  ],
});

describe("the back-in-stock mail's picture", () => {
  it("is a JPEG or PNG variant at an absolute URL, never AVIF or SVG", () => {
    const gallery = (fallback: ImageMedia["fallback"], base = "/media") => ({
      base,
      items: [{ id: 1, media: photo(fallback), alt: { en: "", fr: "", es: "" } }],
    });
    expect(mailPictureUrl(TEST_SITE, { gallery: gallery("jpeg"), images: [] })).toBe(`${TEST_SITE.url}/media/p/a-640.jpeg`);
    expect(mailPictureUrl(TEST_SITE, { gallery: gallery("png", "https://cdn.example/m"), images: [] })).toBe("https://cdn.example/m/p/a-640.png");
    expect(mailPictureUrl(TEST_SITE, { gallery: gallery("svg"), images: ["/products/a.svg"] })).toBeNull();
    expect(mailPictureUrl(TEST_SITE, { images: ["/products/a.svg", "/products/b.png"] })).toBe(`${TEST_SITE.url}/products/b.png`);
  });

  it("shows in the mail's HTML, linked to the product page, with the title as its alt text", () => {
    const product = { ...seedCatalogue()[0], gallery: { base: "/media", items: [{ id: 1, media: photo("jpeg"), alt: { en: "", fr: "", es: "" } }] } };
    const mail = restockMail(TEST_SITE, product, { email: "a@example.com", lang: "es" });
    expect(mail.html).toContain(`<img src="${TEST_SITE.url}/media/p/a-640.jpeg" alt="${product.titles.es}"`);
    expect(mail.html).toContain(`href="${TEST_SITE.url}/es/product/${product.id}"`);
    expect(mail.text).not.toContain("a-640.jpeg");
  });
});
