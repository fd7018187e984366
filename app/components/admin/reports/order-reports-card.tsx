import { Link } from "react-router";
import type { ReportReason, ReportStatus } from "~/domain/problem-reports";
import { useConsole } from "../use-console";
import { Card } from "../kit/page";

/** On the order page: the buyer's problem reports and the re-deliveries made for them (none: no card). */
export function OrderReportsCard({
  reports,
  deliveries,
}: {
  reports: { id: number; reason: ReportReason; status: ReportStatus; createdAt: Date }[];
  deliveries: { id: number; reportId: number | null; createdAt: Date }[];
}) {
  const { t, when } = useConsole();
  if (reports.length === 0 && deliveries.length === 0) return null;
  return (
    <Card title={t("adminOrders.elsewhere.reports")}>
      <ul className="space-y-1 text-sm">
        {reports.map((r) => (
          <li key={r.id}>
            <Link to={`/admin/reports/${r.id}`} className="text-brand-700 underline">
              {t("adminOrders.reports.report", { id: r.id })}
            </Link>{" "}
            · {t(`admin.reasons.${r.reason}`)} · {r.status} · {when(r.createdAt)}
          </li>
        ))}
        {deliveries.map((d) => (
          <li key={`d${d.id}`} className="text-slate-700">
            {d.reportId
              ? t("adminOrders.reports.redeliveryFor", { id: d.id, at: when(d.createdAt), report: d.reportId })
              : t("adminOrders.reports.redelivery", { id: d.id, at: when(d.createdAt) })}
          </li>
        ))}
      </ul>
    </Card>
  );
}
