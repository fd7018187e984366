import { useTranslation } from "react-i18next";
import { isRouteErrorResponse } from "react-router";
import { NotFound } from "./not-found";
import { SiteFrame } from "./site-frame";

/** What a route's error boundary shows: the 404 page, or a short apology for anything else. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof console !== "undefined") console.error(error);
  return (
    <SiteFrame>
      {notFound ? (
        <NotFound />
      ) : (
        <section className="mx-auto max-w-xl px-4 py-20 text-center">
          <h1 className="text-3xl font-bold">{t("common.error.title")}</h1>
          <p className="mt-3 text-slate-600">{t("common.error.text")}</p>
        </section>
      )}
    </SiteFrame>
  );
}
