import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from "react";
import { useTranslation } from "react-i18next";

/**
 * Code a page fetches only when the shopper uses it (dialogs, dropdown menus, the age gate): Radix
 * and the dialogs' own code stay out of every page's first load (docs/decisions/020).
 */
export interface Deferred<P extends object> {
  /** Starts fetching (on hover or focus of what opens it), so opening is instant. */
  preload(): void;
  /** The component once fetched; a failed fetch is retried next time. */
  load(): Promise<ComponentType<P>>;
  Lazy: LazyExoticComponent<ComponentType<P>>;
}

export function deferred<P extends object>(importer: () => Promise<ComponentType<P>>): Deferred<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const load = () => {
    pending ??= importer().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return {
    preload: () => void load().catch(() => undefined),
    load,
    Lazy: lazy(() => load().then((component) => ({ default: component }))),
  };
}

/** What shows while a dialog's code arrives: a small status pill in the middle of the screen. */
export function DialogLoading() {
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
