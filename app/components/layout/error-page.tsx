import { useTranslation } from "~/i18n/use-translation";
import { isRouteErrorResponse } from "react-router";
import { ShopProviders } from "~/state/shop-providers";
import { NotFound } from "./not-found";
import { SiteFrame } from "./site-frame";

/** Whether a route error is a 404 (shown as the not-found page rather than an apology). */
export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** A short apology for an unexpected error, which is logged for the seller. */
export function ErrorMessage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (typeof console !== "undefined") console.error(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t("common.error.title")}</h1>
      <p className="mt-3 text-slate-600">{t("common.error.text")}</p>
    </section>
  );
}

/**
 * What a route's error boundary shows: the 404 page, or a short apology for anything else, in the
 * shop's frame. A boundary replaces the layout that provides the shop's state, so it brings its own.
 */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ShopProviders>
      <SiteFrame>{isNotFound(error) ? <NotFound /> : <ErrorMessage error={error} />}</SiteFrame>
    </ShopProviders>
  );
}
