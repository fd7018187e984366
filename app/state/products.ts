import { useMemo } from "react";
import type { ProductSummary } from "~/domain/product";
import { useStorefrontData } from "./storefront-data";

const NO_PRODUCTS: ProductSummary[] = [];

/**
 * Every product with the seller's current price and stock, from the shopper layout's loader.
 * Empty where the layout loaded nothing (the 404 page of an unknown language prefix).
 */
export function useProducts(): ProductSummary[] {
  return useStorefrontData()?.products ?? NO_PRODUCTS;
}

export function useProductLookup(): (id: string) => ProductSummary | undefined {
  const products = useProducts();
  return useMemo(() => {
    const byId = new Map(products.map((p) => [p.id, p]));
    return (id: string) => byId.get(id);
  }, [products]);
}
