import { describe, expect, it } from "vitest";
import { gallery, photo } from "../../tests/fixtures/product-media";
import { altText, coverOf, galleryForLang, mainImage, productImageUrls, shareImageUrl, thumbnailOf } from "./product-media";

describe("product media for pages", () => {
  it("takes the video's poster as the main picture when the video comes first", () => {
    expect(mainImage(gallery)?.image).toBe(photo);
    expect(mainImage(undefined)).toBeUndefined();
  });

  it("gives cards the widths they use only, with the alt texts of English and the page's language", () => {
    const cover = coverOf(gallery, "es")!;
    expect(Math.max(...cover.image.variants.map((v) => v.width))).toBe(960);
    expect(new Set(cover.image.variants.map((v) => v.format))).toEqual(new Set(["avif", "webp", "jpeg"]));
    expect(cover.alt).toEqual({ en: "Demo", es: "Demostración" });
    expect(thumbnailOf({ cover, images: ["/products/1.svg"] })).toBe("/media/img/jpeg-320w.jpeg");
    expect(thumbnailOf({ images: ["/products/1.svg"] })).toBe("/products/1.svg");
  });

  it("falls back from the page's language to English, then to the given text", () => {
    expect(altText({ en: "Demo", fr: " " }, "fr", "title")).toBe("Demo");
    expect(altText({ en: "" }, "fr", "title")).toBe("title");
    expect(galleryForLang(gallery, "fr").items[0].alt).toEqual({ en: "Demo", fr: "Demo", es: "Demo" });
    expect(galleryForLang(gallery, "es").items[0].alt.es).toBe("Demostración");
  });

  it("shares an absolute JPEG about 1200 px wide, and lists each picture once for JSON-LD", () => {
    expect(shareImageUrl(gallery, "https://shop.example/")).toBe("https://shop.example/media/img/jpeg-1280w.jpeg");
    expect(shareImageUrl({ ...gallery, base: "https://cdn.example/m" }, "https://shop.example")).toBe("https://cdn.example/m/img/jpeg-1280w.jpeg");
    expect(productImageUrls({ gallery, images: [] }, "https://shop.example")).toEqual(["https://shop.example/media/img/jpeg-640w.jpeg"]);
    expect(productImageUrls({ images: ["/products/1.svg"] }, "https://shop.example")).toEqual(["https://shop.example/products/1.svg"]);
  });
});
