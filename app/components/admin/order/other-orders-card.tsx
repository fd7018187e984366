import { Form, Link } from "react-router";
import { REPORT_REASONS } from "~/domain/problem-reports";
import type { OrderState } from "~/domain/order-state";
import { SubmitButton } from "../kit/fields";
import { useCan } from "../use-can";
import { useConsole } from "../use-console";
import { Card } from "../kit/page";
import { StatusBadge } from "../status-badge";

export interface OrderSignals {
  orders: readonly { id: string; status: OrderState; totalCents: number; matched: readonly string[] }[];
  disputes: readonly { id: string; orderId: string | null; status: string; outcome: string | null }[];
  reports: readonly { id: number; orderId: string; reason: string; status: string }[];
  blocked: readonly { kind: string; value: string }[];
  /** The rate limiter's keyed hash of the buyer's address, when the order recorded it. */
  clientKey: string | null;
}

/**
 * What the shop knows of this buyer from elsewhere: earlier orders by the same email, game username
 * or PayPal payer (a repeat buyer, a second try — or someone who disputed before), their problem
 * reports and disputes, and whether the buyer is blocked.
 */
export function OtherOrdersCard({ signals }: { signals: OrderSignals }) {
  const can = useCan();
  const { t, usd } = useConsole();
  const reason = (r: string) => ((REPORT_REASONS as readonly string[]).includes(r) ? t(`admin.reasons.${r}`) : r);
  const kind = (k: string) => (["email", "game_username", "payer_id", "client"].includes(k) ? t(`admin.blockKinds.${k}`) : k);
  return (
    <Card title={t("adminOrders.elsewhere.title")}>
      {signals.blocked.length > 0 && (
        <p role="status" className="mb-2 rounded-md border border-red-300 bg-red-50 px-2 py-1 text-sm text-red-900">
          {t("adminOrders.elsewhere.blocked", { kinds: signals.blocked.map((b) => kind(b.kind)).join(", ") })}
        </p>
      )}
      {signals.orders.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-slate-800">{t("adminOrders.elsewhere.otherOrders")}</h3>
          <ul className="mb-2 space-y-1 text-sm">
            {signals.orders.map((o) => (
              <li key={o.id}>
                <Link to={`/admin/orders/${o.id}`} className="font-mono text-xs text-brand-700 underline">
                  {o.id}
                </Link>{" "}
                <StatusBadge status={o.status} /> {usd(o.totalCents)}{" "}
                <span className="text-xs text-slate-600">{t("adminOrders.elsewhere.same", { what: o.matched.join(", ") })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {signals.disputes.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-slate-800">{t("adminOrders.elsewhere.disputes")}</h3>
          <ul className="space-y-1 text-sm">
            {signals.disputes.map((d) => (
              <li key={d.id}>
                <Link to={`/admin/disputes/${encodeURIComponent(d.id)}`} className="font-mono text-xs text-brand-700 underline">
                  {d.id}
                </Link>{" "}
                <span className="text-xs">
                  {t("adminOrders.elsewhere.on", { what: d.outcome ? `${d.status} · ${d.outcome}` : d.status, order: d.orderId })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {signals.reports.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-slate-800">{t("adminOrders.elsewhere.reports")}</h3>
          <ul className="mb-2 space-y-1 text-sm">
            {signals.reports.map((r) => (
              <li key={r.id}>
                <Link to={`/admin/reports/${r.id}`} className="text-xs text-brand-700 underline">
                  {reason(r.reason)}
                </Link>{" "}
                <span className="text-xs">{t("adminOrders.elsewhere.on", { what: r.status, order: r.orderId })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {signals.orders.length === 0 && signals.disputes.length === 0 && <p className="text-sm text-slate-700">{t("adminOrders.elsewhere.none")}</p>}
      {signals.clientKey && (
        <p className="mt-2 text-xs text-slate-600">
          {t("adminOrders.elsewhere.client")} <span className="font-mono">{signals.clientKey}</span>
        </p>
      )}
      {signals.blocked.length === 0 && can("blocklist.edit") && (
        <Form method="post" className="mt-3">
          <SubmitButton intent="block_buyer" variant="secondary" pendingLabel={t("adminOrders.elsewhere.blocking")}>
            {t("adminOrders.elsewhere.block")}
          </SubmitButton>
          <p className="mt-1 text-xs text-slate-600">{t("adminOrders.elsewhere.blockHint")}</p>
        </Form>
      )}
    </Card>
  );
}
