import { isbot } from "isbot";
import { data, Outlet, redirect } from "react-router";
import type { Route } from "./+types/lang-layout";
import { isLang, localizePath } from "~/domain/lang-path";
import { SiteFrame } from "~/components/layout/site-frame";
import { ErrorPage } from "~/components/layout/error-page";
import { pageMeta } from "~/seo";
import { preferredLang, storefrontData } from "~/server/catalogue/storefront.server";
import { ShopProviders } from "~/state/shop-providers";
import type { StorefrontData } from "~/state/storefront-data";

/**
 * The shop's data for every shopper page (currency, announcement), after the language checks. The
 * product summaries stay out: each page carries the ones it renders (docs/decisions/024).
 */
export async function loader({ params, request, context }: Route.LoaderArgs): Promise<StorefrontData> {
  const { lang } = params;
  const url = new URL(request.url);
  if (lang === undefined) {
    // An unprefixed (English) page: send a shopper who chose, or whose browser prefers, French or
    // Spanish to that version. Crawlers always get the page they asked for.
    if (isbot(request.headers.get("user-agent") ?? "")) return storefrontData(request, context.services);
    const preferred = preferredLang((name) => request.headers.get(name));
    if (preferred && preferred !== "en") {
      throw redirect(localizePath(url.pathname + url.search, preferred), { headers: { Vary: "Accept-Language, Cookie" } });
    }
    return storefrontData(request, context.services);
  }
  // English has no prefix: /en/cart is the same page as /cart (and /en//evil.example is /evil.example).
  if (lang === "en") throw redirect(localizePath(url.pathname + url.search, "en"), 301);
  if (!isLang(lang)) throw data(null, { status: 404 });
  return storefrontData(request, context.services);
}

/**
 * Shopper pages are the same for everyone with the same URL, language preference and currency (the
 * cart lives in the browser): the render cache may share them (server/render-cache.ts). HTML is never
 * stored by shared caches, since each response carries its own CSP nonce; browsers revalidate with
 * the ETag. A page that shows one buyer's data overrides this with its own `headers`.
 */
export function headers(): HeadersInit {
  return { "X-Shared-Page": "1", "Cache-Control": "private, no-cache", Vary: "Cookie, Accept-Language" };
}

// Children set their own meta; this one only speaks when the layout itself failed (unknown language).
export const meta: Route.MetaFunction = (args) => (args.error ? [...pageMeta(args, "notFound"), { name: "robots", content: "noindex" }] : []);

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
