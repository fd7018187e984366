import { Check, CircleDashed, RotateCcw, X } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { OrderStatusView } from "~/domain/api/order-status";
import { LocalTime } from "./local-time";

type Step = OrderStatusView["timeline"][number];

function StepIcon({ step }: { step: Step }) {
  if (step.state === "upcoming") return <CircleDashed className="size-4" aria-hidden="true" />;
  if (step.key === "cancelled") return <X className="size-4" aria-hidden="true" />;
  if (step.key === "refunded") return <RotateCcw className="size-4" aria-hidden="true" />;
  return <Check className="size-4" aria-hidden="true" />;
}

const DOT: Record<Step["state"], string> = {
  done: "bg-brand-600 text-white",
  current: "bg-brand-600 text-white ring-4 ring-brand-200",
  upcoming: "bg-white text-slate-500 ring-1 ring-slate-300",
};

/** received → paid → in progress → delivered (or how it ended), each step with its time. */
export function OrderTimeline({ steps }: { steps: OrderStatusView["timeline"] }) {
  const { t } = useTranslation();
  return (
    <ol className="mt-4" data-testid="order-timeline">
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        const ended = step.key === "cancelled" || step.key === "refunded";
        return (
          <li key={step.key} className="relative flex gap-3 pb-6 last:pb-0" aria-current={step.state === "current" ? "step" : undefined}>
            {!last && (
              <span
                className={`absolute top-8 bottom-1 left-[0.9375rem] w-0.5 ${steps[index + 1].state === "upcoming" ? "bg-slate-200" : "bg-brand-600"}`}
                aria-hidden="true"
              />
            )}
            <span className={`relative flex size-8 shrink-0 items-center justify-center rounded-full ${ended ? "bg-slate-700 text-white" : DOT[step.state]}`}>
              <StepIcon step={step} />
            </span>
            <div className="min-w-0 pt-1">
              <p className={`font-semibold ${step.state === "upcoming" ? "text-slate-500" : "text-slate-900"}`}>
                {t(`orderStatus.steps.${step.key}`)}
                {step.state === "current" ? <span className="sr-only"> {t("orderStatus.steps.current")}</span> : null}
              </p>
              <p className="text-sm text-slate-600">
                {step.at ? <LocalTime iso={step.at} /> : step.state === "upcoming" ? t("orderStatus.steps.notYet") : t("orderStatus.steps.noTime")}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
