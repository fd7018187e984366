import type { ChartTable } from "~/domain/seller/analytics";
import { useConsole } from "../use-console";

/**
 * A chart drawn on the server as SVG (docs/decisions/051): bars for one or two columns of the
 * chart's table, which stands beside it with the exact numbers. No script: it scales with its box
 * (viewBox), so it reads at 375 px and at 1280 px alike.
 */
const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 44, left: 48 };
const COLOURS = ["#1d4ed8", "#f59e0b"]; // blue and amber: apart for colour-blind eyes too
/** The same colours for the legend's swatches (the console's CSP allows no inline style). */
const SWATCHES = ["bg-blue-700", "bg-amber-500"];

const valueOf = (cell: string | number | undefined): number => {
  const n = typeof cell === "number" ? cell : Number.parseFloat(String(cell ?? "").replace(/[^0-9.-]/g, ""));
  return Number.isFinite(n) ? n : 0;
};

function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
}

export function BarChart({ chart }: { chart: ChartTable }) {
  const series = chart.plot.slice(0, 2);
  const rows = chart.rows.slice(0, 60);
  const max = niceMax(Math.max(0, ...rows.flatMap((row) => series.map((i) => valueOf(row[i])))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = rows.length > 0 ? plotW / rows.length : plotW;
  const barW = Math.max(1, (slot * 0.8) / series.length);
  const labelEvery = Math.max(1, Math.ceil(rows.length / 8));
  const titleId = `chart-${chart.id}-title`;
  const { t } = useConsole();
  const [a, b] = series.map((i) => chart.columns[i]);
  // Its name for screen readers, in the account's language (locales/{lang}/adminAnalytics.json).
  const label =
    b === undefined ? t("adminAnalytics.analytics.imageOne", { title: chart.title, a }) : t("adminAnalytics.analytics.imageTwo", { title: chart.title, a, b });
  return (
    <figure className="mb-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{label}</title>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH * (1 - f)} y2={PAD.top + plotH * (1 - f)} stroke="#cbd5e1" strokeWidth="1" />
            <text x={PAD.left - 6} y={PAD.top + plotH * (1 - f) + 4} textAnchor="end" fontSize="12" fill="#334155">
              {Number((max * f).toFixed(2)).toLocaleString("en-US")}
            </text>
          </g>
        ))}
        {rows.map((row, r) =>
          series.map((col, s) => {
            const h = (valueOf(row[col]) / max) * plotH;
            return (
              <rect key={`${r}-${col}`} x={PAD.left + r * slot + slot * 0.1 + s * barW} y={PAD.top + plotH - h} width={barW} height={h} fill={COLOURS[s]} />
            );
          }),
        )}
        {rows.map((row, r) =>
          r % labelEvery === 0 ? (
            <text key={r} x={PAD.left + r * slot + slot / 2} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" fontSize="11" fill="#334155">
              {String(row[0]).slice(0, 14)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-slate-700">
        {series.map((col, s) => (
          <span key={col} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${SWATCHES[s]}`} />
            {chart.columns[col]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
