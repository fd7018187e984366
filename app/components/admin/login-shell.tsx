import { useConsoleWorker } from "./console-worker";
import { useTranslation } from "~/i18n/use-translation";

/** The frame of the login steps: no navigation, one narrow card. */
export function LoginShell({ title, children }: { title: string; children: React.ReactNode }) {
  useConsoleWorker();
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-16">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Trigger Shop · {t("admin.console")}</p>
        <h1 className="mt-1 mb-5 text-xl font-bold text-slate-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}
