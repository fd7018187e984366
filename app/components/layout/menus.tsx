/**
 * The frame's dropdown menus (Radix), fetched when the shopper first opens one (DeferredMenu):
 * the header's Triggers and Rooms groups, the language switcher and the currency tab.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "~/i18n/use-translation";
import { Check } from "~/components/ui/icon";
import type { MenuTrigger } from "~/components/ui/deferred";
import { LocalLink } from "~/components/ui/local-link";
import { useLang, useSwitchLanguage } from "~/state/lang";
import { LANGS, type Lang } from "~/domain/lang-path";
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from "~/domain/money";
import { useCurrency } from "~/state/currency";
import type { NavEntry } from "./nav-entries";

interface MenuProps {
  trigger: MenuTrigger;
  defaultOpen?: boolean;
}

/** A menu's button (as DeferredMenu drew it) and its floating panel; `content` places and sizes the panel. */
function MenuShell({
  trigger,
  defaultOpen,
  content,
  children,
}: MenuProps & {
  content: DropdownMenu.DropdownMenuContentProps;
  children: React.ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={trigger.className} aria-label={trigger["aria-label"]}>
        {trigger.children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={8} {...content} className={`z-50 rounded-xl bg-white shadow-xl ring-1 ring-slate-200 ${content.className ?? ""}`}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Triggers / Rooms in the desktop header: each sub-page with its one-line description, then "All …". */
export function NavGroupMenu({ entry, trigger, defaultOpen }: MenuProps & { entry: Extract<NavEntry, { kind: "group" }> }) {
  return (
    <MenuShell trigger={trigger} defaultOpen={defaultOpen} content={{ align: "start", className: "w-80 p-2" }}>
      {entry.items.map((item) => (
        <DropdownMenu.Item key={item.to} asChild>
          <LocalLink to={item.to} className="block rounded-lg px-3 py-2.5 outline-none data-[highlighted]:bg-brand-50">
            <span className="block text-sm font-semibold text-slate-900">{item.label}</span>
            {item.description && <span className="mt-0.5 block text-xs text-slate-600">{item.description}</span>}
          </LocalLink>
        </DropdownMenu.Item>
      ))}
      <DropdownMenu.Separator className="my-1.5 h-px bg-slate-200" />
      <DropdownMenu.Item asChild>
        <LocalLink to={entry.all.to} className="block rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 outline-none data-[highlighted]:bg-brand-50">
          {entry.all.label}
        </LocalLink>
      </DropdownMenu.Item>
    </MenuShell>
  );
}

/** Header dropdown: English / Français / Español. */
export function LanguageMenu({ trigger, defaultOpen }: MenuProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const switchTo = useSwitchLanguage();
  return (
    <MenuShell trigger={trigger} defaultOpen={defaultOpen} content={{ align: "end", className: "min-w-44 p-1.5" }}>
      <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-semibold text-slate-600">{t("frame.language.label")}</DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={lang} onValueChange={(value) => switchTo(value as Lang)}>
        {LANGS.map((l) => (
          <DropdownMenu.RadioItem
            key={l}
            value={l}
            lang={l}
            className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-2.5 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700 data-[state=checked]:font-semibold"
          >
            {t(`common.languages.${l}`)}
            <DropdownMenu.ItemIndicator>
              <Check className="size-4 text-brand-600" aria-hidden="true" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </MenuShell>
  );
}

/** The currency tab's menu: USD / GBP / EUR with their names, and where payment happens. */
export function CurrencyMenu({ trigger, defaultOpen }: MenuProps) {
  const { t } = useTranslation();
  const { currency, choose } = useCurrency();
  return (
    <MenuShell
      trigger={trigger}
      defaultOpen={defaultOpen}
      content={{
        side: "right",
        align: "center",
        collisionPadding: 8,
        className: "w-60 p-1.5",
      }}
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
    </MenuShell>
  );
}
