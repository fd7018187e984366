import { Form, NavLink } from "react-router";
import { twMerge } from "tailwind-merge";
import { roleMay, type SellerRole } from "~/domain/seller/permissions";
import { useConsoleWorker } from "./console-worker";
import { ADMIN_NAV } from "./nav-items";
import { useConsole } from "./use-console";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  twMerge(
    "inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium",
    isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

/**
 * The console's frame: a header with the sections and Log out, then the page. On a phone the nav
 * scrolls sideways rather than hiding behind a menu: six links, always one tap away.
 */
export function AdminFrame({
  email,
  role,
  badges,
  children,
}: {
  email: string;
  /** Sections the role may not open are not offered. */
  role: SellerRole;
  badges: Partial<Record<string, number>>;
  children: React.ReactNode;
}) {
  useConsoleWorker();
  const { t } = useConsole();
  return (
    <div className="console min-h-screen bg-slate-100">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("admin.frame.skip")}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 pt-3">
          <p className="text-sm font-bold text-slate-900">
            Trigger Shop <span className="font-normal text-slate-600">· {t("admin.console")}</span>
          </p>
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <span className="hidden sm:inline">
              {email}
              {role !== "owner" && <span className="ml-1 rounded bg-slate-100 px-1.5 text-xs text-slate-700">{t(`admin.roles.${role}`)}</span>}
            </span>
            <Form method="post" action="/admin/logout">
              <button type="submit" className="min-h-11 rounded-md px-3 font-medium text-brand-700 hover:bg-brand-50">
                {t("admin.frame.logout")}
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label={t("admin.frame.navLabel")} className="mx-auto max-w-6xl overflow-x-auto px-4 pb-2">
          <ul className="flex gap-1">
            {ADMIN_NAV.filter((item) => roleMay(role, item.need)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClass}>
                  {t(item.label)}
                  {badges[item.to] ? (
                    <span
                      className="ml-1.5 rounded-full bg-amber-200 px-1.5 text-xs font-bold text-amber-950"
                      aria-label={t("admin.frame.waiting", { count: badges[item.to] })}
                    >
                      {badges[item.to]}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="admin-main" className="mx-auto max-w-6xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
