import { useTranslation } from "~/i18n/use-translation";
import { AgeGate } from "~/components/dialogs/age-gate";
import { CurrencyNote, CurrencySwitcher, RecalculateDialog } from "~/components/dialogs/currency-switcher";
import { AnnouncementBar } from "./announcement-bar";
import { Footer } from "./footer";
import { Header } from "./header";
import { ScrollToTop } from "./scroll-to-top";
import { ActionNotice } from "./action-notice";
import { ShopActionForm } from "~/components/ui/shop-action";

/** Announcement, header, main landmark, footer and the global dialogs around every page. */
export function SiteFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow-lg"
      >
        {t("common.skipToContent")}
      </a>
      <ScrollToTop />
      <AnnouncementBar />
      <Header />
      <CurrencyNote />
      <main id="main" tabIndex={-1} className="outline-none">
        <ActionNotice />
        {children}
      </main>
      <Footer />
      <CurrencySwitcher />
      <RecalculateDialog />
      <AgeGate />
      <ShopActionForm />
    </>
  );
}
