import { lazy, Suspense, use, useContext, useState, type ComponentType } from "react";
import { I18nContext } from "react-i18next";
import { useTranslation } from "~/i18n/use-translation";
import { areasReady, loadAreas } from "~/i18n/load-areas";
import { splitLangFromPath } from "~/domain/lang-path";
import type { Lang } from "~/domain/product";

/**
 * Code a page fetches only when the shopper uses it (dialogs, dropdown menus, the age gate): Radix
 * and the dialogs' own code stay out of every page's first load (docs/decisions/020).
 */
export interface Deferred<P extends object> {
  /** Starts fetching (on hover or focus of what opens it), so opening is instant. */
  preload(): void;
  /** The component once fetched; a failed fetch is retried next time. */
  load(): Promise<ComponentType<P>>;
  Lazy: ComponentType<P>;
}

/**
 * `areas`: translation areas only this code renders (beyond the frame's), fetched with it instead of
 * travelling with every page (app/i18n/load-areas.ts; route-areas.test.ts checks the list).
 */
export function deferred<P extends object>(importer: () => Promise<ComponentType<P>>, areas: readonly string[] = []): Deferred<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const importOnce = () => {
    pending ??= importer().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  // The page's language: <html lang> follows the URL (root.tsx).
  const pageLang = () => splitLangFromPath(window.location.pathname).lang;
  const load = () => Promise.all([importOnce(), loadAreas(pageLang(), areas)]).then(([component]) => component);
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  // After a switch of language the code is there but perhaps not its strings in the new language.
  function WithStrings(props: P) {
    // The strings are needed in the language of the i18next instance that renders them.
    const lang = useContext(I18nContext).i18n.language as Lang;
    if (!areasReady(lang, areas)) use(loadAreas(lang, areas));
    return <Loaded {...props} />;
  }
  return {
    preload: () => void load().catch(() => undefined),
    load,
    Lazy: areas.length === 0 ? Loaded : WithStrings,
  };
}

/** Part of a page fetched when it first renders (the payment step after the details dialog): a loading status meanwhile. */
export function DeferredPart<P extends object>({ part, ...props }: P & { part: Deferred<P> }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-slate-600">
          {t("common.loading")}
        </p>
      }
    >
      <part.Lazy {...(props as unknown as P)} />
    </Suspense>
  );
}

/** What shows while a dialog's code arrives: a small status pill in the middle of the screen. */
function DialogLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/30">
      <p className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-lg">
        <span className="size-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden="true" />
        {t("common.loading")}
      </p>
    </div>
  );
}

/**
 * A dialog that is fetched the first time it opens (with a visible loading state meanwhile) and
 * stays mounted afterwards, so closing animates and gives focus back as usual.
 */
export function DeferredDialog<P extends { open: boolean }>({ dialog, ...props }: P & { dialog: Deferred<P> }) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={props.open ? <DialogLoading /> : null}>
      <dialog.Lazy {...(props as unknown as P)} />
    </Suspense>
  );
}

/** What a dropdown's button shows and how it is named, the same before and after its menu's code is fetched. */
export interface MenuTrigger {
  className: string;
  "aria-label"?: string;
  children: React.ReactNode;
  /**
   * Where the button leads before the page's JavaScript has hydrated (or without it): a page with
   * the menu's choices as plain forms (docs/decisions/056). Once hydrated the menu opens instead.
   */
  href?: string;
}

/**
 * A dropdown menu whose Radix code is fetched on first use: until then a plain button that looks and
 * is named like the menu's trigger (hovering or focusing it starts the fetch); pressing it loads the
 * menu and opens it.
 */
export function DeferredMenu<P extends { trigger: MenuTrigger; defaultOpen?: boolean }>({ menu, ...props }: P & { menu: Deferred<P> }) {
  const [Menu, setMenu] = useState<ComponentType<P> | null>(null);
  const [opening, setOpening] = useState(false);
  if (Menu) return <Menu {...(props as unknown as P)} defaultOpen />;
  const open = () => {
    if (opening) return;
    setOpening(true);
    menu.load().then(
      (component) => setMenu(() => component),
      () => setOpening(false),
    );
  };
  const { trigger } = props as unknown as P;
  if (trigger.href) {
    return (
      // A link until hydrated, so a tap before then still reaches the choices; a button afterwards.
      <a
        href={trigger.href}
        role="button"
        aria-haspopup="menu"
        aria-expanded={false}
        data-state={opening ? "open" : "closed"}
        className={trigger.className}
        aria-label={trigger["aria-label"]}
        onPointerEnter={menu.preload}
        onFocus={menu.preload}
        onClick={(event) => {
          event.preventDefault();
          open();
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === " ") {
            event.preventDefault();
            open();
          }
        }}
      >
        {trigger.children}
      </a>
    );
  }
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state={opening ? "open" : "closed"}
      className={trigger.className}
      aria-label={trigger["aria-label"]}
      onPointerEnter={menu.preload}
      onFocus={menu.preload}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown") {
          event.preventDefault();
          open();
        }
      }}
    >
      {trigger.children}
    </button>
  );
}
