/**
 * The console's analytics (issue 31), pure: the date range and grouping a GET form asks for, days
 * grouped into ISO weeks or months, and the one shape every chart has — a table of numbers that the
 * page shows beside its SVG and the CSV download writes row for row.
 */
import { z } from "../zod";

export const GROUPS = ["day", "week", "month"] as const;
export type Group = (typeof GROUPS)[number];

/** The charts, in page order. Staff see the delivery chart only (docs/decisions/051). */
export const CHARTS = ["sales", "products", "languages", "countries", "currencies", "channels", "coupons", "refunds", "delivery", "slowest"] as const;
export type ChartId = (typeof CHARTS)[number];
export const STAFF_CHARTS: readonly ChartId[] = ["delivery", "slowest"];

export const isChartId = (value: string): value is ChartId => (CHARTS as readonly string[]).includes(value);

/** A chart's numbers: column heads and rows of cells (text or numbers); the page writes its words in the account's language, the CSV in English. */
export interface ChartTable {
  id: ChartId;
  title: string;
  /** What the figures count, in a sentence (shown under the title). */
  counts: string;
  columns: string[];
  rows: (string | number)[][];
  /** The columns drawn as bars (by index), at most two: the second is drawn beside the first. */
  plot: number[];
}

export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

export interface Range {
  from: string;
  to: string;
  group: Group;
}

const isoDay = z.iso.date();

export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Why a requested range was not used, by code (the console words it in the account's language). */
export type RangeProblem = "dates" | "group" | "reversed" | "tooLong";

/** The English of each problem: the console's words (locales/en/adminAnalytics.json) and the CSV route's 400. */
export const RANGE_PROBLEMS: Record<RangeProblem, string> = {
  dates: "Give both dates as YYYY-MM-DD.",
  group: "Group by day, week or month.",
  reversed: "The range ends before it starts.",
  tooLong: `Choose at most ${MAX_RANGE_DAYS} days.`,
};

/**
 * The range asked for (`from`, `to`: YYYY-MM-DD, both included; `group`), or the last 30 days to
 * `today` grouped by day. A wrong value falls back with a problem rather than failing the page.
 */
export function parseRange(params: URLSearchParams, today: string): { range: Range; problem: RangeProblem | null } {
  const fallback: Range = { from: addDays(today, -29), to: today, group: "day" };
  const from = params.get("from");
  const to = params.get("to");
  const groupParam = params.get("group") ?? "day";
  const group = (GROUPS as readonly string[]).includes(groupParam) ? (groupParam as Group) : null;
  if (from === null && to === null && params.get("group") === null) return { range: fallback, problem: null };
  if (!isoDay.safeParse(from).success || !isoDay.safeParse(to).success) return { range: fallback, problem: "dates" };
  if (!group) return { range: fallback, problem: "group" };
  const span = daysBetween(from!, to!);
  if (span < 0) return { range: fallback, problem: "reversed" };
  if (span >= MAX_RANGE_DAYS) return { range: fallback, problem: "tooLong" };
  return { range: { from: from!, to: to!, group }, problem: null };
}

/** The range just before `range`, as long (the "previous period" beside the sales). */
export function previousRange(range: Range): Range {
  const length = daysBetween(range.from, range.to) + 1;
  return { ...range, from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** The bucket a day falls in: itself, its ISO week's Monday, or its month's first day. */
export function bucketOf(day: string, group: Group): string {
  if (group === "day") return day;
  if (group === "month") return `${day.slice(0, 8)}01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every bucket of a range, in order (empty ones included, so a chart shows the quiet days too). */
export function bucketsOf(range: Range): string[] {
  const out: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const bucket = bucketOf(day, range.group);
    if (out.at(-1) !== bucket) out.push(bucket);
  }
  return out;
}

/** A share as a percentage with one decimal, or "—" when there is nothing to divide by. */
export const percent = (part: number, whole: number): string => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : "—");
