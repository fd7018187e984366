import { useEffect, useMemo, useSyncExternalStore } from "react";
import { useLocation, useMatches } from "react-router";
import { splitLangFromPath } from "~/domain/lang-path";
import type { Lang, ProductSummary } from "~/domain/product";

/**
 * Product summaries travel with the pages that render them (docs/decisions/024): a route's loader
 * data may carry `products` (the ones it shows) or `catalogue` (every product: cart, checkout). The
 * whole catalogue is otherwise fetched on demand from /api/catalogue (search, a stored cart on a
 * page without it) and kept for the rest of the visit.
 */
export interface ProductIndex {
  lookup(id: string): ProductSummary | undefined;
  /** Every product is known: an id the lookup does not find no longer exists. */
  complete: boolean;
}

function summariesIn(data: unknown, key: "products" | "catalogue"): ProductSummary[] | null {
  if (typeof data !== "object" || data === null || !(key in data)) return null;
  const value = (data as Record<string, unknown>)[key];
  return Array.isArray(value) ? (value as ProductSummary[]) : null;
}

// The fetched catalogue, per language, shared by every component of the visit.
const fetched = new Map<Lang, ProductSummary[]>();
const pending = new Map<Lang, Promise<void>>();
const listeners = new Set<() => void>();

/** Fetches the whole catalogue of a language once (again after a failure). */
export function loadCatalogue(lang: Lang): Promise<void> {
  if (fetched.has(lang)) return Promise.resolve();
  let request = pending.get(lang);
  if (!request) {
    request = fetch(`/api/catalogue?lang=${lang}`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`catalogue ${response.status}`);
        const body = (await response.json()) as { products: ProductSummary[] };
        fetched.set(lang, body.products);
        for (const listener of listeners) listener();
      })
      .catch(() => undefined)
      .finally(() => pending.delete(lang));
    pending.set(lang, request);
  }
  return request;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Every product of a language: from a matched route that carries the catalogue, or fetched once
 * `wanted` (null until it arrives; always null while rendering on the server).
 */
export function useCatalogue(lang: Lang, wanted: boolean): ProductSummary[] | null {
  const matches = useMatches();
  const carried = useMemo(() => {
    for (const match of matches) {
      const catalogue = summariesIn(match.loaderData, "catalogue");
      if (catalogue) return catalogue;
    }
    return null;
  }, [matches]);
  const loaded = useSyncExternalStore(
    subscribe,
    () => fetched.get(lang) ?? null,
    () => null,
  );
  useEffect(() => {
    if (wanted && !carried) void loadCatalogue(lang);
  }, [wanted, carried, lang]);
  return carried ?? loaded;
}

/** What is known of the products: the matched routes' summaries, then the catalogue if fetched. */
function useProductIndex(lang: Lang, catalogueWanted = false): ProductIndex {
  const matches = useMatches();
  const catalogue = useCatalogue(lang, catalogueWanted);
  return useMemo(() => {
    const byId = new Map<string, ProductSummary>();
    for (const p of catalogue ?? []) byId.set(p.id, p);
    for (const match of matches) {
      for (const p of summariesIn(match.loaderData, "products") ?? []) if (!byId.has(p.id)) byId.set(p.id, p);
    }
    return { lookup: (id: string) => byId.get(id), complete: catalogue !== null };
  }, [catalogue, matches]);
}

/** The language of the current URL (the catalogue is fetched in it). */
function useUrlLang(): Lang {
  return splitLangFromPath(useLocation().pathname).lang;
}

/** A product by id, among those the matched routes carry (and the catalogue, once fetched). */
export function useProductLookup(): (id: string) => ProductSummary | undefined {
  return useProductIndex(useUrlLang()).lookup;
}

/** The index of the current URL's language; `catalogueWanted` fetches the whole catalogue. */
export function usePageProductIndex(catalogueWanted = false): ProductIndex {
  return useProductIndex(useUrlLang(), catalogueWanted);
}
