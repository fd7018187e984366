import { useTranslation } from "react-i18next";
import type { Route } from "./+types/triggers";
import { pageMeta } from "~/seo";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "triggers");

export default function TriggersPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("meta.triggers.title")}</h1>
      <p className="mt-3 text-slate-600">{t("meta.triggers.description")}</p>
    </section>
  );
}
