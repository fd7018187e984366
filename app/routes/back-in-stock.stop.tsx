import { data, Form, useNavigation, type MetaDescriptor, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/back-in-stock.stop";
import { splitLangFromPath } from "~/domain/lang-path";
import { getI18n } from "~/i18n/i18n";
import { translationsFor } from "~/i18n/resources.server";
import { useTranslation } from "~/i18n/use-translation";
import { CtaLink } from "~/components/content/cta";
import { ContentPage } from "~/components/content/page-header";
import { Button } from "~/components/ui/button";
import { readBody, UNREADABLE } from "~/server/platform/http.server";
import { inspectRestockStopLink, stopRestockAlerts, type StopLink } from "~/server/reminders/restock.server";

/**
 * /back-in-stock/stop?t=…: the "stop these alerts" link of a back-in-stock mail (docs/decisions/045).
 * GET only reads the link (mail scanners open every link); the page's button, or a mail client's
 * one-click POST (RFC 8058, the token in the query), removes every alert still waiting for the address.
 */
export const meta: Route.MetaFunction = ({ location }): MetaDescriptor[] => {
  const { t } = getI18n(splitLangFromPath(location.pathname).lang);
  return [{ title: `${t("product.backInStock.stop.title")} | ${t("meta.siteName")}` }, { name: "robots", content: "noindex" }];
};

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex", "Cache-Control": "no-store" });

/** After the button, the action's answer is the page. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? false : defaultShouldRevalidate);

const view = (link: StopLink) => (link.state === "invalid" ? { state: "invalid" as const } : { state: link.state, email: link.email });

export function loader({ request, params, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t");
  const link = inspectRestockStopLink(context.services.site, token);
  return data(
    { link: view(link), token: link.state === "ready" ? token : null, translations: translationsFor({ params, context }, ["info", "product"]) },
    { status: link.state === "invalid" ? 400 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request, "form");
  const fromForm = body !== UNREADABLE && typeof body === "object" && body !== null ? (body as Record<string, unknown>).t : undefined;
  const token = typeof fromForm === "string" && fromForm !== "" ? fromForm : new URL(request.url).searchParams.get("t");
  const link = await stopRestockAlerts(context.services.db, context.services.site, token);
  return data({ link: view(link) }, { status: link.state === "invalid" ? 400 : 200 });
}

export default function BackInStockStopPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const link = actionData?.link ?? loaderData.link;
  const [title, text] =
    link.state === "invalid"
      ? [t("product.backInStock.stop.invalidTitle"), t("product.backInStock.stop.invalidText")]
      : link.state === "done"
        ? [t("product.backInStock.stop.doneTitle"), t("product.backInStock.stop.doneText", { email: link.email })]
        : [t("product.backInStock.stop.title"), t("product.backInStock.stop.text", { email: link.email })];
  return (
    <ContentPage className="sm:py-20">
      <div aria-live="polite" className="mx-auto max-w-xl rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <h1 className="text-3xl font-black tracking-tight text-balance text-slate-900">{title}</h1>
        <p className="mt-3 text-lg break-words text-slate-600">{text}</p>
        {link.state === "ready" && loaderData.token ? (
          <Form method="post" className="mt-8">
            <input type="hidden" name="t" value={loaderData.token} />
            <Button type="submit" size="lg" disabled={busy} variant="secondary" className="w-full sm:w-auto">
              {busy ? t("product.backInStock.stop.busy") : t("product.backInStock.stop.button")}
            </Button>
          </Form>
        ) : (
          <div className="mt-8 flex justify-center">
            <CtaLink to="/">{t("product.backToShop")}</CtaLink>
          </div>
        )}
      </div>
    </ContentPage>
  );
}
