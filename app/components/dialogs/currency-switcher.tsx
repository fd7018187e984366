import { Info } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { showsConvertedNote } from "~/domain/currency";
import { CURRENCY_SYMBOLS } from "~/domain/money";
import { deferred, DeferredDialog, DeferredMenu, type MenuTrigger } from "~/components/ui/deferred";
import { useCurrency } from "~/state/currency";
import { usePreferencesHref } from "~/components/ui/shop-action";

const currencyMenu = deferred(() => import("~/components/layout/menus").then((m) => m.CurrencyMenu));
const recalculateDialog = deferred(() => import("./recalculate-dialog").then((m) => m.RecalculateDialogContent), ["dialogs"]);

/** Symbols shown on the tab and in the menu (SPEC §9 formats: $x.xx, £x.xx, x,xx €). */

/**
 * Display-currency picker: a small tab fixed at the left edge of the viewport, vertically centred
 * (SPEC §2). Narrow on phones so it hardly overlaps the page's own padding. Its menu's code is
 * fetched when first opened (layout/menus.tsx).
 */
export function CurrencySwitcher() {
  const { t } = useTranslation();
  const { currency } = useCurrency();
  const href = usePreferencesHref();
  const trigger: MenuTrigger = {
    href,
    "aria-label": t("frame.currency.button", { currency: `${currency} ${CURRENCY_SYMBOLS[currency]}` }),
    className:
      "flex min-h-10 w-6 flex-col items-center justify-center gap-0.5 rounded-r-lg bg-brand-700 py-2 text-white opacity-90 shadow-lg transition hover:bg-brand-900 hover:opacity-100 data-[state=open]:bg-brand-900 data-[state=open]:opacity-100 lg:w-8 lg:py-2.5 lg:opacity-100",
    children: (
      <>
        <span className="text-sm leading-none font-bold lg:text-base" aria-hidden="true">
          {CURRENCY_SYMBOLS[currency]}
        </span>
        {/* Below lg only the symbol, so the tab stays about as wide as the page's side padding. */}
        <span className="hidden text-[9px] leading-none font-semibold lg:block" aria-hidden="true">
          {currency}
        </span>
      </>
    ),
  };
  return (
    <div className="fixed top-1/2 left-0 z-30 -translate-y-1/2 print:hidden">
      <DeferredMenu menu={currencyMenu} trigger={trigger} />
    </div>
  );
}

/** 'Converted from USD • updated daily' until the shopper picks a currency (SPEC §4). */
export function CurrencyNote() {
  const { t } = useTranslation();
  const { isManualSelection } = useCurrency();
  if (!showsConvertedNote(isManualSelection)) return null;
  // Phones: a line of its own above the page, so it never covers content. Wide screens: a zero-height
  // anchor, the note floats over the empty top-right corner instead of pushing the page down.
  return (
    <div className="mx-auto flex max-w-7xl justify-end px-3 pt-2 lg:relative lg:h-0 lg:p-0">
      <p className="z-10 flex items-center gap-1.5 rounded-full bg-white/90 px-2.5 py-1 text-xs text-slate-700 shadow-sm ring-1 ring-slate-200 backdrop-blur lg:absolute lg:top-2 lg:right-8">
        <Info className="size-3.5 shrink-0" aria-hidden="true" />
        {t("shop.currency.converted")}
      </p>
    </div>
  );
}

/** 'Recalculate totals?' when a currency is picked with items in the cart (SPEC §4); fetched when first needed. */
export function RecalculateDialog() {
  const { pending, confirmPending, cancelPending } = useCurrency();
  return <DeferredDialog dialog={recalculateDialog} open={pending !== null} pending={pending} onConfirm={confirmPending} onCancel={cancelPending} />;
}
