import type { Product } from "~/domain/product";
import { centsToAmountString } from "~/domain/money";
import { productImageUrls } from "~/domain/product-media";
import { useNonce } from "~/nonce";
import { usePublicConfig } from "~/state/storefront-data";

/** JSON text safe inside <script>: no "</script>" or "<!--" can be formed. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** schema.org Product data for search engines (DESIGN §6). Prices are the USD the shopper pays. */
export function productJsonLd(product: Product, siteUrl: string, description: string, url: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description,
    sku: product.id,
    category: product.category,
    image: productImageUrls(product, siteUrl),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "USD",
      price: centsToAmountString(product.priceCents),
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: product.rating,
      reviewCount: product.reviews,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

export function ProductJsonLd({ product, description, path }: { product: Product; description: string; path: string }) {
  const nonce = useNonce();
  const siteUrl = usePublicConfig()?.siteUrl ?? "";
  const json = jsonForScript(productJsonLd(product, siteUrl, description, siteUrl + path));
  return <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: json }} />;
}
