import { Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/analytics";
import { AdminError } from "~/components/admin/admin-error";
import { BarChart } from "~/components/admin/analytics/bar-chart";
import { SubmitButton, TextField, SelectField } from "~/components/admin/kit/fields";
import { Card, Notice, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { adminMeta } from "~/components/admin/meta";
import { CHARTS, STAFF_CHARTS, type ChartTable, type Range } from "~/domain/seller/analytics";
import { roleMay, routeAccess } from "~/domain/seller/permissions";
import { chartTables, requestedRange } from "~/server/analytics/report.server";
import { saveTimeZone, timeZoneSchema } from "~/server/analytics/settings.server";
import { done, field, readForm, refusedFields } from "~/server/platform/forms.server";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it): staff see the delivery charts only. */
export const access = routeAccess({ read: "analytics.delivery", write: { time_zone: "analytics.settings" } });

/** The page's words (the console is English; one place to move them to console i18n). */
const TEXT = {
  title: "Analytics",
  intro:
    "Counted on the shop's own server: no script, no cookie, nothing about any visitor kept (page views are counts per day, page, language, country, referring site and device class).",
  range: "Date range",
  from: "From",
  to: "To",
  group: "Group by",
  show: "Show",
  zone: "Days are cut at",
  zoneLabel: "Time zone (IANA name)",
  zoneHint: "E.g. Europe/Paris, America/New_York or UTC. Days in every chart start at midnight there.",
  saveZone: "Save time zone",
  csv: "Download CSV",
  staffNote: "Your role sees the delivery figures; the sales figures are the owner's.",
} as const;

export const meta: Route.MetaFunction = () => adminMeta(TEXT.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const { db } = context.services;
  const now = context.services.now();
  const { range, problem, zone } = await requestedRange(db, new URL(request.url), now);
  const owner = roleMay(seller.role, "analytics.view");
  const ids = owner ? CHARTS : STAFF_CHARTS;
  const charts = await chartTables(db, ids, range, zone, now);
  return { range, problem, zone, charts, owner, canSetZone: roleMay(seller.role, "analytics.settings") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const parsed = timeZoneSchema.safeParse(field(form, "timeZone"));
  if (!parsed.success) return refusedFields({ timeZone: parsed.error.issues[0]?.message ?? "Choose a time zone." });
  await saveTimeZone(context.services.db, parsed.data, context.services.now());
  return done(`Days are now cut at midnight in ${parsed.data} (page views counted from now on follow within seconds).`);
}

const csvHref = (id: string, range: Range) => `/admin/analytics/csv/${id}?${new URLSearchParams({ from: range.from, to: range.to, group: range.group })}`;

function ChartCard({ chart, range }: { chart: ChartTable; range: Range }) {
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
        empty="Nothing in this range."
      />
      <p className="mt-3">
        <a
          href={csvHref(chart.id, range)}
          download
          aria-label={`${TEXT.csv}: ${chart.title}`}
          className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-brand-700 underline"
        >
          {TEXT.csv}
        </a>
      </p>
    </Card>
  );
}

export default function Analytics() {
  const { range, problem, zone, charts, owner, canSetZone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  return (
    <>
      <PageTitle>{TEXT.title}</PageTitle>
      <ReplyNotice reply={reply} />
      {problem && <Notice tone="error">{problem}</Notice>}
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{TEXT.intro}</p>
      {!owner && <Notice tone="info">{TEXT.staffNote}</Notice>}
      <div className="mb-4 grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <Card title={TEXT.range}>
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <TextField label={TEXT.from} name="from" type="date" defaultValue={range.from} required className="min-w-36" />
            <TextField label={TEXT.to} name="to" type="date" defaultValue={range.to} required className="min-w-36" />
            <SelectField
              label={TEXT.group}
              name="group"
              defaultValue={range.group}
              options={[
                { value: "day", label: "Day" },
                { value: "week", label: "Week" },
                { value: "month", label: "Month" },
              ]}
              className="min-w-28"
            />
            <button type="submit" className="min-h-11 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white">
              {TEXT.show}
            </button>
          </Form>
          <p className="mt-2 text-sm text-slate-700">
            {TEXT.zone} midnight in <strong>{zone}</strong>.
          </p>
        </Card>
        {canSetZone && (
          <Card title={TEXT.zone}>
            <Form method="post" className="flex flex-col gap-3">
              <TextField label={TEXT.zoneLabel} name="timeZone" defaultValue={zone} hint={TEXT.zoneHint} error={errors.timeZone} required />
              <SubmitButton intent="time_zone" pendingLabel="Saving…">
                {TEXT.saveZone}
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
