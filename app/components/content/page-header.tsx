import type { IconComponent } from "~/components/ui/icon";

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  eyebrow?: string;
  icon?: IconComponent;
  children?: React.ReactNode;
}

/** The page's single h1, with an optional eyebrow pill and lead paragraph. */
export function PageHeader({ title, subtitle, eyebrow, icon: Icon, children }: PageHeaderProps) {
  return (
    <header className="max-w-3xl">
      {eyebrow ? (
        <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
          {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
          {eyebrow}
        </p>
      ) : null}
      <h1 className="mt-3 text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {subtitle ? <p className="mt-3 text-lg leading-relaxed text-slate-600">{subtitle}</p> : null}
      {children}
    </header>
  );
}

/** Width and padding shared by every content page. */
export function ContentPage({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <div className={`mx-auto max-w-5xl px-4 py-10 sm:py-14 ${className}`}>{children}</div>;
}

interface ContentSectionProps {
  id: string;
  title: string;
  intro?: string;
  children?: React.ReactNode;
  className?: string;
}

/** A titled page section (h2), labelled by its heading for landmark navigation. */
export function ContentSection({ id, title, intro, children, className = "" }: ContentSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`mt-12 scroll-mt-24 ${className}`}>
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-2 max-w-3xl text-slate-600">{intro}</p> : null}
      {children}
    </section>
  );
}
