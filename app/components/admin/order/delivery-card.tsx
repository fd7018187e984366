import { useConsole } from "../use-console";
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
  const { t, when } = useConsole();
  if (!order.sellerNote && !order.deliveryNote && proofs.length === 0) return null;
  return (
    <Card title={t("adminOrders.delivery.title")}>
      <Facts
        rows={[
          [t("adminOrders.delivery.delivered"), when(order.deliveredAt)],
          [t("adminOrders.actions.publicNote"), order.sellerNote ?? "—"],
          [t("adminOrders.actions.privateNote"), <span className="whitespace-pre-wrap">{order.deliveryNote ?? "—"}</span>],
        ]}
      />
      <ProofThumbnails orderId={order.id} proofs={proofs} />
    </Card>
  );
}
