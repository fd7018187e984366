import { useConsole } from "../use-console";
import { Card } from "../kit/page";
import { LoginReveal } from "./login-reveal";

/** The console's view of an order's login: never the login itself, only where it stands and its history. */
interface OrderLoginSummary {
  /** Whether this order asks for a login at all (permanent trigger or bundle, not a gift). */
  needed: boolean;
  state: "none" | "stored" | "deleted";
  keyId: number | null;
  receivedAt: Date | string | null;
  replacedAt: Date | string | null;
  deletedAt: Date | string | null;
  deletedReason: string | null;
  events: { kind: string; actor: string; reason: string | null; createdAt: Date | string }[];
}

const EVENTS = new Set(["submitted", "replaced", "withdrawn", "revealed", "deleted"]);

/** "Game login" on the console's order page: state, "Reveal login" while one is stored, history. */
export function OrderLoginCard({ orderId, login }: { orderId: string; login: OrderLoginSummary }) {
  const { t, when } = useConsole();
  if (!login.needed && login.state === "none") return null;
  return (
    <Card title={t("adminOrders.login.title")}>
      {login.state === "stored" && (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            {login.replacedAt
              ? t("adminOrders.login.givenReplaced", { given: when(login.receivedAt), replaced: when(login.replacedAt), key: login.keyId })
              : t("adminOrders.login.given", { given: when(login.receivedAt), key: login.keyId })}
          </p>
          <LoginReveal orderId={orderId} />
        </div>
      )}
      {login.state === "deleted" && (
        <p className="text-sm text-slate-700">
          {t("adminOrders.login.deleted", { at: when(login.deletedAt), reason: login.deletedReason ?? t("adminOrders.login.unknown") })}
        </p>
      )}
      {login.state === "none" && <p className="text-sm text-slate-700">{t("adminOrders.login.notYet")}</p>}
      {login.events.length > 0 && (
        <ol className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-xs text-slate-600">
          {login.events.map((event, index) => (
            <li key={index}>
              {when(event.createdAt)} · {EVENTS.has(event.kind) ? t(`adminOrders.login.events.${event.kind}`) : event.kind}
              {event.reason && event.kind === "deleted" ? ` (${event.reason})` : ""} · {event.actor}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
