import { data } from "react-router";
import type { Route } from "./+types/api.translations";
import { deferredTranslations } from "~/i18n/resources.server";

/**
 * GET /api/translations?lang=fr&areas=dialogs,checkout: the strings of code fetched on first use
 * (dialogs, the payment step), which pages no longer carry (app/i18n/load-areas.ts,
 * docs/decisions/024). They change with a release only: browsers may keep them a few minutes.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const areas = (query.get("areas") ?? "").split(",").slice(0, 10);
  return data(deferredTranslations(query.get("lang") ?? undefined, areas), {
    headers: { "Cache-Control": "public, max-age=300", "X-Robots-Tag": "noindex" },
  });
}
