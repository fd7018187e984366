import { data } from "react-router";
import type { Route } from "./+types/api.geo";
import { lookupCountry } from "~/server/platform/geo.server";

/**
 * GET /api/geo: `{ country_code }` of the caller's address, or null; always 200, so a first visit
 * never logs a failed request (docs/decisions/037). The browser asks only without a stored currency
 * preference and without COUNTRY_HEADER (app/state/currency.tsx).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const country = await lookupCountry(context.clientIp, context.services.env.GEO_LOOKUP_URL);
  return data({ country_code: country }, { headers: { "Cache-Control": "private, max-age=86400", "X-Robots-Tag": "noindex" } });
}
