import { parse } from "cookie";
import { isbot } from "isbot";
import { data, Outlet, redirect } from "react-router";
import type { Route } from "./+types/lang-layout";
import { LANG_COOKIE } from "~/domain/cookies";
import { isLang, localizePath, pickLangFromAcceptLanguage } from "~/domain/lang-path";
import { SiteFrame } from "~/components/layout/site-frame";
import { ErrorPage } from "~/components/layout/error-page";
import { pageMeta } from "~/seo";
import { storefrontData } from "~/server/storefront.server";
import { ShopProviders } from "~/state/shop-providers";
import type { StorefrontData } from "~/state/storefront-data";

/** The shop's data for every shopper page (products, currency, announcement), after the language checks. */
export async function loader({ params, request }: Route.LoaderArgs): Promise<StorefrontData> {
  const { lang } = params;
  const url = new URL(request.url);
  if (lang === undefined) {
    // An unprefixed (English) page: send a shopper who chose, or whose browser prefers, French or
    // Spanish to that version. Crawlers always get the page they asked for.
    if (isbot(request.headers.get("user-agent") ?? "")) return storefrontData(request);
    const chosen = parse(request.headers.get("cookie") ?? "")[LANG_COOKIE];
    const preferred = chosen && isLang(chosen) ? chosen : pickLangFromAcceptLanguage(request.headers.get("accept-language"));
    if (preferred && preferred !== "en") {
      throw redirect(localizePath(url.pathname + url.search, preferred), { headers: { Vary: "Accept-Language, Cookie" } });
    }
    return storefrontData(request);
  }
  // English has no prefix: /en/cart is the same page as /cart (and /en//evil.example is /evil.example).
  if (lang === "en") throw redirect(localizePath(url.pathname + url.search, "en"), 301);
  if (!isLang(lang)) throw data(null, { status: 404 });
  return storefrontData(request);
}

// Children set their own meta; this one only speaks when the layout itself failed (unknown language).
export const meta: Route.MetaFunction = (args) =>
  args.error ? [...pageMeta(args, "notFound"), { name: "robots", content: "noindex" }] : [];

export default function LangLayout() {
  return (
    <ShopProviders>
      <SiteFrame>
        <Outlet />
      </SiteFrame>
    </ShopProviders>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
