import { ChevronDown } from "~/components/ui/icon";

interface FaqItemProps {
  number?: number;
  question: string;
  children: React.ReactNode;
  defaultOpen?: boolean;
}

/** One question of a FAQ: a native disclosure, keyboard and screen-reader friendly without JavaScript. */
export function FaqItem({ number, question, children, defaultOpen = false }: FaqItemProps) {
  return (
    <details className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:border-brand-100" open={defaultOpen}>
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl p-4 font-semibold text-slate-900 hover:bg-slate-50 sm:p-5 [&::-webkit-details-marker]:hidden">
        {number !== undefined ? (
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700">{number}</span>
        ) : null}
        <span className="flex-1">{question}</span>
        <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="px-4 pb-5 leading-relaxed text-slate-700 sm:px-5 sm:pl-16">{children}</div>
    </details>
  );
}
