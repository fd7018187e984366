import { Link } from "react-router";
import { twMerge } from "tailwind-merge";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";

export interface Tab {
  to: string;
  label: string;
  count?: number;
  /** What the count counts ("unread"), read out after it. */
  countLabel?: string;
  active: boolean;
}

const STYLES = {
  /** A page's sections (the inbox's three lists). */
  sections: {
    list: "flex flex-wrap gap-1 border-b border-slate-300",
    link: "-mb-px inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap border-b-2 px-3 text-sm font-semibold",
    active: "border-brand-700 text-brand-900",
    idle: "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900",
  },
  /** A list's filters (order queues, messages read or not, reviews by state). */
  filters: {
    list: "flex flex-wrap gap-1",
    link: "inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-full border px-3 text-sm font-medium",
    active: "border-brand-700 bg-brand-50 text-brand-900",
    idle: "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
  },
} as const;

/**
 * The console's one tab strip: sections or filters as links (shareable, they work without
 * JavaScript); the current one is aria-current. On a phone the strip wraps: every tab stays in view
 * without scrolling sideways (docs/decisions/054).
 */
export function Tabs({ label, tabs, variant = "filters" }: { label: string; tabs: readonly Tab[]; variant?: keyof typeof STYLES }) {
  const style = STYLES[variant];
  return (
    <nav aria-label={label} className="mb-4">
      <ul className={style.list}>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} aria-current={tab.active ? "page" : undefined} className={twMerge(style.link, tab.active ? style.active : style.idle)}>
              {tab.label}
              {tab.count !== undefined && (
                <span className="rounded-full bg-slate-200 px-1.5 text-xs font-bold text-slate-800">
                  {tab.count}
                  {tab.countLabel && <span className="sr-only"> {tab.countLabel}</span>}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The console's one pager: previous / next links and where the list stands; nothing when everything fits on one page. */
export function Pager({ page, pages, href, total }: { page: number; pages: number; href: (page: number) => string; total?: string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const link = buttonClass({ variant: "secondary" });
  return (
    <nav aria-label={t("admin.pager.label")} className="mt-4 flex items-center justify-between gap-2 text-sm text-slate-700">
      {page > 1 ? (
        <Link to={href(page - 1)} className={link}>
          {t("admin.pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>
        {t("admin.pager.position", { page, pages })}
        {total && ` (${total})`}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={link}>
          {t("admin.pager.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
