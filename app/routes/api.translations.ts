import { data } from "react-router";
import type { Route } from "./+types/api.translations";
import { deferredTranslations, translationsVersion } from "~/i18n/resources.server";

/** A document names at most the frame's areas or a page's (six today); code fetched on first use, fewer. */
const MAX_AREAS = 12;

/**
 * GET /api/translations?lang=fr&areas=dialogs,checkout: strings by area. Code fetched on first use
 * asks for its own (dialogs, the payment step: app/i18n/load-areas.ts, docs/decisions/024); an HTML
 * document names its frame's and its page's with their version, `&v=` (docs/decisions/060). A
 * version that matches what is sent may be kept for good; anything else, a few minutes.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const areas = (query.get("areas") ?? "").split(",").slice(0, MAX_AREAS);
  const translations = deferredTranslations(query.get("lang") ?? undefined, areas);
  const current = query.get("v") === translationsVersion(translations.lang, areas);
  return data(translations, {
    headers: { "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300", "X-Robots-Tag": "noindex" },
  });
}
