import { Children, useId } from "react";
import { twMerge } from "tailwind-merge";

/**
 * Small building blocks of the seller console (English only, outside the storefront's i18n).
 * The shop's Button/Field are reused where they fit; these cover the console's dense layouts.
 */
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-600";

export function PageTitle({ children, actions }: { children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{children}</h1>
      {actions}
    </div>
  );
}

/** A titled panel; its heading names it, so it is a landmark region screen readers can jump to. */
export function Card({ title, children, className }: { title?: React.ReactNode; children: React.ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={title ? id : undefined} className={twMerge("rounded-lg border border-slate-200 bg-white p-4 shadow-sm", className)}>
      {title && (
        <h2 id={id} className="mb-3 text-base font-semibold text-slate-900">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}

/** A message from the last action: role=alert for errors so screen readers hear it at once. */
export function Notice({ tone, children }: { tone: "error" | "success" | "info"; children: React.ReactNode }) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-900",
    success: "border-emerald-300 bg-emerald-50 text-emerald-900",
    info: "border-slate-300 bg-slate-50 text-slate-800",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={twMerge("mb-4 rounded-md border px-3 py-2 text-sm", styles[tone])}>
      {children}
    </div>
  );
}

/** Label / value rows (order fields, totals). */
export function Facts({ rows }: { rows: [label: string, value: React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A column's head: its text, or that with classes for the head cell (`text-right`) and `srOnly` for a head only screen readers hear (an actions column). */
export type Column = string | { label: string; className?: string; srOnly?: boolean };

/**
 * The console's table: a caption screen readers hear, a head of `<th scope="col">`, and a scroll
 * region a keyboard can focus, so a table wider than a phone can still be read. The body is either
 * `rows` (one cell per column) or the page's own `<tr>`s as children, for rows with row heads,
 * links or forms. `dense` is the tight look of the tables inside a card (order detail, keys, sales);
 * the default is the roomier list look with a rule under the head. With `empty`, a table without
 * rows shows that sentence instead.
 */
export function Table({
  caption,
  columns,
  rows,
  children,
  dense = false,
  empty,
  className,
  tableClassName,
  headClassName,
  headCellClassName,
}: {
  caption: string;
  columns: readonly Column[];
  rows?: readonly React.ReactNode[][];
  children?: React.ReactNode;
  dense?: boolean;
  empty?: React.ReactNode;
  /** On the scroll region (a frame, or hiding it on phones). */
  className?: string;
  /** On the <table> (a minimum width). */
  tableClassName?: string;
  headClassName?: string;
  headCellClassName?: string;
}) {
  if (empty !== undefined && (rows ? rows.length : Children.count(children)) === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  const pad = dense ? "py-1 pr-3" : "py-2 pr-3";
  return (
    // Focusable so a keyboard can scroll a table wider than a phone; `relative` keeps its sr-only text inside it.
    <div className={twMerge("relative overflow-x-auto", className)} tabIndex={0} role="region" aria-label={`${caption} (scrolls sideways)`}>
      <table className={twMerge("w-full text-left text-sm", tableClassName)}>
        <caption className="sr-only">{caption}</caption>
        <thead className={twMerge("text-xs uppercase tracking-wide text-slate-600", !dense && "border-b border-slate-200", headClassName)}>
          <tr>
            {columns.map((column) => {
              const { label, className: own, srOnly } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={label} scope="col" className={twMerge(pad, "last:pr-0", headCellClassName, own)}>
                  {srOnly ? <span className="sr-only">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows
            ? rows.map((cells, i) => (
                <tr key={i} className="align-top">
                  {cells.map((cell, j) => (
                    <td key={j} className={twMerge(pad, "break-words")}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))
            : children}
        </tbody>
      </table>
    </div>
  );
}
