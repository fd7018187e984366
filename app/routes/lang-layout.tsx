import { data, Outlet, redirect } from "react-router";
import type { Route } from "./+types/lang-layout";
import { isLang } from "~/domain/lang-path";
import { SiteFrame } from "~/components/layout/site-frame";
import { ErrorPage } from "~/components/layout/error-page";
import { pageMeta } from "~/seo";

export function loader({ params, request }: Route.LoaderArgs) {
  const { lang } = params;
  if (lang === undefined) return null;
  // English has no prefix: /en/cart is the same page as /cart.
  if (lang === "en") {
    const url = new URL(request.url);
    throw redirect((url.pathname.replace(/^\/en(?=\/|$)/, "") || "/") + url.search, 301);
  }
  if (!isLang(lang)) throw data(null, { status: 404 });
  return null;
}

// Children set their own meta; this one only speaks when the layout itself failed (unknown language).
export const meta: Route.MetaFunction = (args) =>
  args.error ? [...pageMeta(args, "notFound"), { name: "robots", content: "noindex" }] : [];

export default function LangLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
