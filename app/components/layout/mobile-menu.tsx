import { Menu } from "~/components/ui/icon";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { deferred, DeferredDialog } from "~/components/ui/deferred";
import type { NavEntry } from "./nav-entries";

const drawer = deferred(() => import("./mobile-drawer").then((m) => m.MobileDrawer));

/** The menu button below the lg breakpoint; its drawer's code is fetched when first opened (mobile-drawer.tsx). */
export function MobileMenu({ entries, onSearch, onProfile }: { entries: NavEntry[]; onSearch(): void; onProfile(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  // Any navigation (a link, the language buttons, the browser's back button) closes the drawer.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={drawer.preload}
        onFocus={drawer.preload}
        onClick={() => setOpen(true)}
        className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-brand-50 hover:text-brand-700 lg:hidden"
      >
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">{t("frame.menu.open")}</span>
      </button>
      <DeferredDialog dialog={drawer} open={open} onOpenChange={setOpen} entries={entries} onSearch={onSearch} onProfile={onProfile} triggerRef={triggerRef} />
    </>
  );
}
