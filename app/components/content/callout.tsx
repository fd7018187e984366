import { Info, TriangleAlert } from "~/components/ui/icon";

interface CalloutProps {
  tone?: "info" | "warning";
  title: string;
  children: React.ReactNode;
  className?: string;
}

/** A highlighted note (not a live alert: the text is there from the first paint). */
export function Callout({ tone = "info", title, children, className = "" }: CalloutProps) {
  const Icon = tone === "warning" ? TriangleAlert : Info;
  const colours = tone === "warning" ? "border-amber-300 bg-amber-50 text-amber-950" : "border-brand-100 bg-brand-50 text-brand-900";
  return (
    <div role="note" className={`flex gap-3 rounded-2xl border p-4 sm:p-5 ${colours} ${className}`}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{title}</p>
        <div className="mt-1 text-sm leading-relaxed">{children}</div>
      </div>
    </div>
  );
}
