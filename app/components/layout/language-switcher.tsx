import { ChevronDown, Globe } from "~/components/ui/icon";
import { deferred, DeferredMenu, type MenuTrigger } from "~/components/ui/deferred";
import { useTranslation } from "~/i18n/use-translation";
import { useLang, useSwitchLanguage } from "~/state/lang";
import { LANGS } from "~/domain/lang-path";
import { usePreferencesHref } from "~/components/ui/shop-action";

const languageMenu = deferred(() => import("./menus").then((m) => m.LanguageMenu));

/** Header dropdown: English / Français / Español (its menu's code is fetched when first opened). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const lang = useLang();
  const href = usePreferencesHref();
  const trigger: MenuTrigger = {
    href,
    className:
      "inline-flex h-10 items-center gap-1 rounded-lg px-2.5 text-sm font-semibold text-slate-700 hover:bg-brand-50 hover:text-brand-700 data-[state=open]:bg-brand-50",
    // The name starts with the code the button shows ("EN — Language: English…"), so a voice
    // command saying what is on screen finds it (WCAG 2.5.3, axe label-content-name-mismatch).
    "aria-label": t("frame.language.button", { code: lang.toUpperCase(), language: t(`common.languages.${lang}`) }),
    children: (
      <>
        <Globe className="size-4" aria-hidden="true" />
        <span>{lang.toUpperCase()}</span>
        <ChevronDown className="size-3.5" aria-hidden="true" />
      </>
    ),
  };
  return <DeferredMenu menu={languageMenu} trigger={trigger} />;
}

/** Inline buttons for the mobile menu. `onSwitched` lets the menu close itself. */
export function LanguageButtons({ onSwitched }: { onSwitched?: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const switchTo = useSwitchLanguage();
  return (
    <ul className="grid grid-cols-3 gap-2">
      {LANGS.map((l) => (
        <li key={l}>
          <button
            type="button"
            lang={l}
            aria-pressed={l === lang}
            onClick={() => {
              if (l !== lang) switchTo(l);
              onSwitched?.();
            }}
            className="w-full rounded-lg border border-slate-200 px-2 py-2 text-sm font-medium text-slate-800 hover:border-brand-500 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:font-semibold aria-pressed:text-brand-700"
          >
            {t(`common.languages.${l}`)}
          </button>
        </li>
      ))}
    </ul>
  );
}
