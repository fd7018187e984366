import { convertCentsAtRate, formatMoney, isCurrency } from "~/domain/money";
import { usd } from "../kit/format";
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
  const shown =
    isCurrency(order.displayCurrency) && order.displayCurrency !== "USD"
      ? `≈ ${formatMoney(convertCentsAtRate(order.totalCents, order.displayRate), order.displayCurrency)} (${order.displayCurrency} at ${order.displayRate})`
      : "USD";
  return (
    <Card title="Items and totals">
      <Table
        dense
        empty="None."
        caption="Items"
        columns={["Item", "Qty", "Unit", "Line"]}
        rows={items.map((i) => [i.isFree ? `${i.title} (free with coupon)` : i.title, i.quantity, usd(i.unitPriceCents), usd(i.unitPriceCents * i.quantity)])}
      />
      <div className="mt-3">
        <Facts
          rows={[
            ["Subtotal", usd(order.subtotalCents)],
            ["Discount", order.discountCents ? `−${usd(order.discountCents)}` : "—"],
            ["Coupon", coupon ? `${coupon.code} (${coupon.type})` : "—"],
            ["Total charged", `${usd(order.totalCents)} USD`],
            ["Shown to buyer", shown],
            ["Refunded", refundedCents ? usd(refundedCents) : "—"],
          ]}
        />
      </div>
    </Card>
  );
}
