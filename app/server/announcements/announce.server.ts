/**
 * "Announce on Discord" from a product's console page (issue 30, docs/decisions/044): one embed —
 * picture, title, price, link — queued in the outbox for the community server's webhook, in the
 * same transaction as its audit row. Only a published product (listed, not archived) is announced.
 */
import { mediaUrl, variantsOf, type ImageMedia } from "~/domain/media";
import { formatPrice } from "~/domain/money";
import { findSellerProduct, type SellerProductDetail } from "../catalogue/console-products.server";
import { listProductMedia } from "../catalogue/product-media.server";
import { enqueueCommunityDiscord } from "../mail/outbox.server";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";

/** Discord shows an embed image up to about this wide; a larger variant only costs bandwidth. */
const EMBED_IMAGE_WIDTH = 1280;
/** The community server's embed colour (the shop's brand). */
const EMBED_COLOUR = 0x2563eb;

export type AnnounceResult = { ok: true; summary: string } | { ok: false; code: "not_found" | "not_published" | "not_configured" };

/**
 * A picture every client shows, at an absolute URL: the first photo's (or video poster's) widest
 * JPEG/PNG variant up to EMBED_IMAGE_WIDTH — never AVIF, WebP or SVG. Null when there is none (the
 * seeded drawings are SVG only): the embed then goes without a picture.
 */
export function embedPicture(
  items: readonly { media: ImageMedia | { kind: "video"; poster: ImageMedia } }[],
  mediaBase: string,
  siteUrl: string,
): string | null {
  for (const item of items) {
    const image = item.media.kind === "video" ? item.media.poster : item.media;
    const raster = [...variantsOf(image, "jpeg"), ...variantsOf(image, "png")].sort((a, b) => a.width - b.width);
    if (raster.length === 0) continue;
    const chosen = raster.filter((v) => v.width <= EMBED_IMAGE_WIDTH).pop() ?? raster[0];
    const url = mediaUrl(mediaBase, chosen.key);
    return /^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith("/") ? "" : "/"}${url}`;
  }
  return null;
}

/** The webhook body: no mentions at all (a product title must never ping the server). */
export function announcementBody(
  product: Pick<SellerProduct, "id" | "title" | "priceCents" | "originalPriceCents">,
  summary: string | null,
  link: string,
  picture: string | null,
): object {
  const price = formatPrice(product.priceCents, "USD");
  const was = product.originalPriceCents > product.priceCents ? ` (was ${formatPrice(product.originalPriceCents, "USD")})` : "";
  return {
    content: `New in the shop: **${product.title}**`,
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: product.title.slice(0, 256),
        url: link,
        ...(summary ? { description: summary.slice(0, 2000) } : {}),
        color: EMBED_COLOUR,
        fields: [{ name: "Price", value: `${price}${was}`, inline: true }],
        ...(picture ? { image: { url: picture } } : {}),
      },
    ],
  };
}

type SellerProduct = Pick<SellerProductDetail, "id" | "title" | "priceCents" | "originalPriceCents">;

/** Queues the announcement of `productId`, audited; refused for a draft, an archived product or without a webhook. */
export async function announceProduct(
  db: Db,
  site: Pick<Site, "url">,
  options: { mediaBase: string; communityWebhook: boolean },
  seller: Actor,
  productId: string,
  now: Date,
): Promise<AnnounceResult> {
  if (!options.communityWebhook) return { ok: false, code: "not_configured" };
  const product = await findSellerProduct(db, productId);
  if (!product) return { ok: false, code: "not_found" };
  if (!product.listed || product.archived) return { ok: false, code: "not_published" };
  const media = await listProductMedia(db, product.id);
  const picture = embedPicture(media, options.mediaBase, site.url);
  const link = `${site.url}/product/${encodeURIComponent(product.id)}`;
  const summary = product.input.texts.en?.description ?? null;
  const body = announcementBody(product, typeof summary === "string" && summary ? summary : null, link, picture);
  const line = `Announced ${product.title} on Discord`;
  await db.transaction(async (tx) => {
    await enqueueCommunityDiscord(tx, { kind: "product_announcement", summary: line, body }, now);
    await recordSellerAction(tx, seller, "product_announce", `product:${product.id}`, { picture, link }, now);
  });
  return { ok: true, summary: line };
}
