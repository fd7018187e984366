import type { ProductSummary } from "~/domain/product";
import { ProductCard } from "./product-card";

/** 1 column on phones, 2 from `sm`, 3 from `lg`. */
export function ProductGrid({
  products,
  headingLevel = 3,
  bundleSavings = {},
}: {
  products: readonly ProductSummary[];
  headingLevel?: 2 | 3 | 4;
  /** Bundle id → saving against buying its items separately. */
  bundleSavings?: Readonly<Record<string, number>>;
}) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} headingLevel={headingLevel} bundleSavings={bundleSavings[product.id] ?? null} />
        </li>
      ))}
    </ul>
  );
}
