import { describe, expect, it } from "vitest";
import { gallery, photo, video } from "../../../tests/fixtures/product-media";
import { dropInOrder, mediaAltSchema, mediaOrderSchema, moveInOrder, sellerMediaRow } from "./product-media-form";

describe("the console's media forms", () => {
  it("moves one place up or down, never past either end, and drops at a place", () => {
    expect(moveInOrder([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveInOrder([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moveInOrder([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(dropInOrder([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(dropInOrder([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  });

  it("reads an order of distinct ids and alt texts within their length", () => {
    expect(mediaOrderSchema.parse({ order: "12, 7,9" }).order).toEqual([12, 7, 9]);
    expect(mediaOrderSchema.safeParse({ order: "12,12" }).success).toBe(false);
    expect(mediaOrderSchema.safeParse({ order: "12,x" }).success).toBe(false);
    expect(mediaAltSchema.parse({ id: "4", altEn: "  Red\n car ", altFr: "Voiture" })).toEqual({ id: 4, altEn: "Red car", altFr: "Voiture", altEs: "" });
    const long = mediaAltSchema.safeParse({ id: "4", altEn: "x".repeat(251) });
    expect(long.success || long.error.issues[0].message).toBe("English alt text must be at most 250 characters");
  });

  it("lists a video with its poster as its picture", () => {
    const row = sellerMediaRow({ id: 7, media: video, alt: gallery.items[0].alt }, "/media");
    expect(row).toMatchObject({ id: 7, kind: "video", thumb: "/media/img/jpeg-320w.jpeg", video: "/media/vid/abc.mp4", width: 1280, height: 960 });
    expect(sellerMediaRow({ id: 3, media: photo, alt: gallery.items[1].alt }, "/media").summary).toBe("AVIF, WebP, JPEG · 4 widths up to 1280 px");
  });
});
