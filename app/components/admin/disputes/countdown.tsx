import { useEffect, useState } from "react";
import { twMerge } from "tailwind-merge";
import { countdown, DUE_ALERT_BEFORE_MS } from "~/domain/disputes";

/**
 * Time left until the seller's answer is due. The first render uses the loader's clock (server and
 * browser agree), then it counts down each minute in the browser.
 */
export function DueCountdown({ dueAt, now }: { dueAt: Date | string; now: Date | string }) {
  const [clock, setClock] = useState(() => new Date(now));
  useEffect(() => {
    setClock(new Date());
    const timer = setInterval(() => setClock(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const due = new Date(dueAt);
  const left = due.getTime() - clock.getTime();
  const style = left < 0 ? "bg-red-600 text-white" : left <= DUE_ALERT_BEFORE_MS ? "bg-amber-200 text-amber-950" : "bg-slate-100 text-slate-800";
  return <span className={twMerge("inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold", style)}>{countdown(due, clock)}</span>;
}
