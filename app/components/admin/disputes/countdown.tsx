import { useEffect, useState } from "react";
import { twMerge } from "tailwind-merge";
import { DUE_ALERT_BEFORE_MS } from "~/domain/disputes";
import { useConsole } from "../use-console";

/**
 * Time left until the seller's answer is due. The first render uses the loader's clock (server and
 * browser agree), then it counts down each minute in the browser.
 */
export function DueCountdown({ dueAt, now }: { dueAt: Date | string; now: Date | string }) {
  const [clock, setClock] = useState(() => new Date(now));
  const { t } = useConsole();
  useEffect(() => {
    setClock(new Date());
    const timer = setInterval(() => setClock(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const due = new Date(dueAt);
  const left = due.getTime() - clock.getTime();
  // The domain's countdown() in the account's language: "2 d 3 h left", "overdue by 12 min".
  const minutes = Math.floor(Math.abs(left) / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const span =
    days >= 1
      ? t("adminReports.countdown.days", { days, hours: hours % 24 })
      : hours >= 1
        ? `${hours} h ${String(minutes % 60).padStart(2, "0")} min`
        : `${minutes} min`;
  const style = left < 0 ? "bg-red-600 text-white" : left <= DUE_ALERT_BEFORE_MS ? "bg-amber-200 text-amber-950" : "bg-slate-100 text-slate-800";
  return (
    <span className={twMerge("inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold", style)}>
      {left >= 0 ? t("adminReports.countdown.left", { span }) : t("adminReports.countdown.overdue", { span })}
    </span>
  );
}
