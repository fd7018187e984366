import { utc } from "../kit/format";
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

const EVENT_LABELS: Record<string, string> = {
  submitted: "Given",
  replaced: "Replaced",
  withdrawn: "Withdrawn",
  revealed: "Revealed",
  deleted: "Deleted",
};

/** "Game login" on the console's order page: state, "Reveal login" while one is stored, history. */
export function OrderLoginCard({ orderId, login }: { orderId: string; login: OrderLoginSummary }) {
  if (!login.needed && login.state === "none") return null;
  return (
    <Card title="Game login">
      {login.state === "stored" && (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            Given {utc(login.receivedAt)}
            {login.replacedAt ? `, replaced ${utc(login.replacedAt)}` : ""} · sealed to key #{login.keyId}
          </p>
          <LoginReveal orderId={orderId} />
        </div>
      )}
      {login.state === "deleted" && (
        <p className="text-sm text-slate-700">
          Deleted {utc(login.deletedAt)} ({login.deletedReason ?? "unknown"})
        </p>
      )}
      {login.state === "none" && <p className="text-sm text-slate-700">The buyer has not given the login yet: the order page asks for it.</p>}
      {login.events.length > 0 && (
        <ol className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-xs text-slate-600">
          {login.events.map((event, index) => (
            <li key={index}>
              {utc(event.createdAt)} · {EVENT_LABELS[event.kind] ?? event.kind}
              {event.reason && event.kind === "deleted" ? ` (${event.reason})` : ""} · {event.actor}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
