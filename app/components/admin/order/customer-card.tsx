import { useConsole } from "../use-console";
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
  const { t, when } = useConsole();
  return (
    <Card title={t("adminOrders.customer.title")}>
      <Facts
        rows={[
          [t("adminOrders.customer.name"), order.name],
          [
            t("adminOrders.customer.email"),
            <a href={`mailto:${order.email}?subject=${encodeURIComponent(`Your order ${order.id}`)}`} className="text-brand-700 underline">
              {order.email}
            </a>,
          ],
          ["Discord", order.communityUsername],
          [order.isGift ? t("adminOrders.customer.giftRecipient") : t("adminOrders.customer.gameUsername"), order.gameUsername],
          [t("adminOrders.customer.gift"), order.isGift ? t("adminOrders.customer.giftYes") : t("adminOrders.customer.giftNo")],
          [t("adminOrders.customer.channel"), order.channel === "manual" ? t("adminOrders.customer.manual") : "PayPal"],
          [t("adminOrders.customer.language"), order.lang],
          [t("adminOrders.customer.placed"), when(order.createdAt)],
          [t("adminOrders.customer.ageConfirmed"), when(order.ageConfirmedAt)],
          [t("adminOrders.customer.terms"), order.termsVersion ?? "—"],
        ]}
      />
    </Card>
  );
}
