import { useId } from "react";
import { twMerge } from "tailwind-merge";

/**
 * The console page's parts (English only, outside the storefront's i18n): the title row, cards,
 * label/value facts and notices.
 */
export function PageTitle({ children, actions }: { children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{children}</h1>
      {/* A title's links are targets of their own, 44 px tall for a thumb (docs/decisions/054). */}
      {actions && <div className="flex flex-wrap gap-2 [&_a]:inline-flex [&_a]:min-h-11 [&_a]:items-center">{actions}</div>}
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

const TONES = {
  error: "border-red-300 bg-red-50 text-red-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  info: "border-slate-300 bg-slate-50 text-slate-800",
};

/** A message at the top of a page: role=alert for errors so screen readers hear it at once. */
export function Notice({ tone, children }: { tone: keyof typeof TONES; children: React.ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={twMerge("mb-4 rounded-md border px-3 py-2 text-sm", TONES[tone])}>
      {children}
    </div>
  );
}

/** Label / value rows (order fields, totals). */
export function Facts({ rows }: { rows: [label: string, value: React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
