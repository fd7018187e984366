import { twMerge } from "tailwind-merge";
import { QUEUE_LABELS, type Urgency } from "~/domain/order-desk";
import type { OrderState } from "~/domain/order-state";

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
  return <span className={twMerge("inline-block rounded-full px-2 py-0.5 text-xs font-semibold", STATUS_STYLES[status])}>{QUEUE_LABELS[status]}</span>;
}

const URGENCY: Record<Urgency, [label: string, style: string]> = {
  on_time: ["within 12 h", "bg-emerald-100 text-emerald-900"],
  due: ["12–24 h: deliver now", "bg-amber-200 text-amber-950"],
  late: ["past 24 h: late", "bg-red-600 text-white"],
};

/** Time since payment against the 12–24 h promise. */
export function UrgencyBadge({ urgency, age }: { urgency: Urgency; age: string }) {
  const [label, style] = URGENCY[urgency];
  return (
    <span className={twMerge("inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold", style)}>
      {age} · {label}
    </span>
  );
}
