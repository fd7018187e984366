import { CalendarDays } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/state/lang";
import { ContentPage, PageHeader } from "./page-header";
import { SupportTicket } from "./support-ticket";
import { formatLongDate } from "./text";

export type PolicyName = "privacy" | "returns" | "terms";

interface PolicySection {
  title: string;
  /** Paragraphs before the list. */
  body: string[];
  items: string[];
  /** Paragraphs after the list. */
  after: string[];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The sections of a policy, in the order of the locale file (`policies.<name>.sections`). */
function usePolicySections(name: PolicyName, vars: Record<string, string | number>): [string, PolicySection][] {
  const { t } = useTranslation();
  const tree: unknown = t(`policies.${name}.sections`, { ...vars, returnObjects: true });
  if (typeof tree !== "object" || tree === null || Array.isArray(tree)) return [];
  return Object.entries(tree as Record<string, Record<string, unknown>>).map(([id, section]) => [
    id,
    {
      title: typeof section.title === "string" ? section.title : "",
      body: strings(section.body),
      items: strings(section.items),
      after: strings(section.after),
    },
  ]);
}

interface PolicyPageProps {
  name: PolicyName;
  /** "YYYY-MM-DD" from the route's loader. */
  updated: string;
  /** Extra content (links) shown at the end of a section, by section id. */
  extras?: Partial<Record<string, React.ReactNode>>;
  /** Values the texts name (the privacy policy's retention periods, from the server's settings). */
  vars?: Record<string, string | number>;
}

/** Layout of the three policy pages: title, last-updated line, contents, sections, support ticket. */
export function PolicyPage({ name, updated, extras = {}, vars = {} }: PolicyPageProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const sections = usePolicySections(name, vars);
  return (
    <ContentPage>
      <PageHeader title={t(`policies.${name}.title`)} subtitle={t(`policies.${name}.intro`)}>
        <p className="mt-4 inline-flex items-center gap-2 text-sm text-slate-600">
          <CalendarDays className="size-4" aria-hidden="true" />
          <span>
            {t("policies.lastUpdated")} <time dateTime={updated}>{formatLongDate(updated, lang)}</time>
          </span>
        </p>
      </PageHeader>

      <div className="mt-10 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <nav
          aria-labelledby="policy-toc-heading"
          className="mb-10 rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-6 lg:mb-0 lg:self-start"
        >
          <h2 id="policy-toc-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t("policies.onThisPage")}
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map(([id, section]) => (
              <li key={id}>
                <a href={`#${id}`} className="text-slate-700 underline-offset-2 hover:text-brand-700 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 max-w-3xl">
          {sections.map(([id, section]) => (
            <section key={id} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 border-b border-slate-200 py-7 first:pt-0 last:border-b-0">
              <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
                {section.title}
              </h2>
              {section.body.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                  {paragraph}
                </p>
              ))}
              {section.items.length > 0 ? (
                <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed text-slate-700 marker:text-brand-600">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {section.after.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                  {paragraph}
                </p>
              ))}
              {extras[id] ? <div className="mt-4">{extras[id]}</div> : null}
            </section>
          ))}
          <SupportTicket />
        </div>
      </div>
    </ContentPage>
  );
}
