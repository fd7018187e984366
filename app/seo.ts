import type { MetaDescriptor } from "react-router";
import { hreflangAlternates, localizePath, splitLangFromPath } from "~/domain/lang-path";
import { getI18n } from "~/i18n/i18n";
import { shareImageUrl, type ProductGallery } from "~/domain/product-media";

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

function siteUrlOf(matches: MetaArgsLike["matches"]): string {
  const root = matches.find((m) => m?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/**
 * Title, description, canonical link and hreflang alternates (en, fr, es, x-default) for a page,
 * in the language of its URL. `page` names an entry of locales/{lang}/meta.json.
 */
/** What a page may set itself instead of its translated defaults (a product's SEO texts, its picture). */
export interface MetaOverrides {
  title?: string;
  description?: string;
  /** Site-relative path of the Open Graph image. */
  image?: string;
}

export function pageMeta(args: MetaArgsLike, page: string, vars: Record<string, string> = {}, overrides: MetaOverrides = {}): MetaDescriptor[] {
  const { lang, rest } = splitLangFromPath(args.location.pathname);
  const t = getI18n(lang).t;
  const siteUrl = siteUrlOf(args.matches);
  const title = overrides.title?.trim() || `${t(`meta.${page}.title`, vars)} | ${t("meta.siteName")}`;
  const description = overrides.description?.trim() || t(`meta.${page}.description`, vars);
  return [
    ...(overrides.image ? [{ property: "og:image", content: siteUrl + overrides.image }] : []),
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: { en: "en_US", fr: "fr_FR", es: "es_ES" }[lang] },
    { tagName: "link", rel: "canonical", href: siteUrl + localizePath(rest, lang) },
    ...hreflangAlternates(rest).map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.hrefLang, href: siteUrl + a.path })),
  ];
}

/**
 * og:image for a product page (docs/decisions/030): its main picture in the format every preview
 * reader takes (JPEG/PNG, or our SVG drawing), about 1200 px wide; its first drawing without media rows.
 */
export function productImageMeta(args: MetaArgsLike, product: { gallery?: ProductGallery; images: readonly string[] }): MetaDescriptor[] {
  const siteUrl = siteUrlOf(args.matches);
  const url = shareImageUrl(product.gallery, siteUrl) ?? (product.images[0] ? siteUrl + product.images[0] : undefined);
  return url ? [{ property: "og:image", content: url }] : [];
}
