import { Gift } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { OrderStatusView } from "~/domain/api/order-status";
import { lineTotalCents } from "~/domain/cart";
import { formatMoney } from "~/domain/money";
import { useProductLookup } from "~/state/products";

const usd = (cents: number) => formatMoney(cents, "USD");
const PAID_STATES: readonly OrderStatusView["status"][] = ["paid", "in_progress", "delivered", "refunded"];

/** What was ordered, the US dollars charged (or to pay), the estimate shown at ordering, the gift's recipient. */
export function OrderItems({ order }: { order: OrderStatusView }) {
  const { t } = useTranslation();
  const product = useProductLookup();
  const paid = PAID_STATES.includes(order.status);
  const row = "flex items-baseline justify-between gap-4 py-2";
  return (
    <>
      <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
        {order.items.map((item) => (
          <li key={`${item.productId}-${item.isFree}`} className={row}>
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{product(item.productId)?.title ?? item.title}</span>{" "}
              <span className="text-sm whitespace-nowrap text-slate-600">{t("orderStatus.items.quantity", { quantity: item.quantity })}</span>
            </span>
            <span className="shrink-0 text-sm font-semibold text-slate-900">{item.isFree ? t("orderStatus.items.free") : usd(lineTotalCents(item))}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 text-sm">
        {order.discountCents > 0 && (
          <>
            <div className={row}>
              <dt className="text-slate-600">{t("orderStatus.items.subtotal")}</dt>
              <dd>{usd(order.subtotalCents)}</dd>
            </div>
            <div className={row}>
              <dt className="text-slate-600">{t("orderStatus.items.discount")}</dt>
              <dd>−{usd(order.discountCents)}</dd>
            </div>
          </>
        )}
        <div className={`${row} text-base`}>
          <dt className="font-semibold text-slate-900">{paid ? t("orderStatus.items.charged") : t("orderStatus.items.toPay")}</dt>
          <dd className="font-black text-slate-900" data-testid="order-total">
            {t("orderStatus.items.usd", { amount: usd(order.totalCents) })}
          </dd>
        </div>
      </dl>
      {order.estimate && (
        <p className="mt-1 text-xs text-slate-600" data-testid="order-estimate">
          {t("orderStatus.items.estimate", { amount: formatMoney(order.estimate.cents, order.estimate.currency) })}
        </p>
      )}
      {order.recipient && (
        <p className="mt-4 flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-950">
          <Gift className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {t("orderStatus.items.recipient")} <strong className="break-all">{order.recipient}</strong>
          </span>
        </p>
      )}
    </>
  );
}
