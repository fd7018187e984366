import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { ago, usd, utc } from "~/components/admin/kit/format";
import { Card, Facts, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { loadDashboard } from "~/server/analytics/dashboard.server";
import { shopBackupStatus } from "~/server/backup/shop.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "console" });

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const db = context.services.db;
  const now = context.services.now();
  const [dashboard, backup] = await Promise.all([loadDashboard(db, now), shopBackupStatus(db, context.services.env, now)]);
  return { ...dashboard, backup };
}

function bytes(size: number): string {
  return size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;
}

/** Mail still pending after this long means the sending job is stuck or the mail server refuses. */
const OUTBOX_STALE_MS = 15 * 60_000;

function Figure({ label, value, tone = "plain" }: { label: string; value: React.ReactNode; tone?: "plain" | "warn" | "alert" }) {
  const tones = { plain: "text-slate-900", warn: "text-amber-800", alert: "text-red-700" };
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className={`text-2xl font-bold tabular-nums ${tones[tone]}`}>{value}</dd>
    </div>
  );
}

export default function Dashboard() {
  const { now, sales, waiting, lastWebhook, outbox, backup } = useLoaderData<typeof loader>();
  const stalePending = outbox.oldestPendingAt !== null && new Date(now).getTime() - new Date(outbox.oldestPendingAt).getTime() > OUTBOX_STALE_MS;
  const periods = [
    ["Today", sales.day],
    ["This week", sales.week],
    ["This month", sales.month],
  ] as const;
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Card title="Waiting for delivery">
          <dl className="mb-3 grid grid-cols-2 gap-4">
            <Figure label="Paid over 12 h ago" value={waiting.over12h} tone={waiting.over12h > 0 ? "warn" : "plain"} />
            <Figure label="Paid over 24 h ago" value={waiting.over24h} tone={waiting.over24h > 0 ? "alert" : "plain"} />
          </dl>
          <p className="mb-2 text-sm text-slate-700">Buyers are promised delivery within 12–24 hours of payment (paid or in progress, not yet delivered).</p>
          {waiting.oldest.length > 0 && (
            <ul className="divide-y divide-slate-100 text-sm" aria-label="Longest waiting orders">
              {waiting.oldest.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                  <Link to={`/admin/orders/${encodeURIComponent(o.id)}`} className="font-mono font-semibold text-brand-700 underline">
                    {o.id}
                  </Link>
                  <span className="text-slate-700">
                    {o.status === "in_progress" ? "in progress" : "paid"} {ago(o.paidAt, now)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm">
            <Link to="/admin/orders?status=paid" className="font-semibold text-brand-700 underline">
              Paid orders queue
            </Link>
          </p>
        </Card>

        <Card title="Sales">
          <Table
            rowHeads
            caption="Paid orders and revenue, UTC periods"
            columns={[
              { label: "Period", srOnly: true },
              { label: "Paid orders", className: "text-right tabular-nums" },
              { label: "Revenue", className: "text-right tabular-nums" },
            ]}
            rows={periods.map(([label, s]) => [
              <span className="font-semibold text-slate-800">{label}</span>,
              <span className="text-lg font-bold">{s.paidOrders}</span>,
              <span className="text-lg font-bold">{usd(s.revenueCents)}</span>,
            ])}
          />
          <p className="mt-2 text-xs text-slate-600">
            Orders paid in the period (UTC; weeks start on Monday), in US dollars, less refunds made on them
            {sales.month.refundedCents > 0 ? ` (${usd(sales.month.refundedCents)} refunded this month)` : ""}.
          </p>
        </Card>

        <Card title="Payments">
          {lastWebhook ? (
            <Facts
              rows={[
                ["Last PayPal webhook", `${ago(lastWebhook.receivedAt, now)} (${utc(lastWebhook.receivedAt)})`],
                ["Event", lastWebhook.type],
                ["Handled", lastWebhook.processedAt ? "Yes" : "Not yet"],
              ]}
            />
          ) : (
            <p className="text-sm text-slate-700">No PayPal webhook has been received yet. Payments still settle through the capture and the sweep job.</p>
          )}
        </Card>

        <Card title="Email outbox">
          <dl className="mb-3 grid grid-cols-2 gap-4">
            <Figure label="Waiting to be sent" value={outbox.pending} tone={stalePending ? "warn" : "plain"} />
            <Figure label="Failed" value={outbox.failed} tone={outbox.failed > 0 ? "alert" : "plain"} />
          </dl>
          <Facts
            rows={[
              [
                "Oldest waiting",
                outbox.oldestPendingAt ? `${ago(outbox.oldestPendingAt, now)}${stalePending ? " — check the mail settings and the log" : ""}` : "None",
              ],
              ["Last sent", outbox.lastSentAt ? `${ago(outbox.lastSentAt, now)} (${utc(outbox.lastSentAt)})` : "Nothing sent yet"],
            ]}
          />
        </Card>

        <Card title="Backups">
          {backup.last ? (
            <Facts
              rows={[
                ["Last backup", `${ago(backup.last.finishedAt, now)} (${utc(backup.last.finishedAt)})`],
                ["Size", backup.last.sizeBytes === null ? "—" : bytes(backup.last.sizeBytes)],
                ["Made by", backup.last.trigger === "schedule" ? "the schedule" : "a command"],
                ["Encrypted", backup.last.encrypted ? "Yes" : "No"],
              ]}
            />
          ) : (
            <p className="text-sm text-slate-700">No backup has been made yet. Run npm run backup, or set BACKUP_INTERVAL_HOURS to schedule them.</p>
          )}
          {backup.stale && backup.last && (
            <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
              The last backup is older than {backup.intervalMs === null ? "a day" : "twice the backup interval"}: check the log and the backup folder.
            </p>
          )}
          {backup.lastFailure && (
            <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
              The last attempt failed {ago(backup.lastFailure.finishedAt, now)}: {backup.lastFailure.error ?? "see the log"}
            </p>
          )}
        </Card>
      </div>
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
