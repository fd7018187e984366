import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleTranslations } from "~/i18n/console.server";
import { Card, Facts, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { loadDashboard } from "~/server/analytics/dashboard.server";
import { shopBackupStatus } from "~/server/backup/shop.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "console" });

// The page's words: locales/{lang}/adminOrders.json, `dashboard` (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminOrders.dashboard.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const db = context.services.db;
  const now = context.services.now();
  const [dashboard, backup] = await Promise.all([loadDashboard(db, now), shopBackupStatus(db, context.services.env, now)]);
  return { ...dashboard, backup, translations: consoleTranslations(seller.lang, ["adminOrders"]) };
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
  const { t, usd, when, ago } = useConsole();
  const stalePending = outbox.oldestPendingAt !== null && new Date(now).getTime() - new Date(outbox.oldestPendingAt).getTime() > OUTBOX_STALE_MS;
  const periods = [
    [t("adminOrders.dashboard.today"), sales.day],
    [t("adminOrders.dashboard.week"), sales.week],
    [t("adminOrders.dashboard.month"), sales.month],
  ] as const;
  const agoAt = (date: Date | string) => t("adminOrders.dashboard.agoAt", { ago: ago(date, now), at: when(date) });
  return (
    <>
      <PageTitle>{t("adminOrders.dashboard.title")}</PageTitle>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Card title={t("adminOrders.dashboard.waiting")}>
          <dl className="mb-3 grid grid-cols-2 gap-4">
            <Figure label={t("adminOrders.dashboard.over12h")} value={waiting.over12h} tone={waiting.over12h > 0 ? "warn" : "plain"} />
            <Figure label={t("adminOrders.dashboard.over24h")} value={waiting.over24h} tone={waiting.over24h > 0 ? "alert" : "plain"} />
          </dl>
          <p className="mb-2 text-sm text-slate-700">{t("adminOrders.dashboard.promise")}</p>
          {waiting.oldest.length > 0 && (
            <ul className="divide-y divide-slate-100 text-sm" aria-label={t("adminOrders.dashboard.longestWaiting")}>
              {waiting.oldest.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                  <Link to={`/admin/orders/${encodeURIComponent(o.id)}`} className="font-mono font-semibold text-brand-700 underline">
                    {o.id}
                  </Link>
                  <span className="text-slate-700">
                    {t(o.status === "in_progress" ? "adminOrders.dashboard.inProgressAgo" : "adminOrders.dashboard.paidAgo", { ago: ago(o.paidAt, now) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm">
            <Link to="/admin/orders?status=paid" className="font-semibold text-brand-700 underline">
              {t("adminOrders.dashboard.paidQueue")}
            </Link>
          </p>
        </Card>

        <Card title={t("adminOrders.dashboard.sales")}>
          <Table
            rowHeads
            caption={t("adminOrders.dashboard.salesCaption")}
            columns={[
              { label: t("adminOrders.dashboard.period"), srOnly: true },
              { label: t("adminOrders.dashboard.paidOrders"), className: "text-right tabular-nums" },
              { label: t("adminOrders.dashboard.revenue"), className: "text-right tabular-nums" },
            ]}
            rows={periods.map(([label, s]) => [
              <span className="font-semibold text-slate-800">{label}</span>,
              <span className="text-lg font-bold">{s.paidOrders}</span>,
              <span className="text-lg font-bold">{usd(s.revenueCents)}</span>,
            ])}
          />
          <p className="mt-2 text-xs text-slate-600">
            {sales.month.refundedCents > 0
              ? t("adminOrders.dashboard.salesNoteRefunds", { refunded: usd(sales.month.refundedCents) })
              : t("adminOrders.dashboard.salesNote")}
          </p>
        </Card>

        <Card title={t("adminOrders.dashboard.payments")}>
          {lastWebhook ? (
            <Facts
              rows={[
                [t("adminOrders.dashboard.lastWebhook"), agoAt(lastWebhook.receivedAt)],
                [t("adminOrders.dashboard.event"), lastWebhook.type],
                [t("adminOrders.dashboard.handled"), lastWebhook.processedAt ? t("adminOrders.dashboard.yes") : t("adminOrders.dashboard.notYet")],
              ]}
            />
          ) : (
            <p className="text-sm text-slate-700">{t("adminOrders.dashboard.noWebhook")}</p>
          )}
        </Card>

        <Card title={t("adminOrders.dashboard.outbox")}>
          <dl className="mb-3 grid grid-cols-2 gap-4">
            <Figure label={t("adminOrders.dashboard.pending")} value={outbox.pending} tone={stalePending ? "warn" : "plain"} />
            <Figure label={t("adminOrders.dashboard.failed")} value={outbox.failed} tone={outbox.failed > 0 ? "alert" : "plain"} />
          </dl>
          <Facts
            rows={[
              [
                t("adminOrders.dashboard.oldestWaiting"),
                outbox.oldestPendingAt
                  ? `${ago(outbox.oldestPendingAt, now)}${stalePending ? t("adminOrders.dashboard.checkMail") : ""}`
                  : t("adminOrders.dashboard.none"),
              ],
              [t("adminOrders.dashboard.lastSent"), outbox.lastSentAt ? agoAt(outbox.lastSentAt) : t("adminOrders.dashboard.nothingSent")],
            ]}
          />
        </Card>

        <Card title={t("adminOrders.dashboard.backups")}>
          {backup.last ? (
            <Facts
              rows={[
                [t("adminOrders.dashboard.lastBackup"), agoAt(backup.last.finishedAt)],
                [t("adminOrders.dashboard.size"), backup.last.sizeBytes === null ? "—" : bytes(backup.last.sizeBytes)],
                [
                  t("adminOrders.dashboard.madeBy"),
                  backup.last.trigger === "schedule" ? t("adminOrders.dashboard.bySchedule") : t("adminOrders.dashboard.byCommand"),
                ],
                [t("adminOrders.dashboard.encrypted"), backup.last.encrypted ? t("adminOrders.dashboard.yes") : t("adminOrders.dashboard.no")],
              ]}
            />
          ) : (
            <p className="text-sm text-slate-700">{t("adminOrders.dashboard.noBackup")}</p>
          )}
          {backup.stale && backup.last && (
            <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
              {t(backup.intervalMs === null ? "adminOrders.dashboard.staleDay" : "adminOrders.dashboard.staleInterval")}
            </p>
          )}
          {backup.lastFailure && (
            <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
              {t("adminOrders.dashboard.lastFailed", {
                ago: ago(backup.lastFailure.finishedAt, now),
                error: backup.lastFailure.error ?? t("adminOrders.dashboard.seeLog"),
              })}
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
