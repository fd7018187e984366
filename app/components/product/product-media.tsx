import { useState } from "react";
import { preload } from "react-dom";
import { useTranslation } from "~/i18n/use-translation";
import type { Product } from "~/domain/product";

type Media = Pick<Product, "title" | "images" | "videoUrl">;

const FRAME = "aspect-square w-full overflow-hidden rounded-2xl border border-slate-200 bg-slate-100";

/**
 * Products with a video show it with the first image as poster; nothing is fetched until the shopper
 * presses play, and a missing or broken video falls back to the poster image. Others show the first
 * image with the extra views as thumbnails.
 */
export function ProductMedia({ product }: { product: Media }) {
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
