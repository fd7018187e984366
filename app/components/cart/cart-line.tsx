import { Minus, Plus, Trash2 } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { CartItem } from "~/domain/cart";
import { cartTotals, MAX_QUANTITY } from "~/domain/cart";
import { LocalLink } from "~/components/ui/local-link";
import { CATEGORY_KEY } from "~/components/product/labels";
import { shopActionButton } from "~/components/ui/shop-action";
import { useCart } from "~/state/cart";
import { useCurrency } from "~/state/currency";

const stepper =
  "inline-flex h-10 w-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

/** One cart row: artwork, title, category, unit price, quantity stepper, line total, remove. */
export function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const { update, remove } = useCart();
  const { format } = useCurrency();
  const href = `/product/${encodeURIComponent(item.id)}`;
  return (
    <li className="flex gap-4 py-5" data-testid="cart-line" data-product-id={item.id}>
      <LocalLink to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <img src={item.image} alt={item.title} width={96} height={96} className="h-20 w-20 rounded-xl border border-slate-200 object-cover sm:h-24 sm:w-24" />
      </LocalLink>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-bold leading-tight">
              <LocalLink to={href} className="hover:text-brand-700">
                {item.title}
              </LocalLink>
            </h3>
            <p className="mt-0.5 text-xs font-semibold uppercase tracking-wide text-brand-700">{t(CATEGORY_KEY[item.category])}</p>
            <p className="mt-1 text-sm text-slate-600">{t("cart.unitPrice", { price: format(item.priceCents) })}</p>
          </div>
          <button
            {...shopActionButton(`remove:${item.id}`)}
            onClick={(event) => {
              event.preventDefault();
              remove(item.id);
            }}
            aria-label={t("shop.remove", { title: item.title })}
            title={t("shop.remove", { title: item.title })}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 size={18} aria-hidden="true" />
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2" role="group" aria-label={t("shop.quantity")}>
            <button
              {...shopActionButton(`quantity:${item.quantity - 1}:${item.id}`)}
              className={stepper}
              onClick={(event) => {
                event.preventDefault();
                update(item.id, item.quantity - 1);
              }}
              aria-label={t("shop.decrease", { title: item.title })}
            >
              <Minus size={16} aria-hidden="true" />
            </button>
            <output className="min-w-8 text-center font-semibold" aria-live="polite" data-testid="cart-quantity">
              {item.quantity}
            </output>
            <button
              {...shopActionButton(`quantity:${item.quantity + 1}:${item.id}`)}
              className={stepper}
              onClick={(event) => {
                event.preventDefault();
                update(item.id, item.quantity + 1);
              }}
              disabled={item.quantity >= MAX_QUANTITY}
              aria-label={t("shop.increase", { title: item.title })}
            >
              <Plus size={16} aria-hidden="true" />
            </button>
          </div>
          <p className="font-bold" data-testid="cart-line-total">
            <span className="sr-only">{t("cart.lineTotal")} </span>
            {format(cartTotals([item]).subtotalCents)}
          </p>
        </div>
      </div>
    </li>
  );
}
