import { twMerge } from "tailwind-merge";
import type { Urgency } from "~/domain/order-desk";
import type { OrderState } from "~/domain/order-state";
import { useTranslation } from "~/i18n/use-translation";

const STATUS_STYLES: Record<OrderState, string> = {
  manual_pending: "bg-sky-100 text-sky-900",
  awaiting_payment: "bg-slate-100 text-slate-800",
  paid: "bg-amber-100 text-amber-950",
  in_progress: "bg-violet-100 text-violet-900",
  delivered: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-slate-200 text-slate-700",
  refunded: "bg-rose-100 text-rose-900",
};

export function StatusBadge({ status }: { status: OrderState }) {
  const { t } = useTranslation();
  return <span className={twMerge("inline-block rounded-full px-2 py-0.5 text-xs font-semibold", STATUS_STYLES[status])}>{t(`admin.status.${status}`)}</span>;
}

const URGENCY: Record<Urgency, string> = {
  on_time: "bg-emerald-100 text-emerald-900",
  due: "bg-amber-200 text-amber-950",
  late: "bg-red-600 text-white",
};

/** Time since payment against the 12–24 h promise. */
export function UrgencyBadge({ urgency, age }: { urgency: Urgency; age: string }) {
  const { t } = useTranslation();
  return (
    <span className={twMerge("inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold", URGENCY[urgency])}>
      {age} · {t(`admin.urgency.${urgency}`)}
    </span>
  );
}
