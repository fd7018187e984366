import * as Dialog from "@radix-ui/react-dialog";
import { ChevronRight, Search, UserRound, X } from "~/components/ui/icon";
import { useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { NavLink } from "react-router";
import { useLocalize } from "~/components/ui/local-link";
import { usePublicConfig } from "~/state/storefront-data";
import { ChannelLink } from "~/components/ui/channel-link";
import type { NavEntry } from "./nav-entries";
import { LanguageButtons } from "./language-switcher";

const rowClass =
  "flex min-h-11 items-center justify-between rounded-lg px-3 py-2 text-base font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700";
const subRowClass =
  "flex min-h-10 flex-col justify-center rounded-lg px-3 py-1.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700";

type Next = "search" | "profile" | null;

export interface MobileDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  entries: NavEntry[];
  onSearch(): void;
  onProfile(): void;
  /** The menu button, which gets focus back when the drawer closes. */
  triggerRef: React.RefObject<HTMLButtonElement | null>;
}

/**
 * The navigation drawer below the lg breakpoint (a Radix Dialog: focus trap, Escape, scroll lock),
 * fetched the first time the menu button is pressed (layout/mobile-menu.tsx).
 */
export function MobileDrawer({ open, onOpenChange: setOpen, entries, onSearch, onProfile, triggerRef }: MobileDrawerProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const links = usePublicConfig()?.links;
  // A dialog opened from the menu waits until the menu has closed and returned focus.
  const next = useRef<Next>(null);

  const close = () => setOpen(false);
  const closeThen = (what: Next) => {
    next.current = what;
    setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[88%] max-w-sm flex-col bg-white shadow-2xl outline-none lg:hidden"
          onCloseAutoFocus={(event) => {
            // Focus goes back to the menu button; a dialog opened from the menu gives it back there too.
            event.preventDefault();
            triggerRef.current?.focus();
            const what = next.current;
            next.current = null;
            if (what === "search") onSearch();
            else if (what === "profile") onProfile();
          }}
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title className="text-lg font-bold text-slate-900">{t("frame.menu.title")}</Dialog.Title>
            <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100">
              <X className="size-5" aria-hidden="true" />
              <span className="sr-only">{t("frame.menu.close")}</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("frame.menu.description")}</Dialog.Description>

          <div className="flex-1 overflow-y-auto px-3 py-4">
            <button
              type="button"
              onClick={() => closeThen("search")}
              className="flex h-11 w-full items-center gap-2 rounded-lg border border-slate-300 px-3 text-left text-sm text-slate-600 hover:border-brand-500"
            >
              <Search className="size-4" aria-hidden="true" />
              {t("frame.menu.search")}
            </button>

            <nav aria-label={t("frame.header.nav")} className="mt-4">
              <ul className="space-y-0.5">
                {entries.map((entry) =>
                  entry.kind === "link" ? (
                    <li key={entry.key}>
                      {entry.external ? (
                        <a href={entry.to} target="_blank" rel="noopener noreferrer" className={rowClass} onClick={close}>
                          {entry.label}
                        </a>
                      ) : (
                        <NavLink to={localize(entry.to)} end={entry.to === "/"} className={rowClass} onClick={close}>
                          {entry.label}
                          <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
                        </NavLink>
                      )}
                    </li>
                  ) : (
                    <li key={entry.key}>
                      <NavLink to={localize(entry.all.to)} end className={rowClass} onClick={close}>
                        {entry.label}
                        <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
                      </NavLink>
                      <ul className="mb-2 ml-3 border-l-2 border-brand-100 pl-2">
                        {entry.items.map((item) => (
                          <li key={item.to}>
                            <NavLink to={localize(item.to)} className={subRowClass} onClick={close}>
                              <span className="font-medium">{item.label}</span>
                              {item.description && <span className="text-xs text-slate-600">{item.description}</span>}
                            </NavLink>
                          </li>
                        ))}
                      </ul>
                    </li>
                  ),
                )}
              </ul>
            </nav>

            <button
              type="button"
              onClick={() => closeThen("profile")}
              className="mt-2 flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-base font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700"
            >
              <UserRound className="size-5" aria-hidden="true" />
              {t("frame.menu.profile")}
            </button>

            <section aria-labelledby="mobile-menu-language" className="mt-6 border-t border-slate-200 pt-4">
              <h2 id="mobile-menu-language" className="px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {t("frame.menu.language")}
              </h2>
              <div className="mt-2">
                <LanguageButtons onSwitched={close} />
              </div>
            </section>

            {(links?.discord || links?.whatsapp) && (
              <section aria-labelledby="mobile-menu-community" className="mt-6 border-t border-slate-200 pt-4">
                <h2 id="mobile-menu-community" className="px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {t("frame.menu.community")}
                </h2>
                <div className="mt-2 grid grid-cols-2 gap-2">
                  {links?.discord && (
                    <ChannelLink channel="discord" href={links.discord} aria-label={t("frame.header.discord")}>
                      {t("frame.menu.discord")}
                    </ChannelLink>
                  )}
                  {links?.whatsapp && (
                    <ChannelLink channel="whatsapp" href={links.whatsapp} aria-label={t("frame.header.whatsapp")}>
                      {t("frame.menu.whatsapp")}
                    </ChannelLink>
                  )}
                </div>
              </section>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
