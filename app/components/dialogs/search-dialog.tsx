import { thumbnailOf } from "~/domain/product-media";
import * as Dialog from "@radix-ui/react-dialog";
import { Search, X } from "~/components/ui/icon";
import { useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { DialogCloseButton, DialogShell } from "~/components/ui/dialog";
import { LocalLink } from "~/components/ui/local-link";
import { useLang } from "~/state/lang";
import { SEARCH_CHIPS, searchProducts } from "~/domain/search";
import { useCurrency } from "~/state/currency";
import { useCatalogue } from "~/state/products";
import { CATEGORY_KEY } from "~/components/product/labels";
import type { ProductSummary } from "~/domain/product";

const NO_PRODUCTS: ProductSummary[] = [];

/** Search Products (SPEC §2, §5): live results as the shopper types; blank shows nothing. */
export function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  // The catalogue is not part of the page: fetched when the search opens (or is about to, header.tsx).
  const catalogue = useCatalogue(lang, open);
  const products = catalogue ?? NO_PRODUCTS;
  const { format } = useCurrency();
  const [query, setQuery] = useState("");
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const results = useMemo(() => searchProducts(products, query, lang), [products, query, lang]);
  const blank = query.trim() === "";

  const setOpen = (next: boolean) => {
    if (!next) setQuery("");
    onOpenChange(next);
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      className="fixed inset-x-0 top-0 z-50 mx-auto flex max-h-[100dvh] w-full max-w-2xl flex-col bg-white shadow-2xl outline-none sm:top-16 sm:max-h-[calc(100dvh-8rem)] sm:w-[calc(100%-2rem)] sm:rounded-2xl"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        inputRef.current?.focus();
      }}
    >
      <div className="flex items-start justify-between gap-4 px-5 pt-5">
        <div>
          <Dialog.Title className="text-lg font-bold text-slate-900">{t("dialogs.search.title")}</Dialog.Title>
          <Dialog.Description className="mt-0.5 text-sm text-slate-600">{t("dialogs.search.description")}</Dialog.Description>
        </div>
        <DialogCloseButton className="-mt-1 -mr-2" />
      </div>

      <div className="px-5 pt-4 pb-4">
        <label htmlFor={inputId} className="sr-only">
          {t("dialogs.search.label")}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("dialogs.search.placeholder")}
            autoComplete="off"
            enterKeyHint="search"
            className="h-12 w-full rounded-xl border border-slate-300 bg-slate-50 pr-11 pl-11 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:bg-white [&::-webkit-search-cancel-button]:hidden"
          />
          {query !== "" && (
            <button
              type="button"
              onClick={() => setQuery("")}
              className="absolute top-1/2 right-1.5 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-200 hover:text-slate-800"
            >
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">{t("dialogs.search.clear")}</span>
            </button>
          )}
        </div>
        <div className="mt-3">
          {blank && <p className="text-sm text-slate-600">{t("dialogs.search.hint")}</p>}
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("dialogs.search.suggestions")}>
            {SEARCH_CHIPS.map((chip) => (
              <li key={chip}>
                <button
                  type="button"
                  // The catalogue is searched in English too, so the chip's English word is the query.
                  onClick={() => setQuery(chip)}
                  aria-pressed={query.trim().toLowerCase() === chip.toLowerCase()}
                  className="rounded-full border border-brand-100 bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-700 hover:border-brand-500 aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white"
                >
                  {t(`dialogs.search.chips.${chip.toLowerCase()}`)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <p className="sr-only" aria-live="polite">
        {blank || catalogue === null ? "" : t("dialogs.search.results", { count: results.length })}
      </p>
      <div className={blank ? "hidden" : "min-h-0 flex-1 overflow-y-auto border-t border-slate-100 px-3 py-3 sm:px-5"}>
        {!blank && catalogue === null && (
          <p role="status" className="px-2 py-8 text-center text-sm text-slate-600">
            {t("common.loading")}
          </p>
        )}
        {!blank && catalogue !== null && results.length === 0 && (
          <p className="px-2 py-8 text-center text-sm text-slate-600">{t("dialogs.search.noResults", { query: query.trim() })}</p>
        )}
        {results.length > 0 && (
          <ul className="space-y-1">
            {results.map((product) => (
              <li key={product.id}>
                <LocalLink
                  to={`/product/${product.id}`}
                  onClick={() => setOpen(false)}
                  className="flex items-center gap-3 rounded-xl p-2 hover:bg-brand-50 focus-visible:bg-brand-50"
                >
                  <img
                    src={thumbnailOf(product)}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-slate-900">{product.title}</span>
                    <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                      {t(CATEGORY_KEY[product.category])}
                      {!product.inStock && (
                        <span className="rounded bg-slate-200 px-1.5 py-0.5 font-medium text-slate-700">{t("dialogs.search.outOfStock")}</span>
                      )}
                    </span>
                  </span>
                  <span className="shrink-0 font-bold text-brand-700">{format(product.priceCents)}</span>
                </LocalLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </DialogShell>
  );
}
