import { Tag, X } from "~/components/ui/icon";
import { useId, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { normalizeCouponInput } from "~/domain/coupons";
import { useSearchParams } from "react-router";
import { useHydrated } from "~/components/order/use-hydrated";
import { ShopActionFields } from "~/components/ui/shop-action";
import { isMessageCode } from "~/domain/messages";
import { NOTICE_ITEM_PARAM, NOTICE_PARAM, SHOP_ACTIONS_PATH } from "~/domain/shop-actions";
import { useCoupon } from "~/state/coupon";
import { useCurrency } from "~/state/currency";

/** A coupon refused by a form post before hydration, from the redirect's query (docs/decisions/056). */
function usePostedCouponError(): string | null {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (params.get(NOTICE_PARAM) !== "coupon-refused") return null;
  const code = params.get(NOTICE_ITEM_PARAM) ?? "";
  // Only our own messages, and an amount that looks like one: the query is the shopper's to edit.
  if (!isMessageCode(code)) return t("errors.request_invalid");
  const amount = params.get("amount") ?? "";
  return t(`errors.${code}`, /^[\d.,\s$€£]{1,20}$/.test(amount) ? { amount } : {});
}

/**
 * Coupon entry (SPEC §4, §5): typed text is upper-cased, Apply (or Enter) checks it against the cart,
 * 'Applying...' while the server answers, then the applied coupon or the reason it was refused.
 */
export function CouponBox({ hint }: { hint?: string }) {
  const { t } = useTranslation();
  const { applied, applying, error: clientError, apply, remove } = useCoupon();
  const hydrated = useHydrated();
  const posted = usePostedCouponError();
  // The browser's own attempt replaces what a form post before hydration was told.
  const error = clientError ?? (applying ? null : posted);
  const { format } = useCurrency();
  const [code, setCode] = useState("");
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const empty = normalizeCouponInput(code) === "";

  if (applied) {
    return (
      <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4" data-testid="coupon-applied">
        <p className="flex items-center gap-2 font-semibold text-emerald-900">
          <Tag size={16} className="shrink-0" aria-hidden="true" />
          {t("shop.coupon.applied", { code: applied.code })}
        </p>
        <p className="mt-1 text-sm text-emerald-900">{t(`shop.coupon.descriptions.${applied.id}`, { defaultValue: applied.description })}</p>
        {applied.type === "free_product" ? (
          applied.freeProduct && (
            <p className="mt-2 flex justify-between gap-3 text-sm font-semibold text-emerald-900">
              <span>{t("shop.coupon.freeItem", { title: applied.freeProduct.title })}</span>
              <span>{t("shop.coupon.free")}</span>
            </p>
          )
        ) : (
          <p className="mt-2 flex justify-between gap-3 text-sm font-semibold text-emerald-900">
            <span>{t("shop.coupon.discount")}</span>
            <span>{t("cart.summary.minus", { amount: format(applied.discountCents) })}</span>
          </p>
        )}
        {/* A form post before hydration (docs/decisions/056); in the browser once hydrated. */}
        <form method="post" action={SHOP_ACTIONS_PATH} onSubmit={(event) => (event.preventDefault(), remove())}>
          <ShopActionFields intent="coupon-remove" />
          <button
            type="submit"
            className="mt-3 inline-flex min-h-10 items-center gap-1 rounded-lg border border-emerald-300 bg-white px-3 text-sm font-semibold text-emerald-900 hover:bg-emerald-100"
          >
            <X size={14} aria-hidden="true" />
            {t("shop.coupon.remove")}
          </button>
        </form>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={SHOP_ACTIONS_PATH}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!empty && !applying) void apply(normalizeCouponInput(code));
      }}
    >
      <ShopActionFields intent="coupon" />
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-800">
        {t("shop.coupon.label")}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="coupon"
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          placeholder={t("shop.coupon.placeholder")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          readOnly={applying}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 font-mono uppercase tracking-wide placeholder:font-sans placeholder:normal-case placeholder:tracking-normal placeholder:text-slate-500 focus:border-brand-500"
        />
        <button
          type="submit"
          // Never disabled before hydration: the form then posts to the server.
          disabled={hydrated && (empty || applying)}
          className="inline-flex min-h-11 shrink-0 items-center rounded-lg bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          {applying ? t("shop.coupon.applying") : t("shop.coupon.apply")}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
