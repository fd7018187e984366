/**
 * The order's records, one card each: payments, PayPal's webhook events, the status history, the
 * seller's actions (the audit table) and the notifications queued. Read-only tables, "None." when empty.
 */
import { QUEUE_LABELS } from "~/domain/order-desk";
import type { OrderState } from "~/domain/order-state";
import { usd, utc } from "../kit/format";
import { Card } from "../kit/page";
import { Table } from "../kit/table";

function RecordCard({ title, caption = title, columns, rows }: { title: string; caption?: string; columns: string[]; rows: React.ReactNode[][] }) {
  return (
    <Card title={title}>
      <Table dense empty="None." caption={caption} columns={columns} rows={rows} />
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
  return (
    <RecordCard
      title="Payments"
      columns={["When", "Kind", "Provider", "Reference", "Status", "Amount"]}
      rows={payments.map((p) => [utc(p.createdAt), p.kind, p.provider, code(p.providerRef), p.status, `${usd(p.amountCents)} ${p.currency}`])}
    />
  );
}

export function WebhooksCard({ webhooks }: { webhooks: readonly { receivedAt: Date; type: string; resourceId: string | null; processedAt: Date | null }[] }) {
  return (
    <RecordCard
      title="PayPal webhook events"
      caption="Webhook events"
      columns={["Received", "Event", "Resource", "Processed"]}
      rows={webhooks.map((w) => [utc(w.receivedAt), w.type, code(w.resourceId ?? "—"), utc(w.processedAt)])}
    />
  );
}

export function HistoryCard({
  history,
}: {
  history: readonly { createdAt: Date; fromStatus: OrderState | null; toStatus: OrderState; actor: string; note: string | null }[];
}) {
  return (
    <RecordCard
      title="History"
      caption="Status history"
      columns={["When", "Change", "By", "Note"]}
      rows={history.map((e) => [utc(e.createdAt), `${e.fromStatus ? QUEUE_LABELS[e.fromStatus] : "—"} → ${QUEUE_LABELS[e.toStatus]}`, e.actor, e.note ?? ""])}
    />
  );
}

export function SellerActionsCard({ audit }: { audit: readonly { createdAt: Date; actor: string; action: string; detail: unknown }[] }) {
  return (
    <RecordCard
      title="Seller actions"
      columns={["When", "Who", "Action", "Detail"]}
      rows={audit.map((a) => [utc(a.createdAt), a.actor, a.action, code(a.detail ? JSON.stringify(a.detail) : "")])}
    />
  );
}

export function NotificationsCard({
  mails,
}: {
  mails: readonly { createdAt: Date; channel: string; to: string; kind: string; status: string; sentAt: Date | null }[];
}) {
  return (
    <RecordCard
      title="Notifications"
      columns={["Queued", "To", "Kind", "Status", "Sent"]}
      rows={mails.map((m) => [utc(m.createdAt), m.channel === "discord" ? "Discord" : m.to, m.kind, m.status, utc(m.sentAt)])}
    />
  );
}
