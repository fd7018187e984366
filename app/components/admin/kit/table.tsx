import { twMerge } from "tailwind-merge";

/**
 * A column: its head's text, or that with `className` for its head and cells alike (`text-right`,
 * `tabular-nums`) and `srOnly` for a head only screen readers hear (an actions column).
 */
export type Column = string | { label: string; className?: string; srOnly?: boolean };

const columnOf = (column: Column) => (typeof column === "string" ? { label: column } : column);

/**
 * The console's one table: a caption screen readers hear, a head of `<th scope="col">`, one row of
 * cells per entry of `rows` (the first a `<th scope="row">` with `rowHeads`), and a scroll region a
 * keyboard can focus, so a table wider than its card can still be read. Below the md breakpoint each
 * row is a stacked card whose cells carry their column's name (`.table-stack` in app.css, CSS only:
 * docs/decisions/054); the explicit roles keep it a table for screen readers once its parts are blocks. `dense` is the tight look of
 * the record tables inside a card (order detail, keys), rows aligned at the top; the default is the
 * roomier list look with a rule under the head, rows centred (`align="top"` for rows of several
 * lines). With `empty`, a table without rows shows that sentence instead.
 */
export function Table({
  caption,
  columns,
  rows,
  keys,
  rowHeads = false,
  dense = false,
  align = dense ? "top" : "middle",
  empty,
  tableClassName,
}: {
  caption: string;
  columns: readonly Column[];
  rows: readonly (readonly React.ReactNode[])[];
  /** One stable key per row (ids), for rows holding forms; their index otherwise. */
  keys?: readonly (string | number)[];
  rowHeads?: boolean;
  dense?: boolean;
  align?: "top" | "middle";
  empty?: React.ReactNode;
  /** On the <table> (a minimum width that makes it scroll on phones). */
  tableClassName?: string;
}) {
  if (empty !== undefined && rows.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  const pad = dense ? "py-1 pr-3" : "py-2 pr-3";
  const cols = columns.map(columnOf);
  return (
    // Focusable so a keyboard can scroll a table wider than a phone; `relative` keeps its sr-only text inside it.
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={`${caption} (scrolls sideways)`}>
      <table role="table" className={twMerge("table-stack w-full text-left text-sm", tableClassName)}>
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className={twMerge("text-xs uppercase tracking-wide text-slate-600", !dense && "border-b border-slate-200")}>
          <tr role="row">
            {cols.map(({ label, className, srOnly }) => (
              <th key={label} scope="col" role="columnheader" className={twMerge(pad, "last:pr-0", className)}>
                {srOnly ? <span className="sr-only">{label}</span> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-100">
          {rows.map((cells, i) => (
            <tr key={keys?.[i] ?? i} role="row" className={align === "top" ? "align-top" : "align-middle"}>
              {cells.map((cell, j) => {
                const className = twMerge(pad, "break-words last:pr-0", cols[j]?.className);
                // The column's name, shown above the cell when the row is a card (none for an unnamed actions column).
                const label = cols[j] && !cols[j].srOnly ? cols[j].label : undefined;
                return j === 0 && rowHeads ? (
                  <th key={j} scope="row" role="rowheader" data-label={label} className={twMerge(className, "font-normal")}>
                    {cell}
                  </th>
                ) : (
                  <td key={j} role="cell" data-label={label} className={className}>
                    {cell}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
