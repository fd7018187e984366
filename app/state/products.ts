import { useMemo } from "react";
import type { ProductSummary } from "~/domain/product";
import { useRootData } from "~/root";

/** Every product with the seller's current price and stock, from the root loader. */
export function useProducts(): ProductSummary[] {
  return useRootData()?.products ?? [];
}

export function useProductLookup(): (id: string) => ProductSummary | undefined {
  const products = useProducts();
  return useMemo(() => {
    const byId = new Map(products.map((p) => [p.id, p]));
    return (id: string) => byId.get(id);
  }, [products]);
}
