import { data, Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/order";
import { AdminError } from "~/components/admin/admin-error";
import { formatUtc, usd } from "~/components/admin/format";
import { adminMeta } from "~/components/admin/meta";
import { StatusBadge, UrgencyBadge } from "~/components/admin/status-badge";
import { OrderLoginCard } from "~/components/admin/order-login-card";
import { Card, Facts, inputClass, Notice, PageTitle, Table } from "~/components/admin/ui";
import { Button } from "~/components/ui/button";
import { deliveryUrgency, formatAge, NOTE_MAX, orderActionSchema, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, QUEUE_LABELS } from "~/domain/order-desk";
import { canTransition, type OrderState } from "~/domain/order-state";
import { convertCentsAtRate, formatMoney, isCurrency } from "~/domain/money";
import { getDb } from "~/server/db.server";
import { sellerLoginSummary } from "~/server/login-handoff.server";
import { orderStatusPath } from "~/server/order-links.server";
import { getPayPal } from "~/server/paypal/instance.server";
import { field, formKey, readForm } from "~/server/admin/forms.server";
import { requireSeller } from "~/server/admin/guard.server";
import { applyOrderAction } from "~/server/admin/order-actions.server";
import { orderDetail, otherOrdersOf } from "~/server/admin/order-desk.server";
import { isLang } from "~/domain/lang-path";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Order ${params.id}`);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSeller(request);
  const db = getDb();
  const detail = await orderDetail(db, params.id);
  if (!detail) throw data(null, { status: 404 });
  const { order } = detail;
  const now = new Date();
  const waiting = order.paidAt && (order.status === "paid" || order.status === "in_progress");
  return {
    ...detail,
    sincePayment: waiting ? { age: formatAge(order.paidAt!, now), urgency: deliveryUrgency(order.paidAt!, now) } : null,
    others: await otherOrdersOf(db, order.email, order.id),
    statusPagePath: orderStatusPath(order.id, isLang(order.lang) ? order.lang : "en"),
    // One per page view: the same refund form submitted twice is one refund at PayPal.
    refundKey: formKey(),
    payPalRefunds: order.channel === "paypal" && detail.capture?.provider === "paypal",
    payPalReady: getPayPal() !== null,
    // Where the buyer's game login stands (never the login itself: it is revealed in the browser).
    login: await sellerLoginSummary(db, order.id),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const seller = await requireSeller(request);
  const form = await readForm(request);
  const intent = field(form, "intent");
  const parsed = orderActionSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return data({ ok: false as const, intent, message: parsed.error.issues[0]?.message ?? "The form is incomplete." }, { status: 422 });
  const result = await applyOrderAction({ db: getDb(), paypal: getPayPal(), seller }, params.id, parsed.data);
  return data({ ...result, intent }, { status: result.ok ? 200 : result.status });
}

/** After any action, refused ones too: a refusal usually means the order moved on elsewhere, so show where it is now. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? true : defaultShouldRevalidate;
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function ActionForm({
  intent,
  label,
  children,
  variant = "primary",
}: {
  intent: string;
  label: string;
  children?: React.ReactNode;
  variant?: "primary" | "secondary";
}) {
  const busy = useNavigation().formData?.get("intent") === intent;
  return (
    <Form method="post" className="space-y-3 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? "Working…" : label}
      </Button>
    </Form>
  );
}

/** A label over its control, with an optional hint between them. */
function Labelled({ label, hint, children }: { label: string; hint?: string; children: React.ReactNode }) {
  return (
    <label className="block text-sm font-semibold text-slate-800">
      {label}
      {hint && <span className="block text-xs font-normal text-slate-600">{hint}</span>}
      {children}
    </label>
  );
}

/** A text field of an action form; `multiline` for the notes (up to NOTE_MAX characters). */
function TextInput({
  name,
  label,
  hint,
  required,
  placeholder,
  multiline,
}: {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
  multiline?: boolean;
}) {
  return (
    <Labelled label={label} hint={hint}>
      {multiline ? (
        <textarea name={name} rows={3} maxLength={NOTE_MAX} required={required} className={inputClass} />
      ) : (
        <input name={name} required={required} placeholder={placeholder} maxLength={200} className={inputClass} />
      )}
    </Labelled>
  );
}

/** Only the moves the state table allows from the current status are offered. */
function Actions({ d }: { d: Loaded }) {
  const status = d.order.status as OrderState;
  const can = (to: OrderState) => canTransition(status, to);
  const forms: React.ReactNode[] = [];
  if (can("in_progress")) forms.push(<ActionForm key="start" intent="start" label="Mark in progress" />);
  if (can("delivered")) {
    forms.push(
      <ActionForm key="deliver" intent="deliver" label="Mark delivered">
        <TextInput multiline name="publicNote" label="Note for the buyer" hint="Shown on their order status page and in the delivered email. Optional." />
        <TextInput
          multiline
          name="privateNote"
          label="Delivery record (private)"
          hint="What was delivered, when, and to which account: your evidence if the buyer says the item never arrived."
          required
        />
      </ActionForm>,
    );
  }
  if (can("paid")) {
    forms.push(
      <ActionForm key="mark_paid" intent="mark_paid" label={`Mark paid (${usd(d.order.totalCents)} received)`}>
        <Labelled label="Paid with">
          <select name="method" required defaultValue="" className={inputClass}>
            <option value="" disabled>
              Choose…
            </option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </Labelled>
        <TextInput name="reference" label="Payment reference" hint="Transaction id, transfer reference or wallet transaction." required />
      </ActionForm>,
    );
  }
  if (can("refunded") && d.capture) {
    forms.push(
      <ActionForm key="refund" intent="refund" label={d.payPalRefunds ? "Refund through PayPal" : "Record refund"} variant="secondary">
        <input type="hidden" name="requestKey" value={d.refundKey} />
        <TextInput name="amount" label="Amount to refund (USD)" hint={`Leave empty for everything left: ${usd(d.refundableCents)}.`} placeholder="full" />
        {!d.payPalRefunds && (
          <TextInput name="reference" label="Refund reference" hint="Paid outside PayPal's API: refund the buyer yourself, then record it here." required />
        )}
        {d.payPalRefunds && !d.payPalReady && (
          <p className="text-xs text-red-700">PayPal is not configured on this server: refunds through PayPal are unavailable.</p>
        )}
        <TextInput name="reason" label="Reason (private)" />
      </ActionForm>,
    );
  }
  if (can("cancelled")) {
    forms.push(
      <ActionForm key="cancel" intent="cancel" label="Cancel order" variant="secondary">
        <TextInput name="reason" label="Reason (private)" />
      </ActionForm>,
    );
  }
  return (
    <Card title="Actions">
      {forms.length ? (
        <div className="space-y-4">{forms}</div>
      ) : (
        <p className="text-sm text-slate-700">No further step: this order is {QUEUE_LABELS[status].toLowerCase()}.</p>
      )}
    </Card>
  );
}

/** A record of the order (payments, events, history…): a card with its table, or "None." */
function RecordCard({ title, caption = title, columns, rows }: { title: string; caption?: string; columns: string[]; rows: React.ReactNode[][] }) {
  return (
    <Card title={title}>
      <Table dense empty="None." caption={caption} columns={columns} rows={rows} />
    </Card>
  );
}

/** An id or payload as the machine wrote it. */
const code = (text: React.ReactNode) => <span className="font-mono text-xs">{text}</span>;

export default function OrderPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { order } = d;
  const display =
    isCurrency(order.displayCurrency) && order.displayCurrency !== "USD"
      ? formatMoney(convertCentsAtRate(order.totalCents, order.displayRate), order.displayCurrency)
      : null;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/orders" className="text-brand-700 underline">
          ← Orders
        </Link>
      </p>
      <PageTitle
        actions={
          <a href={d.statusPagePath} target="_blank" rel="noreferrer" className="text-sm text-brand-700 underline">
            Buyer's status page (new tab)
          </a>
        }
      >
        <span className="font-mono">{order.id}</span> <StatusBadge status={order.status} />
      </PageTitle>
      {result && <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice>}
      {d.sincePayment && (
        <p className="mb-4 text-sm">
          Paid {formatUtc(order.paidAt)} · <UrgencyBadge urgency={d.sincePayment.urgency} age={d.sincePayment.age} />
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        {/* On a phone the actions come first: they are what the seller opened the order for. */}
        <div className="order-last min-w-0 space-y-4 lg:order-first">
          <Card title="Items and totals">
            <Table
              dense
              empty="None."
              caption="Items"
              columns={["Item", "Qty", "Unit", "Line"]}
              rows={d.items.map((i) => [
                i.isFree ? `${i.title} (free with coupon)` : i.title,
                i.quantity,
                usd(i.unitPriceCents),
                usd(i.unitPriceCents * i.quantity),
              ])}
            />
            <div className="mt-3">
              <Facts
                rows={[
                  ["Subtotal", usd(order.subtotalCents)],
                  ["Discount", order.discountCents ? `−${usd(order.discountCents)}` : "—"],
                  ["Coupon", d.coupon ? `${d.coupon.code} (${d.coupon.type})` : "—"],
                  ["Total charged", `${usd(order.totalCents)} USD`],
                  ["Shown to buyer", display ? `≈ ${display} (${order.displayCurrency} at ${order.displayRate})` : "USD"],
                  ["Refunded", d.refundedCents ? usd(d.refundedCents) : "—"],
                ]}
              />
            </div>
          </Card>
          <Card title="Customer">
            <Facts
              rows={[
                ["Name", order.name],
                [
                  "Email",
                  <a key="e" href={`mailto:${order.email}?subject=${encodeURIComponent(`Your order ${order.id}`)}`} className="text-brand-700 underline">
                    {order.email}
                  </a>,
                ],
                ["Discord", order.communityUsername],
                [order.isGift ? "Gift recipient (game)" : "Game username", order.gameUsername],
                ["Gift", order.isGift ? "Yes: send to the recipient's username, no login" : "No: permanent upload to the buyer's account"],
                ["Channel", order.channel === "manual" ? "Manual (Discord/WhatsApp)" : "PayPal"],
                ["Language", order.lang],
                ["Placed", formatUtc(order.createdAt)],
                ["18+ confirmed", formatUtc(order.ageConfirmedAt)],
                ["Terms version", order.termsVersion ?? "—"],
              ]}
            />
          </Card>
          {(order.sellerNote || order.deliveryNote) && (
            <Card title="Delivery">
              <Facts
                rows={[
                  ["Delivered", formatUtc(order.deliveredAt)],
                  ["Note for the buyer", order.sellerNote ?? "—"],
                  [
                    "Delivery record (private)",
                    <span key="p" className="whitespace-pre-wrap">
                      {order.deliveryNote ?? "—"}
                    </span>,
                  ],
                ]}
              />
            </Card>
          )}
          <RecordCard
            title="Payments"
            columns={["When", "Kind", "Provider", "Reference", "Status", "Amount"]}
            rows={d.payments.map((p) => [formatUtc(p.createdAt), p.kind, p.provider, code(p.providerRef), p.status, `${usd(p.amountCents)} ${p.currency}`])}
          />
          <RecordCard
            title="PayPal webhook events"
            caption="Webhook events"
            columns={["Received", "Event", "Resource", "Processed"]}
            rows={d.webhooks.map((w) => [formatUtc(w.receivedAt), w.type, code(w.resourceId ?? "—"), formatUtc(w.processedAt)])}
          />
          <RecordCard
            title="History"
            caption="Status history"
            columns={["When", "Change", "By", "Note"]}
            rows={d.history.map((e) => [
              formatUtc(e.createdAt),
              `${e.fromStatus ? QUEUE_LABELS[e.fromStatus] : "—"} → ${QUEUE_LABELS[e.toStatus]}`,
              e.actor,
              e.note ?? "",
            ])}
          />
          <RecordCard
            title="Seller actions"
            columns={["When", "Who", "Action", "Detail"]}
            rows={d.audit.map((a) => [formatUtc(a.createdAt), a.actor, a.action, code(a.detail ? JSON.stringify(a.detail) : "")])}
          />
          <RecordCard
            title="Notifications"
            columns={["Queued", "To", "Kind", "Status", "Sent"]}
            rows={d.mails.map((m) => [formatUtc(m.createdAt), m.channel === "discord" ? "Discord" : m.to, m.kind, m.status, formatUtc(m.sentAt)])}
          />
        </div>
        <div className="min-w-0 space-y-4">
          <Actions d={d} />
          <OrderLoginCard orderId={order.id} login={d.login} />
          {d.others.length > 0 && (
            <Card title="Other orders from this email">
              <ul className="space-y-1 text-sm">
                {d.others.map((o) => (
                  <li key={o.id}>
                    <Link to={`/admin/orders/${o.id}`} className="font-mono text-xs text-brand-700 underline">
                      {o.id}
                    </Link>{" "}
                    <StatusBadge status={o.status} /> {usd(o.totalCents)}
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}

/** Inside the console's frame (an unknown order, a refused request). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
