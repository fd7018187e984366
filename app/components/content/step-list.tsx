export interface Step {
  title: string;
  text: string;
}

/** Numbered how-it-works steps: one column on phones, up to `columns` side by side on wide screens. */
export function StepList({ steps, columns = 4 }: { steps: Step[]; columns?: 3 | 4 }) {
  const grid = columns === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3";
  return (
    <ol className={`mt-6 grid gap-4 ${grid}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <span className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white" aria-hidden="true">
            {index + 1}
          </span>
          <h3 className="mt-3 font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
