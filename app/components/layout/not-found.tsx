import { useTranslation } from "react-i18next";
import { LocalLink } from "~/components/ui/local-link";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">
        {t("common.notFound.code")}
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t("common.notFound.title")}</h1>
      <p className="mt-3 text-slate-600">{t("common.notFound.text")}</p>
      <nav className="mt-8 flex flex-wrap justify-center gap-3" aria-label={t("common.notFound.title")}>
        <LocalLink to="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          {t("common.notFound.home")}
        </LocalLink>
        <LocalLink to="/triggers" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50">
          {t("common.notFound.triggers")}
        </LocalLink>
        <LocalLink to="/rooms" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50">
          {t("common.notFound.rooms")}
        </LocalLink>
      </nav>
    </section>
  );
}
