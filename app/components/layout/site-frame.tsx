import { useTranslation } from "react-i18next";
import { LocalLink } from "~/components/ui/local-link";

/** Header, main landmark and footer around every page. */
export function SiteFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("common.skipToContent")}
      </a>
      <header className="border-b border-slate-200 px-4 py-3">
        <LocalLink to="/" className="text-xl font-black text-brand-700">
          {t("meta.siteName")}
        </LocalLink>
      </header>
      <main id="main">{children}</main>
    </>
  );
}
