import { useState } from "react";
import { preload } from "react-dom";
import { useTranslation } from "~/i18n/use-translation";
import type { Product } from "~/domain/product";
import { imagePreload, MEDIA_CONTENT_TYPES, mediaUrl, variantsOf, type ImageMedia, type VideoMedia } from "~/domain/media";
import { altText, mainImage, PAGE_SIZES, type ProductGallery } from "~/domain/product-media";
import { useLang } from "~/state/lang";
import { ProductPicture } from "./product-picture";

type Media = Pick<Product, "title" | "images" | "videoUrl" | "gallery">;

const FRAME = "aspect-square w-full overflow-hidden rounded-2xl border border-slate-200 bg-slate-100";

/**
 * Products with a video show it with the first image as poster; nothing is fetched until the shopper
 * presses play, and a missing or broken video falls back to the poster image. Others show the first
 * image with the extra views as thumbnails.
 */
export function ProductMedia({ product }: { product: Media }) {
  if (product.gallery && product.gallery.items.length > 0) return <GalleryMedia title={product.title} gallery={product.gallery} />;
  return <DrawingMedia product={product} />;
}

/** The poster attribute takes one URL: the fallback variant wide enough for the page at 2×. */
function posterUrl(poster: ImageMedia, base: string): string {
  const fallback = variantsOf(poster, poster.fallback);
  const pick = fallback.find((v) => v.width >= 960) ?? fallback[fallback.length - 1] ?? poster.variants[0];
  return mediaUrl(base, pick.key);
}

/**
 * The seller's media (docs/decisions/030): the current one in the frame — a `<picture>` with AVIF/WebP
 * `srcset`, or the video with its poster, loaded only when played — and every one as a thumbnail
 * button. The first one's picture is preloaded with the HTML (it is the page's largest paint).
 */
function GalleryMedia({ title, gallery }: { title: string; gallery: ProductGallery }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [current, setCurrent] = useState(0);
  const [failedVideos, setFailedVideos] = useState<ReadonlySet<number>>(new Set());
  const { items, base } = gallery;
  const first = items[0];
  if (first.media.kind === "video") preload(posterUrl(first.media.poster, base), { as: "image", fetchPriority: "high" });
  else {
    const link = imagePreload(mainImage(gallery)!.image, base, PAGE_SIZES);
    preload(link.href, { as: "image", fetchPriority: "high", imageSrcSet: link.imageSrcSet, imageSizes: link.imageSizes, type: link.type });
  }
  const shown = items[current] ?? first;
  const count = items.length;
  const altOf = (index: number) => altText(items[index].alt, lang, t("product.media.image", { title, index: index + 1, count }));
  const picture = (image: ImageMedia, index: number) => (
    <ProductPicture
      image={image}
      base={base}
      sizes={PAGE_SIZES}
      alt={altOf(index)}
      fetchPriority={index === 0 ? "high" : undefined}
      className="h-full w-full object-contain"
      data-testid="product-main-image"
    />
  );
  return (
    <div className="flex flex-col gap-3">
      <div className={FRAME}>
        {shown.media.kind === "video" && !failedVideos.has(shown.id) ? (
          <GalleryVideo
            key={shown.id}
            video={shown.media}
            base={base}
            label={altText(shown.alt, lang, t("product.media.video", { title }))}
            onFail={() => setFailedVideos((failed) => new Set(failed).add(shown.id))}
          />
        ) : (
          picture(shown.media.kind === "video" ? shown.media.poster : shown.media, current)
        )}
      </div>
      {count > 1 && (
        <ul className="flex flex-wrap gap-3" aria-label={t("product.media.thumbnails")}>
          {items.map((item, index) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-pressed={index === current}
                aria-label={t(item.media.kind === "video" ? "product.media.showVideo" : "product.media.showImage", { index: index + 1, count })}
                className={`relative block h-20 w-20 overflow-hidden rounded-lg border-2 ${index === current ? "border-brand-600" : "border-transparent hover:border-slate-300"}`}
              >
                <ProductPicture
                  image={item.media.kind === "video" ? item.media.poster : item.media}
                  base={base}
                  sizes="80px"
                  alt=""
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
                {item.media.kind === "video" && (
                  <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-black/30 text-2xl text-white">
                    ▶
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function GalleryVideo({ video, base, label, onFail }: { video: VideoMedia; base: string; label: string; onFail: () => void }) {
  return (
    <video
      controls
      playsInline
      preload="none"
      poster={posterUrl(video.poster, base)}
      width={video.width ?? video.poster.width}
      height={video.height ?? video.poster.height}
      aria-label={label}
      className="h-full w-full bg-black object-contain"
      onError={onFail}
    >
      <source src={mediaUrl(base, video.key)} type={MEDIA_CONTENT_TYPES[video.format]} onError={onFail} />
    </video>
  );
}

/** Before any media row exists (a database not seeded yet): the drawings from the code catalogue. */
function DrawingMedia({ product }: { product: Media }) {
  const [videoFailed, setVideoFailed] = useState(false);
  // The poster or main image is the page's largest paint: React puts a preload for it in <head>,
  // so the browser fetches it with the HTML rather than after laying out the page.
  preload(product.images[0] ?? "/products/placeholder.svg", { as: "image", fetchPriority: "high" });
  if (product.videoUrl && !videoFailed) {
    return <ProductVideo product={product} videoUrl={product.videoUrl} onFail={() => setVideoFailed(true)} />;
  }
  return <ProductGallery product={product} />;
}

function ProductVideo({ product, videoUrl, onFail }: { product: Media; videoUrl: string; onFail: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={FRAME}>
      <video
        controls
        playsInline
        preload="none"
        poster={product.images[0]}
        width={800}
        height={800}
        aria-label={t("product.media.video", { title: product.title })}
        className="h-full w-full bg-black object-contain"
        onError={onFail}
      >
        <source src={videoUrl} type="video/mp4" onError={onFail} />
      </video>
    </div>
  );
}

function ProductGallery({ product }: { product: Media }) {
  const { t } = useTranslation();
  const images = product.images.length > 0 ? product.images : ["/products/placeholder.svg"];
  const [current, setCurrent] = useState(0);
  const shown = images[current] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      <div className={FRAME}>
        <img
          src={shown}
          alt={t("product.media.image", { title: product.title, index: current + 1, count: images.length })}
          width={800}
          height={800}
          fetchPriority="high"
          className="h-full w-full object-cover"
          data-testid="product-main-image"
        />
      </div>
      {images.length > 1 && (
        <ul className="flex gap-3" aria-label={t("product.media.thumbnails")}>
          {images.map((src, index) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-pressed={index === current}
                aria-label={t("product.media.showImage", { index: index + 1, count: images.length })}
                className={`block h-20 w-20 overflow-hidden rounded-lg border-2 ${index === current ? "border-brand-600" : "border-transparent hover:border-slate-300"}`}
              >
                <img src={src} alt="" width={80} height={80} loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
