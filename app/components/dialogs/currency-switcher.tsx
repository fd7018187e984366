import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check, Info } from "~/components/ui/icon";
import { useTranslation } from "react-i18next";
import { showsConvertedNote } from "~/domain/currency";
import { CURRENCIES, type Currency } from "~/domain/money";
import { buttonClass } from "~/components/ui/button";
import { CENTERED_CLASS, OVERLAY_CLASS } from "~/components/ui/dialog";
import { useCurrency } from "~/state/currency";

/** Symbols shown on the tab and in the menu (SPEC §9 formats: $x.xx, £x.xx, x,xx €). */
export const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: "$", GBP: "£", EUR: "€" };

/**
 * Display-currency picker: a small tab fixed at the left edge of the viewport, vertically centred
 * (SPEC §2). Narrow on phones so it hardly overlaps the page's own padding.
 */
export function CurrencySwitcher() {
  const { t } = useTranslation();
  const { currency, choose } = useCurrency();
  return (
    <div className="fixed top-1/2 left-0 z-30 -translate-y-1/2 print:hidden">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={t("frame.currency.button", { currency: `${currency} ${CURRENCY_SYMBOLS[currency]}` })}
          className="flex min-h-10 w-6 flex-col items-center justify-center gap-0.5 rounded-r-lg bg-brand-700 py-2 text-white opacity-90 shadow-lg transition hover:bg-brand-900 hover:opacity-100 data-[state=open]:bg-brand-900 data-[state=open]:opacity-100 lg:w-8 lg:py-2.5 lg:opacity-100"
        >
          <span className="text-sm leading-none font-bold lg:text-base" aria-hidden="true">
            {CURRENCY_SYMBOLS[currency]}
          </span>
          {/* Below lg only the symbol, so the tab stays about as wide as the page's side padding. */}
          <span className="hidden text-[9px] leading-none font-semibold lg:block" aria-hidden="true">
            {currency}
          </span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="right"
            align="center"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 w-60 rounded-xl bg-white p-1.5 shadow-xl ring-1 ring-slate-200"
          >
            <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-semibold text-slate-600">{t("frame.currency.title")}</DropdownMenu.Label>
            <DropdownMenu.RadioGroup value={currency} onValueChange={(value) => choose(value as Currency)}>
              {CURRENCIES.map((c) => (
                <DropdownMenu.RadioItem
                  key={c}
                  value={c}
                  className="flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[state=checked]:font-semibold"
                >
                  <span className="flex size-7 items-center justify-center rounded-md bg-brand-50 font-bold text-brand-700" aria-hidden="true">
                    {CURRENCY_SYMBOLS[c]}
                  </span>
                  <span className="flex-1">
                    {c} <span className="font-normal text-slate-600">{t(`shop.currency.names.${c}`)}</span>
                  </span>
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-brand-600" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <p className="mx-2.5 mt-1 mb-1.5 border-t border-slate-100 pt-2 text-xs text-slate-600">{t("frame.currency.paymentNote")}</p>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
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

/** 'Recalculate totals?' when a currency is picked with items in the cart (SPEC §4). */
export function RecalculateDialog() {
  const { t } = useTranslation();
  const { pending, confirmPending, cancelPending } = useCurrency();
  return (
    <AlertDialog.Root open={pending !== null} onOpenChange={(open) => !open && cancelPending()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY_CLASS} />
        <AlertDialog.Content className={CENTERED_CLASS}>
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{t("shop.currency.confirmTitle")}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {pending && t("shop.currency.confirmText", { currency: pending })}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass({ variant: "secondary", className: "text-sm" })}>{t("shop.currency.cancel")}</AlertDialog.Cancel>
            <AlertDialog.Action onClick={confirmPending} className={buttonClass({ className: "text-sm" })}>
              {t("shop.currency.continue")}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
