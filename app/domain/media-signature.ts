/**
 * What a file is, from its first bytes (its signature), never from its name or the type the browser
 * sent: an upload is accepted or refused on this alone (docs/decisions/030). Pure: the server reads
 * the head of the file, the console could run the same check before sending.
 */

export type SniffedMedia =
  | { kind: "image"; format: "jpeg" | "png" | "webp" | "avif" }
  | { kind: "video"; format: "mp4" | "webm" }
  /** Refused on its own: an SVG can carry script. */
  | { kind: "svg" }
  /** Anything else; `what` names it for the message when it is recognisable ("a GIF image"). */
  | { kind: "other"; what: string | null };

/** How many leading bytes `sniffMedia` looks at (fewer is fine for a shorter file). */
export const SNIFF_BYTES = 1024;

const ascii = (bytes: Uint8Array, start: number, end: number): string => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean => signature.every((b, i) => bytes[at + i] === b);

/** ISO base media brands of ordinary MP4 files (cameras, phones, encoders, screen recorders). */
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso7",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "avc1",
  "dash",
  "M4V ",
  "M4VH",
  "M4VP",
  "mmp4",
  "MSNV",
  "f4v ",
  "av01",
]);
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

function sniffIsoMedia(bytes: Uint8Array): SniffedMedia {
  const boxSize = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  const major = ascii(bytes, 8, 12);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length); at += 4) compatible.push(ascii(bytes, at, at + 4));
  const brands = [major, ...compatible];
  if (major === "avif" || major === "avis" || (HEIF_BRANDS.has(major) && compatible.includes("avif"))) return { kind: "image", format: "avif" };
  if (HEIF_BRANDS.has(major)) return { kind: "other", what: "a HEIC/HEIF photo (export it as JPEG)" };
  if (major === "qt  ") return { kind: "other", what: "a QuickTime (MOV) video (export it as MP4)" };
  if (major.startsWith("M4A") || major.startsWith("M4B") || major.startsWith("M4P")) return { kind: "other", what: "an audio file" };
  if (major.startsWith("3g")) return { kind: "other", what: "a 3GP video (export it as MP4)" };
  if (brands.some((brand) => MP4_BRANDS.has(brand))) return { kind: "video", format: "mp4" };
  return { kind: "other", what: null };
}

/** Matroska files start with an EBML header whose DocType says "webm" (or "matroska": MKV). */
function sniffEbml(bytes: Uint8Array): SniffedMedia {
  const head = ascii(bytes, 4, Math.min(bytes.length, 64));
  const at = head.indexOf("\u0042\u0082"); // the DocType element's id, then its size and the text
  const docType = at === -1 ? "" : head.slice(at + 2, at + 2 + 16);
  if (docType.includes("webm")) return { kind: "video", format: "webm" };
  if (docType.includes("matroska")) return { kind: "other", what: "a Matroska (MKV) video (export it as MP4 or WebM)" };
  return { kind: "other", what: null };
}

/** Text that opens like XML/HTML; an `<svg` root within the first bytes makes it an SVG. */
function sniffMarkup(bytes: Uint8Array): SniffedMedia | null {
  let text = ascii(bytes, 0, Math.min(bytes.length, SNIFF_BYTES));
  if (text.startsWith("\u00ef\u00bb\u00bf")) text = text.slice(3); // UTF-8 byte order mark
  text = text.trimStart();
  if (!text.startsWith("<")) return null;
  if (/<svg[\s>/]/i.test(text)) return { kind: "svg" };
  return { kind: "other", what: "an HTML or XML document" };
}

export function sniffMedia(bytes: Uint8Array): SniffedMedia {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: "image", format: "jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "image", format: "png" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return { kind: "image", format: "webp" };
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") return sniffIsoMedia(bytes);
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return sniffEbml(bytes);
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return { kind: "other", what: "a GIF image" };
  if (ascii(bytes, 0, 5) === "%PDF-") return { kind: "other", what: "a PDF document" };
  if (startsWith(bytes, [0x1f, 0x8b])) return { kind: "other", what: "a compressed (gzip) file" };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return { kind: "other", what: "a ZIP archive" };
  if (ascii(bytes, 0, 2) === "BM") return { kind: "other", what: "a BMP image" };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return { kind: "other", what: "a TIFF image" };
  return sniffMarkup(bytes) ?? { kind: "other", what: null };
}
