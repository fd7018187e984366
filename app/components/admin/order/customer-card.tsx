import { utc } from "../kit/format";
import { Card, Facts } from "../kit/page";

interface OrderCustomer {
  id: string;
  name: string;
  email: string;
  communityUsername: string;
  gameUsername: string;
  isGift: boolean;
  channel: "paypal" | "manual";
  lang: string;
  createdAt: Date;
  ageConfirmedAt: Date | null;
  termsVersion: string | null;
}

/** "Customer": who ordered, where the item goes, and what they agreed to. */
export function CustomerCard({ order }: { order: OrderCustomer }) {
  return (
    <Card title="Customer">
      <Facts
        rows={[
          ["Name", order.name],
          [
            "Email",
            <a href={`mailto:${order.email}?subject=${encodeURIComponent(`Your order ${order.id}`)}`} className="text-brand-700 underline">
              {order.email}
            </a>,
          ],
          ["Discord", order.communityUsername],
          [order.isGift ? "Gift recipient (game)" : "Game username", order.gameUsername],
          ["Gift", order.isGift ? "Yes: send to the recipient's username, no login" : "No: permanent upload to the buyer's account"],
          ["Channel", order.channel === "manual" ? "Manual (Discord/WhatsApp)" : "PayPal"],
          ["Language", order.lang],
          ["Placed", utc(order.createdAt)],
          ["18+ confirmed", utc(order.ageConfirmedAt)],
          ["Terms version", order.termsVersion ?? "—"],
        ]}
      />
    </Card>
  );
}
