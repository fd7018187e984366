import { convertCentsAtRate, formatMoney, isCurrency } from "~/domain/money";
import { useConsole } from "../use-console";
import { Card, Facts } from "../kit/page";
import { Table } from "../kit/table";

interface OrderMoney {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** The currency and rate of the estimate the buyer was shown (they paid USD). */
  displayCurrency: string;
  displayRate: number;
}

/** "Items and totals": what was sold at which price, the coupon, what was charged and refunded. */
export function ItemsCard({
  items,
  order,
  coupon,
  refundedCents,
}: {
  items: readonly { title: string; quantity: number; unitPriceCents: number; isFree: boolean }[];
  order: OrderMoney;
  coupon: { code: string; type: string } | null;
  refundedCents: number;
}) {
  const { t, usd } = useConsole();
  const shown =
    isCurrency(order.displayCurrency) && order.displayCurrency !== "USD"
      ? t("adminOrders.items.shownAt", {
          amount: formatMoney(convertCentsAtRate(order.totalCents, order.displayRate), order.displayCurrency),
          currency: order.displayCurrency,
          rate: order.displayRate,
        })
      : "USD";
  return (
    <Card title={t("adminOrders.items.title")}>
      <Table
        dense
        empty={t("adminOrders.items.none")}
        caption={t("adminOrders.items.caption")}
        columns={[t("adminOrders.items.item"), t("adminOrders.items.qty"), t("adminOrders.items.unit"), t("adminOrders.items.line")]}
        rows={items.map((i) => [
          i.isFree ? t("adminOrders.items.free", { title: i.title }) : i.title,
          i.quantity,
          usd(i.unitPriceCents),
          usd(i.unitPriceCents * i.quantity),
        ])}
      />
      <div className="mt-3">
        <Facts
          rows={[
            [t("adminOrders.items.subtotal"), usd(order.subtotalCents)],
            [t("adminOrders.items.discount"), order.discountCents ? `−${usd(order.discountCents)}` : "—"],
            [t("adminOrders.items.coupon"), coupon ? `${coupon.code} (${coupon.type})` : "—"],
            [t("adminOrders.items.total"), `${usd(order.totalCents)} USD`],
            [t("adminOrders.items.shown"), shown],
            [t("adminOrders.items.refunded"), refundedCents ? usd(refundedCents) : "—"],
          ]}
        />
      </div>
    </Card>
  );
}
