/**
 * A product's photos and preview video as the storefront shows them (docs/decisions/030): the stored
 * descriptions in the seller's order, their alt texts, and the storage's public base that turns keys
 * into URLs. Made once when the catalogue is loaded; pages only read it.
 */
import { mediaUrl, pictureProps, variantsOf, type ImageMedia, type MediaDescription } from "./media";
import type { Lang, Localized } from "./lang";

export interface ProductMediaItem {
  /** The product_media row's id. */
  id: number;
  media: MediaDescription;
  /** Alt text per language ("" = none given: the page falls back to English, then to the title). */
  alt: Localized;
}

export interface ProductGallery {
  /** The storage's public base ("/media", or MEDIA_PUBLIC_URL). */
  base: string;
  items: ProductMediaItem[];
}

/** A product card's picture: the first photo (or the video's poster), trimmed to the widths a card uses. */
export interface ProductCover {
  base: string;
  image: ImageMedia;
  alt: Partial<Localized>;
}

/** The `sizes` of a product card's picture (app.css .pc-media: 7rem on phones, half then a third of the page from sm/lg). */
export const CARD_SIZES = "(min-width: 1024px) 370px, (min-width: 640px) 50vw, 112px";
/** The product page's main picture (half the 72rem page from lg, full width below). */
export const PAGE_SIZES = "(min-width: 1024px) 560px, 100vw";
/** A card never needs more than this (370 CSS px at 2×): wider variants stay off listing pages' data. */
const CARD_MAX_WIDTH = 960;

/** The alt text in `lang`, else English, else `fallback`. */
export function altText(alt: Partial<Localized>, lang: Lang, fallback: string): string {
  return alt[lang]?.trim() || alt.en?.trim() || fallback;
}

/** The picture a product is known by: its first photo, or its video's poster when the video comes first. */
export function mainImage(gallery: ProductGallery | undefined): { image: ImageMedia; alt: Localized } | undefined {
  const first = gallery?.items[0];
  if (!first) return undefined;
  return { image: first.media.kind === "image" ? first.media : first.media.poster, alt: first.alt };
}

/** Keeps the widths a card uses (at least one per format). */
function trimForCard(image: ImageMedia): ImageMedia {
  const formats = [...new Set(image.variants.map((v) => v.format))];
  const variants = formats.flatMap((format) => {
    const all = variantsOf(image, format);
    const small = all.filter((v) => v.width <= CARD_MAX_WIDTH);
    return small.length > 0 ? small : all.slice(0, 1);
  });
  return { ...image, variants };
}

/** The card picture of a product, the alt text in English and `lang` (or every language when none is given). */
export function coverOf(gallery: ProductGallery | undefined, lang?: Lang): ProductCover | undefined {
  const main = mainImage(gallery);
  if (!gallery || !main) return undefined;
  const alt = lang ? { en: main.alt.en, [lang]: main.alt[lang] } : main.alt;
  return { base: gallery.base, image: trimForCard(main.image), alt };
}

/** A single URL for small places (cart line, search result, order mail): the fallback variant nearest `width`. */
export function coverUrl(cover: ProductCover | undefined, width = 160): string | undefined {
  if (!cover) return undefined;
  const fallback = variantsOf(cover.image, cover.image.fallback);
  const pick = fallback.find((v) => v.width >= width) ?? fallback[fallback.length - 1] ?? cover.image.variants[0];
  return pick && mediaUrl(cover.base, pick.key);
}

/** The gallery with every alt text in `lang` only (English when missing), like the page's other texts. */
export function galleryForLang(gallery: ProductGallery, lang: Lang): ProductGallery {
  return {
    base: gallery.base,
    items: gallery.items.map((item) => {
      const text = item.alt[lang].trim() || item.alt.en;
      return { ...item, alt: { en: text, fr: text, es: text } };
    }),
  };
}

/** The absolute URL of the picture social previews show (og:image): the fallback format, about 1200 px wide. */
export function shareImageUrl(gallery: ProductGallery | undefined, siteUrl: string): string | undefined {
  const main = mainImage(gallery);
  if (!gallery || !main) return undefined;
  const fallback = variantsOf(main.image, main.image.fallback);
  const pick = fallback.find((v) => v.width >= 1200) ?? fallback[fallback.length - 1] ?? main.image.variants[0];
  const url = mediaUrl(gallery.base, pick.key);
  return /^https?:\/\//.test(url) ? url : `${siteUrl.replace(/\/+$/, "")}${url}`;
}

/** Every picture of a product as absolute URLs (JSON-LD `image`): its media's main variants, else its drawings. */
export function productImageUrls(product: { gallery?: ProductGallery; images: readonly string[] }, siteUrl: string): string[] {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${siteUrl.replace(/\/+$/, "")}${url}`);
  if (!product.gallery || product.gallery.items.length === 0) return product.images.map(absolute);
  const { base } = product.gallery;
  const urls = product.gallery.items.map((item) => {
    const image = item.media.kind === "image" ? item.media : item.media.poster;
    return absolute(pictureProps(image, base, "100vw").img.src);
  });
  return [...new Set(urls)];
}

export { pictureProps };

/** A small picture of a product for lists (search results, cart lines): its card picture, else its first drawing. */
export function thumbnailOf(product: { cover?: ProductCover; images: readonly string[] }, width = 160): string {
  return coverUrl(product.cover, width) ?? product.images[0] ?? "/products/placeholder.svg";
}
