/**
 * The label a request is counted under: the pattern of the React Router route that answers it
 * (`/product/:id`, never `/product/2`), with the optional language segment folded (`/fr/triggers`
 * counts as `/triggers`) and never the query string, so the number of label values stays that of
 * the route table whatever paths the world sends. Patterns are found with React Router's own
 * matcher and remembered per path in a bounded cache: a cached page costs one Map lookup.
 */
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type RouteNode = RouteObject & { children?: RouteNode[] };

/** Answered by Express before React Router (server/app.ts): their own names. */
const EXPRESS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);
const LANGUAGE_SEGMENT = /^\/:lang\?(?=\/|$)/;

function routeTree(manifest: ServerBuild["routes"]): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteNode);
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) ((parent as { children?: RouteNode[] }).children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** `/:lang?/product/:id` → `/product/:id`; the home page is `/`. */
export function foldPattern(pattern: string): string {
  const folded = pattern.replace(/\/{2,}/g, "/").replace(LANGUAGE_SEGMENT, "");
  return folded === "" ? "/" : folded.length > 1 ? folded.replace(/\/$/, "") : folded;
}

export function routeLabeler(manifest: ServerBuild["routes"]): (pathname: string) => string {
  const tree = routeTree(manifest);
  const cache = new LRUCache<string, string>({ max: 5000 });
  const find = (pathname: string): string => {
    if (EXPRESS_PATHS.has(pathname)) return pathname;
    let matches: ReturnType<typeof matchRoutes>;
    try {
      matches = matchRoutes(tree, pathname);
    } catch {
      return "unmatched";
    }
    if (!matches || matches.length === 0) return "unmatched";
    return foldPattern(
      `/${matches
        .map((m) => m.route.path ?? "")
        .filter(Boolean)
        .join("/")}`,
    );
  };
  return (pathname) => {
    let label = cache.get(pathname);
    if (label === undefined) {
      label = find(pathname);
      cache.set(pathname, label);
    }
    return label;
  };
}
