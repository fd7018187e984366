import { data, type MetaDescriptor } from "react-router";
import type { Route } from "./+types/back-in-stock";
import { splitLangFromPath } from "~/domain/lang-path";
import { restockAlertSchema } from "~/domain/validation";
import { getI18n } from "~/i18n/i18n";
import { inlineTranslations, translationsFor } from "~/i18n/resources.server";
import { useTranslation } from "~/i18n/use-translation";
import { CtaLink } from "~/components/content/cta";
import { ContentPage } from "~/components/content/page-header";
import { BackInStockForm, backInStockMessage, type BackInStockView } from "~/components/product/back-in-stock-form";
import { readCatalogue } from "~/server/catalogue/cache.server";
import { passRetryAfter } from "~/server/platform/retry-after.server";
import { RESTOCK_CLIENT_LIMIT, subscribeRestockAlert } from "~/server/reminders/restock.server";
import { acceptRequest, retryAfter } from "~/server/web/endpoint.server";

/**
 * /back-in-stock/:id: where the product page's "Email me when it's back" form posts
 * (docs/decisions/045). With JavaScript a fetcher reads the answer and the product page shows it;
 * without, this page shows it, with the way back to the product. Never cached, never indexed.
 */
export const meta: Route.MetaFunction = ({ location }): MetaDescriptor[] => {
  const { t } = getI18n(splitLangFromPath(location.pathname).lang);
  return [{ title: `${t("product.backInStock.pageTitle")} | ${t("meta.siteName")}` }, { name: "robots", content: "noindex" }];
};

const PAGE_HEADERS = { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" } as const;

export const headers: Route.HeadersFunction = (args) => passRetryAfter(args, PAGE_HEADERS);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = (await readCatalogue(context.services.db)).product(params.id);
  if (!product?.listed) throw data({ translations: inlineTranslations(params.lang, ["info", "product"]) }, { status: 404 });
  const translations = translationsFor({ params, context }, ["info", "product"]);
  const { lang } = splitLangFromPath(new URL(request.url).pathname);
  return { translations, product: { id: product.id, title: product.titles[lang] || product.title } };
}

/** One answer shape (the view, with its status) whatever happened. */
const answer = (view: BackInStockView, init?: ResponseInit) => data({ view }, init);

export async function action(args: Route.ActionArgs) {
  const accepted = await acceptRequest(args, { body: "form", schema: restockAlertSchema, limit: RESTOCK_CLIENT_LIMIT });
  if (!accepted.ok) {
    const { status, refusal, headers } = accepted;
    // Bots fill the hidden field: they get the same answer as people, and nothing is stored.
    if (refusal.fields?.website) return answer({ state: "done", email: "" });
    return answer({ state: "refused", code: refusal.code }, { status, headers });
  }
  const { lang } = splitLangFromPath(new URL(args.request.url).pathname);
  const email = accepted.input.email;
  const result = await subscribeRestockAlert(accepted.db, accepted.services.site, { productId: args.params.id, email, lang }, accepted.now);
  switch (result.state) {
    case "waiting":
      return answer({ state: "done", email });
    case "in_stock":
      return answer({ state: "in_stock" });
    case "not_found":
      return answer({ state: "not_found" }, { status: 404 });
    case "rate_limited":
      return answer({ state: "refused", code: "rate_limited", email }, { status: 429, headers: retryAfter(result.retryAfter) });
  }
}

export default function BackInStockPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const view = actionData?.view ?? { state: "form" };
  const message = backInStockMessage(t, view);
  return (
    <ContentPage className="sm:py-20">
      <div aria-live="polite" className="mx-auto max-w-xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-2xl font-black tracking-tight text-balance text-slate-900">{loaderData.product.title}</h1>
        {message && (
          <p role={view.state === "done" ? "status" : "alert"} className="mt-3 text-lg break-words text-slate-700">
            {message}
          </p>
        )}
        {view.state !== "done" && view.state !== "in_stock" && view.state !== "not_found" && (
          <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
            <BackInStockForm productId={loaderData.product.id} />
          </div>
        )}
        <div className="mt-8">
          <CtaLink to={`/product/${encodeURIComponent(loaderData.product.id)}`}>{t("product.backInStock.backToProduct")}</CtaLink>
        </div>
      </div>
    </ContentPage>
  );
}
