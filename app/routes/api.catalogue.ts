import { data } from "react-router";
import type { Route } from "./+types/api.catalogue";
import { catalogueSummaries } from "~/server/catalogue/summaries.server";

/**
 * GET /api/catalogue?lang=fr: every product's summary in a language (and English, which search also
 * matches). Pages carry only the products they render; the search dialog and a stored cart on a
 * page without the catalogue fetch it here (app/state/products.ts, docs/decisions/024). Prices and
 * stock follow the seller's edits within a minute.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const products = await catalogueSummaries(context.services.db, new URL(request.url).searchParams.get("lang") ?? undefined);
  return data({ products }, { headers: { "Cache-Control": "public, max-age=60", "X-Robots-Tag": "noindex" } });
}
