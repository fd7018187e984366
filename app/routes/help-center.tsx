import { useTranslation } from "react-i18next";
import type { Route } from "./+types/help-center";
import { pageMeta } from "~/seo";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "helpCenter");

export default function HelpCenterPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("meta.helpCenter.title")}</h1>
      <p className="mt-3 text-slate-600">{t("meta.helpCenter.description")}</p>
    </section>
  );
}
