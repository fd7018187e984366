import { Clock } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";

/** Heading, intro and the category pages' delivery promise (SPEC §1: 12–24 hours). */
export function ListingHeader({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation();
  return (
    <header className="max-w-3xl">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{intro}</p>
      <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-900">
        <Clock size={16} aria-hidden="true" />
        {t("listings.deliveryLine")}
      </p>
    </header>
  );
}
