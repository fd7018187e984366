import { Link } from "react-router";
import type { OrderState } from "~/domain/order-state";
import { usd } from "../kit/format";
import { Card } from "../kit/page";
import { StatusBadge } from "../status-badge";

/** "Other orders from this email", newest first (a repeat buyer, a second try after a failed payment). */
export function OtherOrdersCard({ others }: { others: readonly { id: string; status: OrderState; totalCents: number }[] }) {
  if (others.length === 0) return null;
  return (
    <Card title="Other orders from this email">
      <ul className="space-y-1 text-sm">
        {others.map((o) => (
          <li key={o.id}>
            <Link to={`/admin/orders/${o.id}`} className="font-mono text-xs text-brand-700 underline">
              {o.id}
            </Link>{" "}
            <StatusBadge status={o.status} /> {usd(o.totalCents)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
