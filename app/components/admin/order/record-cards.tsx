/**
 * The order's records, one card each: payments, PayPal's webhook events, the status history, the
 * seller's actions (the audit table) and the notifications queued. Read-only tables, "None." when empty.
 */
import type { OrderState } from "~/domain/order-state";
import { useConsole } from "../use-console";
import { Card } from "../kit/page";
import { Table } from "../kit/table";

function RecordCard({ title, caption = title, columns, rows }: { title: string; caption?: string; columns: string[]; rows: React.ReactNode[][] }) {
  const { t } = useConsole();
  return (
    <Card title={title}>
      <Table dense empty={t("adminOrders.items.none")} caption={caption} columns={columns} rows={rows} />
    </Card>
  );
}

/** An id or payload as the machine wrote it. */
const code = (text: React.ReactNode) => <span className="font-mono text-xs">{text}</span>;

export function PaymentsCard({
  payments,
}: {
  payments: readonly { createdAt: Date; kind: string; provider: string; providerRef: string; status: string; amountCents: number; currency: string }[];
}) {
  const { t, usd, when } = useConsole();
  return (
    <RecordCard
      title={t("adminOrders.records.payments")}
      columns={[
        t("adminOrders.records.when"),
        t("adminOrders.records.kind"),
        t("adminOrders.records.provider"),
        t("adminOrders.records.reference"),
        t("adminOrders.records.status"),
        t("adminOrders.records.amount"),
      ]}
      rows={payments.map((p) => [when(p.createdAt), p.kind, p.provider, code(p.providerRef), p.status, `${usd(p.amountCents)} ${p.currency}`])}
    />
  );
}

export function WebhooksCard({ webhooks }: { webhooks: readonly { receivedAt: Date; type: string; resourceId: string | null; processedAt: Date | null }[] }) {
  const { t, when } = useConsole();
  return (
    <RecordCard
      title={t("adminOrders.records.webhooks")}
      caption={t("adminOrders.records.webhooksCaption")}
      columns={[t("adminOrders.records.received"), t("adminOrders.records.event"), t("adminOrders.records.resource"), t("adminOrders.records.processed")]}
      rows={webhooks.map((w) => [when(w.receivedAt), w.type, code(w.resourceId ?? "—"), when(w.processedAt)])}
    />
  );
}

export function HistoryCard({
  history,
}: {
  history: readonly { createdAt: Date; fromStatus: OrderState | null; toStatus: OrderState; actor: string; note: string | null }[];
}) {
  const { t, when } = useConsole();
  return (
    <RecordCard
      title={t("adminOrders.records.history")}
      caption={t("adminOrders.records.historyCaption")}
      columns={[t("adminOrders.records.when"), t("adminOrders.records.change"), t("adminOrders.records.by"), t("adminOrders.records.note")]}
      rows={history.map((e) => [
        when(e.createdAt),
        `${e.fromStatus ? t(`admin.status.${e.fromStatus}`) : "—"} → ${t(`admin.status.${e.toStatus}`)}`,
        e.actor,
        e.note ?? "",
      ])}
    />
  );
}

export function SellerActionsCard({ audit }: { audit: readonly { createdAt: Date; actor: string; action: string; detail: unknown }[] }) {
  const { t, when } = useConsole();
  return (
    <RecordCard
      title={t("adminOrders.records.sellerActions")}
      columns={[t("adminOrders.records.when"), t("adminOrders.records.who"), t("adminOrders.records.action"), t("adminOrders.records.detail")]}
      rows={audit.map((a) => [when(a.createdAt), a.actor, a.action, code(a.detail ? JSON.stringify(a.detail) : "")])}
    />
  );
}

export function NotificationsCard({
  mails,
}: {
  mails: readonly { createdAt: Date; channel: string; to: string; kind: string; status: string; sentAt: Date | null }[];
}) {
  const { t, when } = useConsole();
  return (
    <RecordCard
      title={t("adminOrders.records.notifications")}
      columns={[
        t("adminOrders.records.queued"),
        t("adminOrders.records.to"),
        t("adminOrders.records.kind"),
        t("adminOrders.records.status"),
        t("adminOrders.records.sent"),
      ]}
      rows={mails.map((m) => [when(m.createdAt), m.channel === "discord" ? "Discord" : m.to, m.kind, m.status, when(m.sentAt)])}
    />
  );
}
