/**
 * Products as the shopper sees them: which ids belong on a page comes from the route's loader
 * (catalogue-views.server.ts), prices, stock and texts from the shopper layout's summaries.
 */
import { useMemo } from "react";
import type { ProductSummary } from "~/domain/product";
import { useProductLookup } from "~/state/products";

/** Listed summaries for ids, in the given order; unknown or unlisted ids are skipped. */
export function useProductsByIds(ids: readonly string[] | undefined): ProductSummary[] {
  const lookup = useProductLookup();
  return useMemo(() => (ids ?? []).map((id) => lookup(id)).filter((p): p is ProductSummary => p !== undefined && p.listed), [ids, lookup]);
}
