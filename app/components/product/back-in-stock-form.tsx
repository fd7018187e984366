import { useId } from "react";
import { useFetcher } from "react-router";
import type { TFunction } from "i18next";
import type { MessageCode } from "~/domain/messages";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { Honeypot } from "~/components/ui/honeypot";
import { EmailInput } from "~/components/ui/email-input";
import { useLocalize } from "~/components/ui/local-link";

/** What the back-in-stock route answers (routes/back-in-stock.tsx), to this form or as its page. */
export type BackInStockView =
  | { state: "form" }
  | { state: "done"; email: string }
  | { state: "in_stock" }
  | { state: "not_found" }
  | { state: "refused"; code: MessageCode; email?: string };

/** The answer's sentence, whoever shows it (this form, or the page the form posts to without JavaScript). */
export function backInStockMessage(t: TFunction, view: BackInStockView): string | null {
  switch (view.state) {
    case "done":
      return t("product.backInStock.done", { email: view.email });
    case "in_stock":
      return t("product.backInStock.inStock");
    case "not_found":
      return t("product.backInStock.notFound");
    case "refused":
      return t(`errors.${view.code}`);
    case "form":
      return null;
  }
}

/**
 * "Email me when it's back" on an out-of-stock product (docs/decisions/045). A plain form that POSTs
 * to /back-in-stock/:id, which answers with a page when JavaScript is off; with JavaScript a fetcher
 * sends it and the answer replaces the form in place.
 */
export function BackInStockForm({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const id = useId();
  const fetcher = useFetcher<{ view: BackInStockView }>();
  const view = fetcher.data?.view;
  const busy = fetcher.state !== "idle";
  const message = view ? backInStockMessage(t, view) : null;
  const refused = view?.state === "refused";
  const errorId = `${id}-error`;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-3 border-t border-amber-200 pt-3">
      <h2 id={`${id}-title`} className="font-semibold">
        {t("product.backInStock.title")}
      </h2>
      {view?.state === "done" ? (
        <p role="status" className="mt-1 font-medium text-emerald-800">
          {message}
        </p>
      ) : (
        <fetcher.Form method="post" action={localize(`/back-in-stock/${encodeURIComponent(productId)}`)} className="relative mt-1">
          <p>{t("product.backInStock.text")}</p>
          <label htmlFor={`${id}-email`} className="mt-2 block font-medium">
            {t("product.backInStock.label")}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <EmailInput id={`${id}-email`} placeholder={t("product.backInStock.placeholder")} errorId={refused ? errorId : null} />
            <Button type="submit" disabled={busy} className="min-h-11 shrink-0 text-sm">
              {busy ? t("product.backInStock.sending") : t("product.backInStock.submit")}
            </Button>
          </div>
          <Honeypot defaultValue="" />
          {message && (
            <p id={errorId} role="alert" className="mt-2 font-medium text-red-800">
              {message}
            </p>
          )}
        </fetcher.Form>
      )}
    </section>
  );
}
