import type { ReportEntryKind } from "~/domain/problem-reports";
import { useConsole } from "../use-console";
import { Card } from "../kit/page";

/** A report's thread as the buyer reads it, with who wrote each entry and when. */
export function ReportThread({
  entries,
}: {
  entries: { id: number; author: "buyer" | "seller"; kind: ReportEntryKind; body: string; actor: string; createdAt: Date }[];
}) {
  const { t, when } = useConsole();
  return (
    <Card title={t("adminReports.thread.title")}>
      <ol className="space-y-3" aria-label={t("adminReports.thread.label")}>
        {entries.map((e) => (
          <li key={e.id} className={`rounded-md p-3 text-sm ${e.author === "seller" ? "border-l-4 border-brand-600 bg-slate-50" : "ring-1 ring-slate-200"}`}>
            <p className="text-xs font-semibold text-slate-700">
              {e.author === "seller" ? e.actor : t("adminReports.thread.buyer")} · {t(`adminReports.thread.kinds.${e.kind}`)} · {when(e.createdAt)}
            </p>
            <p className="mt-1 whitespace-pre-wrap text-slate-900">{e.body}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
