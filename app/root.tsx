import { I18nextProvider } from "react-i18next";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { splitLangFromPath } from "~/domain/lang-path";
import { getI18n, registerTranslations } from "~/i18n/i18n";
import { useNonce } from "~/nonce";
import { publicConfig } from "~/server/public-config.server";
import { storefrontData } from "~/server/storefront.server";
import { ErrorPage } from "~/components/layout/error-page";
import { Toaster } from "sonner";
import { ShopProviders } from "~/state/shop-providers";
import "./app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request }: Route.LoaderArgs) {
  return { ...publicConfig(), ...(await storefrontData(request)) };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The language comes from the path, not loader data, so it follows client navigation too.
  const { lang } = splitLangFromPath(useLocation().pathname);
  const nonce = useNonce();
  const translations = useRootData()?.translations;
  if (translations) registerTranslations(translations.lang, translations.tree);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7b1b9c" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={getI18n(lang)}>
          <ShopProviders>
            {children}
            <Toaster position="top-center" richColors closeButton />
          </ShopProviders>
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
