import { useSearchParams } from "react-router";
import type { Route } from "./+types/preferences";
import { translationsFor } from "~/i18n/resources.server";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/seo";
import { ContentPage, PageHeader } from "~/components/content/page-header";
import { LANGS, splitLangFromPath } from "~/domain/lang-path";
import { CURRENCIES, CURRENCY_SYMBOLS } from "~/domain/money";
import { safeBackPath, SHOP_ACTIONS_PATH } from "~/domain/shop-actions";
import { useCurrency } from "~/state/currency";

/**
 * Language and currency as plain forms: where the header's switchers lead before the page's
 * JavaScript has hydrated, or without it (docs/decisions/056). Each choice posts to the storefront's
 * actions, which set the cookie the server renders from and go back to `?back=`.
 */
export const loader = ({ params, context }: Route.LoaderArgs) => ({ translations: translationsFor({ params, context }, ["meta.preferences"]) });

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "preferences"), { name: "robots", content: "noindex" }];

const choice =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:border-brand-500 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700";

export default function PreferencesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = safeBackPath(params.get("back") ?? undefined);
  const { lang } = splitLangFromPath(back);
  const { currency } = useCurrency();
  return (
    <ContentPage>
      <PageHeader title={t("meta.preferences.title")} />
      <form method="post" action={SHOP_ACTIONS_PATH} className="mt-8 max-w-md">
        <input type="hidden" name="intent" value="lang" />
        <input type="hidden" name="back" value={back} />
        <fieldset>
          <legend className="text-lg font-bold">{t("frame.language.label")}</legend>
          <div className="mt-3 grid grid-cols-3 gap-2">
            {LANGS.map((l) => (
              <button key={l} type="submit" name="lang" value={l} lang={l} aria-pressed={l === lang} className={choice}>
                {t(`common.languages.${l}`)}
              </button>
            ))}
          </div>
        </fieldset>
      </form>
      <form method="post" action={SHOP_ACTIONS_PATH} className="mt-8 max-w-md">
        <input type="hidden" name="intent" value="currency" />
        <input type="hidden" name="back" value={back} />
        <fieldset>
          <legend className="text-lg font-bold">{t("frame.currency.title")}</legend>
          <div className="mt-3 grid grid-cols-3 gap-2">
            {CURRENCIES.map((c) => (
              <button key={c} type="submit" name="currency" value={c} aria-pressed={c === currency} className={choice}>
                <span aria-hidden="true">{CURRENCY_SYMBOLS[c]}</span> {c} <span className="sr-only">{t(`shop.currency.names.${c}`)}</span>
              </button>
            ))}
          </div>
        </fieldset>
      </form>
    </ContentPage>
  );
}
