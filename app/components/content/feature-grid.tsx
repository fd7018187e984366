import type { IconComponent } from "~/components/ui/icon";

export interface Feature {
  icon: IconComponent;
  title: string;
  text: string;
}

/** Icon cards with a short title (h3) and text. */
export function FeatureGrid({ items, columns = 2 }: { items: Feature[]; columns?: 2 | 3 | 4 }) {
  const grid = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`mt-6 grid gap-4 ${grid}`}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h3 className="font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
