import type { ImageMedia } from "~/domain/media";
import { pictureProps } from "~/domain/media";

type ImgProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height" | "alt">;

/**
 * A stored photo as `<picture>` (docs/decisions/030): AVIF and WebP sources for the browsers that
 * take them, the JPEG/PNG (or our SVG drawing) fallback, every width in `srcset` so the browser picks
 * the one `sizes` needs, and the intrinsic width/height so the page never shifts while it loads.
 */
export function ProductPicture({ image, base, sizes, alt, ...img }: { image: ImageMedia; base: string; sizes: string; alt: string } & ImgProps) {
  const picture = pictureProps(image, base, sizes);
  return (
    <picture className="contents">
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        {...img}
        src={picture.img.src}
        srcSet={picture.img.srcSet}
        sizes={picture.img.sizes}
        width={picture.img.width}
        height={picture.img.height}
        alt={alt}
      />
    </picture>
  );
}
