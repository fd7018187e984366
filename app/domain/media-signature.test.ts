import { describe, expect, it } from "vitest";
import { sniffMedia } from "./media-signature";

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

/** An ISO-BMFF `ftyp` box: size, "ftyp", major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], "ftyp", major, [0, 0, 0, 0], ...compatible, [0, 0, 0, 8], "free");

/** An EBML header with its DocType element (id 0x4282, size, text). */
const ebml = (docType: string) =>
  bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length], docType, [0x42, 0x87, 0x81, 0x02]);

describe("sniffMedia: the file's bytes decide, never its name", () => {
  it("recognises the accepted photo formats", () => {
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"))).toEqual({ kind: "image", format: "jpeg" });
    expect(sniffMedia(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR"))).toEqual({ kind: "image", format: "png" });
    expect(sniffMedia(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toEqual({ kind: "image", format: "webp" });
    expect(sniffMedia(ftyp("avif", "mif1", "miaf"))).toEqual({ kind: "image", format: "avif" });
    expect(sniffMedia(ftyp("avis", "avif", "msf1"))).toEqual({ kind: "image", format: "avif" });
    expect(sniffMedia(ftyp("mif1", "avif", "miaf"))).toEqual({ kind: "image", format: "avif" });
  });

  it("recognises MP4 by its ftyp brands and WebM by its EBML DocType", () => {
    expect(sniffMedia(ftyp("isom", "isom", "iso2", "avc1", "mp41"))).toEqual({ kind: "video", format: "mp4" });
    expect(sniffMedia(ftyp("mp42", "mp42", "isom"))).toEqual({ kind: "video", format: "mp4" });
    expect(sniffMedia(ebml("webm"))).toEqual({ kind: "video", format: "webm" });
  });

  it("singles out SVG, with or without an XML prolog, a byte order mark or leading space", () => {
    expect(sniffMedia(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toEqual({ kind: "svg" });
    expect(sniffMedia(bytes([0xef, 0xbb, 0xbf], '\n  <?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<SVG>'))).toEqual({
      kind: "svg",
    });
  });

  it("names the look-alikes it refuses, so the message can say what to do", () => {
    expect(sniffMedia(ftyp("heic", "mif1", "heic"))).toEqual({ kind: "other", what: "a HEIC/HEIF photo (export it as JPEG)" });
    expect(sniffMedia(ftyp("qt  ", "qt  "))).toEqual({ kind: "other", what: "a QuickTime (MOV) video (export it as MP4)" });
    expect(sniffMedia(ftyp("M4A ", "M4A ", "isom"))).toEqual({ kind: "other", what: "an audio file" });
    expect(sniffMedia(ebml("matroska"))).toEqual({ kind: "other", what: "a Matroska (MKV) video (export it as MP4 or WebM)" });
    expect(sniffMedia(bytes("GIF89a", [1, 0, 1, 0]))).toEqual({ kind: "other", what: "a GIF image" });
    expect(sniffMedia(bytes("%PDF-1.7\n"))).toEqual({ kind: "other", what: "a PDF document" });
    expect(sniffMedia(bytes("<!doctype html><html><body>"))).toEqual({ kind: "other", what: "an HTML or XML document" });
  });

  it("knows nothing of a text file, an empty file or a header cut short", () => {
    expect(sniffMedia(bytes("just some text renamed to photo.jpg"))).toEqual({ kind: "other", what: null });
    expect(sniffMedia(new Uint8Array())).toEqual({ kind: "other", what: null });
    expect(sniffMedia(bytes([0xff, 0xd8]))).toEqual({ kind: "other", what: null });
    expect(sniffMedia(bytes([0, 0, 0, 24], "ftyp"))).toEqual({ kind: "other", what: null });
    expect(sniffMedia(ftyp("zzzz", "yyyy"))).toEqual({ kind: "other", what: null });
  });
});
