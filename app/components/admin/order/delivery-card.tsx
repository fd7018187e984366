import { utc } from "../kit/format";
import { Card, Facts } from "../kit/page";
import { ProofThumbnails } from "./proof-field";

/** "Delivery", once the seller has written a note: what the buyer was told and the private record. */
export function DeliveryCard({
  order,
  proofs = [],
}: {
  order: { id: string; deliveredAt: Date | null; sellerNote: string | null; deliveryNote: string | null };
  /** The delivery screenshots (docs/decisions/043), re-deliveries' included. */
  proofs?: readonly { id: number; width: number; height: number; deliveryId: number | null }[];
}) {
  if (!order.sellerNote && !order.deliveryNote && proofs.length === 0) return null;
  return (
    <Card title="Delivery">
      <Facts
        rows={[
          ["Delivered", utc(order.deliveredAt)],
          ["Note for the buyer", order.sellerNote ?? "—"],
          ["Delivery record (private)", <span className="whitespace-pre-wrap">{order.deliveryNote ?? "—"}</span>],
        ]}
      />
      <ProofThumbnails orderId={order.id} proofs={proofs} />
    </Card>
  );
}
