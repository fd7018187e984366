import { utc } from "../kit/format";
import { Card, Facts } from "../kit/page";

/** "Delivery", once the seller has written a note: what the buyer was told and the private record. */
export function DeliveryCard({ order }: { order: { deliveredAt: Date | null; sellerNote: string | null; deliveryNote: string | null } }) {
  if (!order.sellerNote && !order.deliveryNote) return null;
  return (
    <Card title="Delivery">
      <Facts
        rows={[
          ["Delivered", utc(order.deliveredAt)],
          ["Note for the buyer", order.sellerNote ?? "—"],
          ["Delivery record (private)", <span className="whitespace-pre-wrap">{order.deliveryNote ?? "—"}</span>],
        ]}
      />
    </Card>
  );
}
