import { AlarmClock, Clock, TriangleAlert } from "~/components/ui/icon";
import { useEffect, useState } from "react";
import { Trans } from "react-i18next";
import { useTranslation } from "~/i18n/use-translation";
import { DELIVERY_LATEST_MS, deliveryPromise, remainingParts } from "~/domain/delivery-promise";
import { LocalTime } from "./local-time";

/** How often the countdown is redrawn: it shows minutes, so a few redraws a minute are plenty. */
const TICK_MS = 15_000;

/**
 * The 12–24 h promise from payment: the window, the time left until its end, and past it an honest
 * "later than promised". The first render uses the server's clock (same text as the server's HTML);
 * after hydration the browser's clock takes over and ticks.
 */
export function DeliveryPromiseNotice({ paidAt, serverNow }: { paidAt: string; serverNow: string }) {
  const { t } = useTranslation();
  const [clientNow, setClientNow] = useState<number | null>(null);
  useEffect(() => {
    setClientNow(Date.now());
    const timer = setInterval(() => setClientNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const promise = deliveryPromise(new Date(paidAt), new Date(clientNow ?? Date.parse(serverNow)));
  const latest = <LocalTime iso={promise.latest.toISOString()} className="font-semibold" />;

  if (promise.phase === "late") {
    return (
      <div className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="delivery-promise">
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t("orderStatus.promise.lateTitle")}</p>
          <p className="mt-1 text-sm leading-relaxed">
            <Trans i18nKey="orderStatus.promise.late" components={{ latest }} />
          </p>
        </div>
      </div>
    );
  }

  const { hours, minutes } = remainingParts(promise.remainingMs);
  const elapsedShare = 1 - promise.remainingMs / DELIVERY_LATEST_MS;
  return (
    <div className="rounded-2xl border border-brand-100 bg-brand-50 p-4 text-brand-950" data-testid="delivery-promise">
      <p className="flex items-start gap-2 text-sm leading-relaxed">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {promise.phase === "expected" ? (
            <Trans
              i18nKey="orderStatus.promise.expected"
              components={{ earliest: <LocalTime iso={promise.earliest.toISOString()} className="font-semibold" />, latest }}
            />
          ) : (
            <Trans i18nKey="orderStatus.promise.due" components={{ latest }} />
          )}
        </span>
      </p>
      <p className="mt-3 flex items-center gap-2 text-2xl font-black tracking-tight" data-testid="countdown">
        <AlarmClock className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
        {t("orderStatus.promise.remaining", { hours, minutes })}
      </p>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-white" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.round(elapsedShare * 100)}%` }} />
      </div>
      <p className="mt-2 text-xs text-brand-900">{t("orderStatus.promise.promiseNote")}</p>
    </div>
  );
}
