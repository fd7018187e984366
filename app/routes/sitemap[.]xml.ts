import { hreflangAlternates, localizePath } from "~/domain/lang-path";
import { LANGS } from "~/domain/product";
import { publicProducts } from "~/domain/catalogue";
import { INDEXABLE_PAGES } from "~/domain/storefront-pages";
import { readCatalogue } from "~/server/catalogue/cache.server";
import type { Route } from "./+types/sitemap[.]xml";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** Every indexable page in every language, each with its hreflang alternates (x-default too, as on the pages). */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, db } = context.services;
  const site = env.SITE_URL;
  const products = publicProducts((await readCatalogue(db)).products);
  const paths = [...INDEXABLE_PAGES, ...products.map((p) => `/product/${encodeURIComponent(p.id)}`)];
  const urls = paths.flatMap((path) =>
    LANGS.map((lang) => {
      const alternates = hreflangAlternates(path)
        .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hrefLang}" href="${escapeXml(site + a.path)}"/>`)
        .join("");
      return `<url><loc>${escapeXml(site + localizePath(path, lang))}</loc>${alternates}</url>`;
    }),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join("")}</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
