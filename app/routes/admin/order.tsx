import { data, Link, useActionData, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/order";
import { AdminError } from "~/components/admin/admin-error";
import { PageTitle } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { ActionsCard } from "~/components/admin/order/actions-card";
import { CustomerCard } from "~/components/admin/order/customer-card";
import { DeliveryCard } from "~/components/admin/order/delivery-card";
import { ItemsCard } from "~/components/admin/order/items-card";
import { OrderLoginCard } from "~/components/admin/order/login-card";
import { OtherOrdersCard } from "~/components/admin/order/other-orders-card";
import { OrderReportsCard } from "~/components/admin/reports/order-reports-card";
import { HistoryCard, NotificationsCard, PaymentsCard, SellerActionsCard, WebhooksCard } from "~/components/admin/order/record-cards";
import { StatusBadge, UrgencyBadge } from "~/components/admin/status-badge";
import { useCan } from "~/components/admin/use-can";
import { isLang } from "~/domain/lang-path";
import { deliveryUrgency, NOTE_MAX, orderActionSchema } from "~/domain/order-desk";
import type { TFunction } from "i18next";
import { sellerLoginSummary } from "~/server/login-handoff/seller.server";
import { orderStatusPath } from "~/server/orders/links.server";
import { done, field, formKey, readForm, refused } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller, type Seller } from "~/server/seller-auth/guard.server";
import { applyOrderAction } from "~/server/orders/console-actions.server";
import { orderDetail } from "~/server/orders/desk.server";
import { blockOrderBuyer } from "~/server/blocklist/blocklist.server";
import { buyerSignals } from "~/server/blocklist/signals.server";
import { reportsOfOrder } from "~/server/problem-reports/reports.server";
import { isMultipart, orderProofs, storeProofs, withProofUpload, type StoredProofs } from "~/server/orders/delivery-proofs.server";
import { MediaError } from "~/server/media/media-error.server";
import type { Upload } from "~/server/media/upload.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({
  read: "orders.view",
  write: {
    start: "orders.work",
    deliver: "orders.work",
    cancel: "orders.work",
    mark_paid: "orders.work",
    refund: "orders.refund",
    block_buyer: "blocklist.edit",
  },
});

// The page's words: locales/{lang}/adminOrders.json, `order` and its cards' (docs/decisions/055).
export const meta: Route.MetaFunction = ({ params, matches }) => consoleMeta(matches, "adminOrders.order.title", { id: params.id });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const db = context.services.db;
  const detail = await orderDetail(db, params.id);
  if (!detail) throw data(null, { status: 404 });
  const { order } = detail;
  const now = context.services.now();
  const waiting = order.paidAt && (order.status === "paid" || order.status === "in_progress");
  return {
    ...detail,
    now,
    urgency: waiting ? deliveryUrgency(order.paidAt!, now) : null,
    // Earlier orders, disputes and blocks of the same email, game username or PayPal payer.
    signals: await buyerSignals(db, order),
    statusPagePath: orderStatusPath(context.services.keys, order.id, isLang(order.lang) ? order.lang : "en"),
    // One per rendering: the same refund form submitted twice is one refund at PayPal.
    refundKey: formKey(),
    payPalRefunds: order.channel === "paypal" && detail.capture?.provider === "paypal",
    payPalReady: context.services.paypal !== null,
    // Where the buyer's game login stands (never the login itself: it is revealed in the browser).
    login: await sellerLoginSummary(db, order.id),
    // Problem reports on this order and its re-deliveries (docs/decisions/034).
    problems: await reportsOfOrder(db, order.id),
    // Delivery screenshots (private storage, docs/decisions/043), served by /admin/orders/:id/proofs/:proof.
    proofs: await orderProofs(db, order.id),
    translations: consoleTranslations(seller.lang, ["adminOrders"]),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  // The deliver form with its screenshots comes as multipart (docs/decisions/043); every other form url-encoded.
  if (isMultipart(request)) {
    return withProofUpload(
      context.services.media,
      request,
      (form, upload) => orderAction(request, params.id, context, seller, form, upload),
      (status, message) => refused(status, message),
    );
  }
  return orderAction(request, params.id, context, seller, await readForm(request), null);
}

async function orderAction(request: Request, orderId: string, context: Route.ActionArgs["context"], seller: Seller, form: FormData, upload: Upload | null) {
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const t = consoleT(seller.lang);
  // From the "This buyer elsewhere" card (docs/decisions/035).
  if (form.get("intent") === "block_buyer") {
    const added = await blockOrderBuyer(context.services.db, seller, orderId, "Blocked from the order page", `order:${orderId}`, context.services.now());
    if (added === null) return refused(404, t("adminOrders.order.noOrder"));
    return done(added > 0 ? t("adminOrders.order.blocked") : t("adminOrders.order.alreadyBlocked"));
  }
  const parsed = orderActionSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return refused(422, orderFormProblem(t, parsed.error.issues[0]));
  if (upload?.files.length && parsed.data.intent !== "deliver") return refused(422, t("adminOrders.order.screenshotsDeliverOnly"));
  // Screenshots are checked and stored before the delivery is recorded; a refused one refuses the delivery.
  let proofs: StoredProofs;
  try {
    proofs = await storeProofs(context.services, orderId, upload);
  } catch (error) {
    if (error instanceof MediaError) return refused(error.status === 413 ? 413 : 422, error.message);
    throw error;
  }
  const result = await applyOrderAction(
    { db: context.services.db, site: context.services.site, paypal: context.services.paypal, seller, now: context.services.now(), t },
    orderId,
    parsed.data,
    proofs.proofs,
  );
  if (!result.ok) await proofs.discard();
  return result.ok ? done(result.message) : refused(result.status, result.message);
}

/** An order form's first problem in the account's language (the schema's own messages are English). */
function orderFormProblem(t: TFunction, issue: { code: string; path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return t("adminOrders.order.incomplete");
  const field = String(issue.path[0] ?? "");
  if (issue.code === "too_big" && field in FIELD_LABELS)
    return t("adminOrders.order.tooLong", { field: t(FIELD_LABELS[field]), max: field === "reference" ? 200 : NOTE_MAX });
  if (field === "privateNote") return t("adminOrders.order.recordDelivery");
  if (field === "method") return t("adminOrders.order.choosePaid");
  if (field === "reference") return t("adminOrders.order.enterReference");
  if (field === "requestKey") return t("adminOrders.order.outOfDate");
  return t("adminOrders.order.incomplete");
}

const FIELD_LABELS: Record<string, string> = {
  publicNote: "adminOrders.order.fieldPublicNote",
  privateNote: "adminOrders.order.fieldPrivateNote",
  reason: "adminOrders.order.fieldReason",
  reference: "adminOrders.order.fieldReference",
};

/** After any action, refused ones too: a refusal usually means the order moved on elsewhere, so show where it is now. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? true : defaultShouldRevalidate;
}

/** The order page: its status and the seller's next steps, then one card per record of the order. */
export default function OrderPage() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const can = useCan();
  const { t, when, elapsed } = useConsole();
  const { order } = d;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/orders" className="text-brand-700 underline">
          ← {t("adminOrders.orders.title")}
        </Link>
      </p>
      <PageTitle
        actions={
          <a href={d.statusPagePath} target="_blank" rel="noreferrer" className="text-sm text-brand-700 underline">
            {t("adminOrders.order.statusPage")}
          </a>
        }
      >
        <span className="font-mono">{order.id}</span> <StatusBadge status={order.status} />
      </PageTitle>
      <ReplyNotice reply={reply} />
      {d.urgency && order.paidAt && (
        <p className="mb-4 text-sm">
          {t("adminOrders.order.paid", { at: when(order.paidAt) })} · <UrgencyBadge urgency={d.urgency} age={elapsed(order.paidAt, d.now)} />
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        {/* On a phone the actions come first: they are what the seller opened the order for. */}
        <div className="order-last min-w-0 space-y-4 lg:order-first">
          <ItemsCard items={d.items} order={order} coupon={d.coupon} refundedCents={d.refundedCents} />
          <CustomerCard order={order} />
          <DeliveryCard order={order} proofs={d.proofs} />
          <PaymentsCard payments={d.payments} />
          <WebhooksCard webhooks={d.webhooks} />
          <HistoryCard history={d.history} />
          <SellerActionsCard audit={d.audit} />
          <NotificationsCard mails={d.mails} />
        </div>
        <div className="min-w-0 space-y-4">
          <ActionsCard
            order={order}
            refund={
              d.capture && can("orders.refund")
                ? {
                    refundKey: d.refundKey,
                    refundableCents: d.refundableCents,
                    payPalRefunds: d.payPalRefunds,
                    payPalReady: d.payPalReady,
                    refunds: d.payments.filter((p) => p.kind === "refund").length,
                  }
                : null
            }
          />
          <OrderReportsCard {...d.problems} />
          <OrderLoginCard orderId={order.id} login={d.login} />
          <OtherOrdersCard signals={d.signals} />
        </div>
      </div>
    </>
  );
}

/** Inside the console's frame (an unknown order, a refused request). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
