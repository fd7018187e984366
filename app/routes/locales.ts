import { data } from "react-router";
import type { Route } from "./+types/locales";
import { isLang } from "~/domain/lang-path";
import { browserResources } from "~/i18n/resources.server";

/** One language's strings, fetched by the browser when the shopper switches language. */
export function loader({ params }: Route.LoaderArgs) {
  if (!isLang(params.lang)) throw data(null, { status: 404 });
  return Response.json(browserResources[params.lang], { headers: { "Cache-Control": "public, max-age=600" } });
}
