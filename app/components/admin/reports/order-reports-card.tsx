import { Link } from "react-router";
import type { ReportReason, ReportStatus } from "~/domain/problem-reports";
import { utc } from "../kit/format";
import { Card } from "../kit/page";
import { REASON_LABELS } from "~/domain/problem-reports";

/** On the order page: the buyer's problem reports and the re-deliveries made for them (none: no card). */
export function OrderReportsCard({
  reports,
  deliveries,
}: {
  reports: { id: number; reason: ReportReason; status: ReportStatus; createdAt: Date }[];
  deliveries: { id: number; reportId: number | null; createdAt: Date }[];
}) {
  if (reports.length === 0 && deliveries.length === 0) return null;
  return (
    <Card title="Problem reports">
      <ul className="space-y-1 text-sm">
        {reports.map((r) => (
          <li key={r.id}>
            <Link to={`/admin/reports/${r.id}`} className="text-brand-700 underline">
              Report {r.id}
            </Link>{" "}
            · {REASON_LABELS[r.reason]} · {r.status} · {utc(r.createdAt)}
          </li>
        ))}
        {deliveries.map((d) => (
          <li key={`d${d.id}`} className="text-slate-700">
            Re-delivery {d.id} · {utc(d.createdAt)}
            {d.reportId ? ` (report ${d.reportId})` : ""}
          </li>
        ))}
      </ul>
    </Card>
  );
}
