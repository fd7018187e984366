import { useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { splitLangFromPath } from "~/domain/lang-path";
import { getI18n, registerTranslations } from "~/i18n/i18n";
import { useNonce } from "~/nonce";
import { translationsAddressOf, translationsOf } from "~/i18n/areas";
import { frameTranslations } from "~/i18n/resources.server";
import { publicConfig } from "~/server/web/public-config.server";
import { ErrorPage } from "~/components/layout/error-page";
import { Toaster } from "~/components/ui/toaster";
import type { RootData } from "~/state/storefront-data";
import "./app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * The document frame: the frame's translations and public configuration only. The shop's data and
 * state live in the shopper layout (routes/lang-layout), so other areas do not inherit them.
 */
export function loader({ request, context }: Route.LoaderArgs): RootData {
  const { lang } = splitLangFromPath(new URL(request.url).pathname);
  // The page's language and the frame's areas only; each page's loader adds its own areas.
  return { ...publicConfig(context.services), translations: frameTranslations(lang, context) };
}

/** A switch of language needs the frame's strings in the new language: the root loads again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || splitLangFromPath(currentUrl.pathname).lang !== splitLangFromPath(nextUrl.pathname).lang;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The language comes from the path, not loader data, so it follows client navigation too; the
  // console's (/admin) is the signed-in account's, which its loaders send (docs/decisions/055).
  const { pathname } = useLocation();
  let { lang } = splitLangFromPath(pathname);
  const inConsole = pathname === "/admin" || pathname.startsWith("/admin/");
  const nonce = useNonce();
  // The strings every matched route brought (root: the frame's; a page: its own), before they render;
  // a document's loaders name their address instead, fetched before hydration (entry.client.tsx).
  const addresses: string[] = [];
  for (const match of useMatches()) {
    const translations = translationsOf(match.data);
    if (translations) registerTranslations(translations.lang, translations.tree);
    if (translations && inConsole) lang = translations.lang;
    const address = translationsAddressOf(match.data);
    if (address) addresses.push(address.href);
  }
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7b1b9c" />
        <Meta />
        <Links />
        {addresses.map((href) => (
          <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} data-translations="" />
        ))}
      </head>
      <body>
        <I18nextProvider i18n={getI18n(lang)}>
          {children}
          <Toaster />
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useHydratedMark();
  return <Outlet />;
}

/**
 * `<html data-hydrated>` once React has taken over the server's markup: the module scripts load
 * after the page has painted (no modulepreload hints, entry.server.tsx), so end-to-end tests wait
 * for this before they press anything (tests/e2e/fixtures.ts).
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useHydratedMark();
  return <ErrorPage error={error} />;
}
