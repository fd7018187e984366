import { Trans } from "react-i18next";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/analytics";
import { AdminError } from "~/components/admin/admin-error";
import { BarChart } from "~/components/admin/analytics/bar-chart";
import { SubmitButton, TextField, SelectField } from "~/components/admin/kit/fields";
import { Card, Notice, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { CHARTS, MAX_RANGE_DAYS, STAFF_CHARTS, type ChartTable, type Range } from "~/domain/seller/analytics";
import { roleMay, routeAccess } from "~/domain/seller/permissions";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { chartTables, requestedRange } from "~/server/analytics/report.server";
import { saveTimeZone, timeZoneSchema } from "~/server/analytics/settings.server";
import { done, field, readForm, refusedFields } from "~/server/platform/forms.server";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it): staff see the delivery charts only. */
export const access = routeAccess({ read: "analytics.delivery", write: { time_zone: "analytics.settings" } });

// The page's words: locales/{lang}/adminAnalytics.json (docs/decisions/055); the charts' own come
// from the server's chart definitions in the account's language, while the CSV stays English.
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminAnalytics.analytics.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const { db } = context.services;
  const now = context.services.now();
  const { range, problem, zone } = await requestedRange(db, new URL(request.url), now);
  const owner = roleMay(seller.role, "analytics.view");
  const ids = owner ? CHARTS : STAFF_CHARTS;
  const charts = await chartTables(db, ids, range, zone, now, { lang: seller.lang, timeZone: seller.timeZone });
  const t = consoleT(seller.lang);
  return {
    range,
    problem: problem && t(`adminAnalytics.problems.${problem}`, { max: MAX_RANGE_DAYS }),
    zone,
    charts,
    owner,
    canSetZone: roleMay(seller.role, "analytics.settings"),
    translations: consoleTranslations(seller.lang, ["adminAnalytics"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const t = consoleT(seller.lang);
  // The schema's one refusal is an unknown zone: its words here in the account's language.
  const parsed = timeZoneSchema.safeParse(field(form, "timeZone"));
  if (!parsed.success) return refusedFields({ timeZone: t("adminAnalytics.analytics.zoneInvalid") }, 422, t("admin.form.fixFields"));
  await saveTimeZone(context.services.db, parsed.data, context.services.now());
  return done(t("adminAnalytics.analytics.zoneSaved", { zone: parsed.data }));
}

const csvHref = (id: string, range: Range) => `/admin/analytics/csv/${id}?${new URLSearchParams({ from: range.from, to: range.to, group: range.group })}`;

function ChartCard({ chart, range }: { chart: ChartTable; range: Range }) {
  const { t } = useConsole();
  const slowest = chart.id === "slowest";
  return (
    <Card title={chart.title}>
      <p className="mb-3 text-sm text-slate-700">{chart.counts}</p>
      {!slowest && chart.rows.length > 0 && <BarChart chart={chart} />}
      <Table
        caption={chart.title}
        columns={chart.columns.map((label, i) => (i === 0 ? label : { label, className: "text-right tabular-nums" }))}
        rows={chart.rows.map((row) =>
          row.map((cell, i) =>
            slowest && i === 0 ? (
              <Link key={i} to={`/admin/orders/${encodeURIComponent(String(cell))}`} className="font-mono text-brand-700 underline">
                {cell}
              </Link>
            ) : (
              cell
            ),
          ),
        )}
        rowHeads
        dense
        empty={t("adminAnalytics.analytics.empty")}
      />
      <p className="mt-3">
        <a
          href={csvHref(chart.id, range)}
          download
          aria-label={t("adminAnalytics.analytics.csvOf", { title: chart.title })}
          className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-brand-700 underline"
        >
          {t("adminAnalytics.analytics.csv")}
        </a>
      </p>
    </Card>
  );
}

export default function Analytics() {
  const { range, problem, zone, charts, owner, canSetZone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  const { t } = useConsole();
  return (
    <>
      <PageTitle>{t("adminAnalytics.analytics.title")}</PageTitle>
      <ReplyNotice reply={reply} />
      {problem && <Notice tone="error">{problem}</Notice>}
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("adminAnalytics.analytics.intro")}</p>
      {!owner && <Notice tone="info">{t("adminAnalytics.analytics.staffNote")}</Notice>}
      <div className="mb-4 grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <Card title={t("adminAnalytics.analytics.range")}>
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <TextField label={t("adminAnalytics.analytics.from")} name="from" type="date" defaultValue={range.from} required className="min-w-36" />
            <TextField label={t("adminAnalytics.analytics.to")} name="to" type="date" defaultValue={range.to} required className="min-w-36" />
            <SelectField
              label={t("adminAnalytics.analytics.group")}
              name="group"
              defaultValue={range.group}
              options={[
                { value: "day", label: t("adminAnalytics.analytics.groups.day") },
                { value: "week", label: t("adminAnalytics.analytics.groups.week") },
                { value: "month", label: t("adminAnalytics.analytics.groups.month") },
              ]}
              className="min-w-28"
            />
            <button type="submit" className="min-h-11 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white">
              {t("adminAnalytics.analytics.show")}
            </button>
          </Form>
          <p className="mt-2 text-sm text-slate-700">
            <Trans i18nKey="adminAnalytics.analytics.zoneCut" values={{ zone }} components={{ strong: <strong /> }} />
          </p>
        </Card>
        {canSetZone && (
          <Card title={t("adminAnalytics.analytics.zone")}>
            <Form method="post" className="flex flex-col gap-3">
              <TextField
                label={t("adminAnalytics.analytics.zoneLabel")}
                name="timeZone"
                defaultValue={zone}
                hint={t("adminAnalytics.analytics.zoneHint")}
                error={errors.timeZone}
                required
              />
              <SubmitButton intent="time_zone" pendingLabel={t("adminAnalytics.analytics.saving")}>
                {t("adminAnalytics.analytics.saveZone")}
              </SubmitButton>
            </Form>
          </Card>
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        {charts.map((chart) => (
          <ChartCard key={chart.id} chart={chart} range={range} />
        ))}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
