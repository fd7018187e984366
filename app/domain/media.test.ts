import { describe, expect, it } from "vitest";
import { mediaDescriptionSchema } from "./media-schema";
import { mediaKeys, mediaUrl, pictureProps, srcsetFor, unreferencedKeys, type ImageMedia, type ImageVariant, type VideoMedia } from "./media";

const variant = (format: ImageVariant["format"], width: number): ImageVariant => ({
  format,
  width,
  height: Math.round((width * 3) / 4),
  key: `img/${format}${width}.${format === "jpeg" ? "jpg" : format}`,
  bytes: width * 10,
});

// Variants deliberately out of order: the helpers sort by width.
const photo: ImageMedia = {
  kind: "image",
  width: 1280,
  height: 960,
  fallback: "jpeg",
  variants: [1280, 320, 960, 640].flatMap((w) => [variant("avif", w), variant("webp", w), variant("jpeg", w)]),
};

const drawing: ImageMedia = {
  kind: "image",
  width: 800,
  height: 800,
  fallback: "svg",
  variants: [{ format: "svg", width: 800, height: 800, key: "img/abc.svg", bytes: 5000 }],
};

const video: VideoMedia = { kind: "video", format: "mp4", key: "vid/v1.mp4", bytes: 60000, width: 480, height: 480, poster: drawing };

describe("media URLs", () => {
  it("joins the storage's public base and the key, whether the base ends in a slash or not", () => {
    expect(mediaUrl("/media", "img/a.avif")).toBe("/media/img/a.avif");
    expect(mediaUrl("https://cdn.example.com/shop/", "img/a.avif")).toBe("https://cdn.example.com/shop/img/a.avif");
  });

  it("encodes characters a URL cannot carry, keeping the folders", () => {
    expect(mediaUrl("/media", "seed/a b#.svg")).toBe("/media/seed/a%20b%23.svg");
  });
});

describe("srcset", () => {
  it("lists one format's variants narrowest first with their widths", () => {
    expect(srcsetFor(photo, "avif", "/media")).toBe(
      "/media/img/avif320.avif 320w, /media/img/avif640.avif 640w, /media/img/avif960.avif 960w, /media/img/avif1280.avif 1280w",
    );
    expect(srcsetFor(photo, "png", "/media")).toBe("");
  });

  it("gives a <picture> AVIF then WebP sources and a JPEG <img> with the intrinsic size and the page's sizes", () => {
    const picture = pictureProps(photo, "https://cdn.example.com", "(min-width: 768px) 50vw, 100vw");
    expect(picture.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(picture.sources[1].srcSet).toContain("https://cdn.example.com/img/webp1280.webp 1280w");
    expect(picture.sources.every((s) => s.sizes === "(min-width: 768px) 50vw, 100vw")).toBe(true);
    expect(picture.img).toEqual({
      src: "https://cdn.example.com/img/jpeg640.jpg",
      srcSet: srcsetFor(photo, "jpeg", "https://cdn.example.com"),
      sizes: "(min-width: 768px) 50vw, 100vw",
      width: 1280,
      height: 960,
    });
  });

  it("falls back to the widest variant when the photo is narrower than 640 px", () => {
    const small: ImageMedia = { ...photo, width: 500, height: 375, variants: [variant("jpeg", 320), variant("jpeg", 500), variant("webp", 500)] };
    expect(pictureProps(small, "/media", "100vw").img.src).toBe("/media/img/jpeg500.jpg");
    expect(pictureProps(small, "/media", "100vw").sources.map((s) => s.type)).toEqual(["image/webp"]);
  });

  it("renders a seeded drawing as a plain <img> of its SVG with its size", () => {
    expect(pictureProps(drawing, "/media", "100vw")).toEqual({ sources: [], img: { src: "/media/img/abc.svg", width: 800, height: 800 } });
  });
});

describe("keys", () => {
  it("lists every stored file of a description, a video's poster included", () => {
    expect(mediaKeys(photo)).toHaveLength(12);
    expect(mediaKeys(video)).toEqual(["vid/v1.mp4", "img/abc.svg"]);
  });

  it("deletes only the files nothing kept still uses (a shared poster stays)", () => {
    const otherVideo: VideoMedia = { ...video, key: "vid/v2.mp4" };
    expect(unreferencedKeys([video], [otherVideo, photo])).toEqual(["vid/v1.mp4"]);
    expect(unreferencedKeys([video, otherVideo], [])).toEqual(["vid/v1.mp4", "img/abc.svg", "vid/v2.mp4"]);
  });
});

describe("the description schema", () => {
  it("accepts what the pipeline writes, images and videos", () => {
    expect(mediaDescriptionSchema.safeParse(JSON.parse(JSON.stringify(photo))).success).toBe(true);
    expect(mediaDescriptionSchema.safeParse(JSON.parse(JSON.stringify(video))).success).toBe(true);
  });

  it("refuses a description a page could not render", () => {
    expect(mediaDescriptionSchema.safeParse({ ...photo, variants: [] }).success).toBe(false);
    expect(mediaDescriptionSchema.safeParse({ ...photo, width: 0 }).success).toBe(false);
    expect(mediaDescriptionSchema.safeParse({ ...photo, variants: [{ ...variant("avif", 320), format: "gif" }] }).success).toBe(false);
    expect(mediaDescriptionSchema.safeParse({ ...video, poster: undefined }).success).toBe(false);
    expect(mediaDescriptionSchema.safeParse({ kind: "audio" }).success).toBe(false);
  });
});
