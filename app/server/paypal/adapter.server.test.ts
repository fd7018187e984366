import { describe, expect, it } from "vitest";
import { fakePayPalConfig, useFakePayPal } from "../../../tests/setup/fake-paypal";
import type { PayPalConfig } from "./config.server";
import { createPayPalAdapter } from "./adapter.server";
import { describeOrder, payPalRequestId, type PayableOrder } from "./order-request.server";
import { PayPalUnavailableError } from "./transport.server";
import { parseWebhookEvent } from "./webhooks.server";

const fakePayPal = useFakePayPal();

/** Two VENOM-TRIGGERs with a 15 % coupon and its free room, as orders.server.ts stores it. */
const couponOrder: PayableOrder = {
  id: "ORD261122141500-AB12",
  items: [
    { productId: "2", title: "VENOM-TRIGGER", unitPriceCents: 5499, quantity: 2, isFree: false },
    { productId: "tramp-house", title: "TRAMP-HOUSE", unitPriceCents: 0, quantity: 1, isFree: true },
  ],
  subtotalCents: 10998,
  discountCents: 1650,
  totalCents: 9348,
  couponId: "coupon-newuser15",
};

const singleOrder: PayableOrder = {
  id: "ORD261122141501-CD34",
  items: [{ productId: "9", title: "Dirty Projector", unitPriceCents: 3499, quantity: 1, isFree: false }],
  subtotalCents: 3499,
  discountCents: 0,
  totalCents: 3499,
  couponId: null,
};

function adapter(overrides: Partial<PayPalConfig> = {}) {
  return createPayPalAdapter(fakePayPalConfig(fakePayPal(), overrides));
}

/** A PayPal order the buyer has approved, ready to capture. */
async function approvedOrder(paypal = adapter(), order = couponOrder) {
  const created = await paypal.createPayPalOrder(order);
  fakePayPal().approve(created.id, "Alex");
  return created.id;
}

describe("createPayPalOrder", () => {
  it("builds the PayPal order from our stored order: USD items, breakdown, ids, description and buyer experience", async () => {
    const created = await adapter().createPayPalOrder(couponOrder, { returnPath: "/fr/checkout" });

    expect(created.status).toBe("PAYER_ACTION_REQUIRED");
    const sent = fakePayPal().orders.get(created.id)!.request;
    const unit = sent.purchase_units[0];
    expect(sent.intent).toBe("CAPTURE");
    expect(unit.amount).toEqual({
      currency_code: "USD",
      value: "93.48",
      breakdown: { item_total: { currency_code: "USD", value: "109.98" }, discount: { currency_code: "USD", value: "16.50" } },
    });
    expect(unit.items).toEqual([
      { name: "VENOM-TRIGGER", sku: "2", unit_amount: { currency_code: "USD", value: "54.99" }, quantity: "2", category: "DIGITAL_GOODS" },
      { name: "TRAMP-HOUSE", sku: "tramp-house", unit_amount: { currency_code: "USD", value: "0.00" }, quantity: "1", category: "DIGITAL_GOODS" },
    ]);
    expect(unit.invoice_id).toBe(couponOrder.id);
    expect(unit.custom_id).toBe(couponOrder.id);
    expect(unit.description).toBe("[ORD261122141500-AB12] Order for 3 items (coupon applied)");
    expect(unit.soft_descriptor).toBe("TRIGGERSHOP");
    expect(sent.payment_source?.paypal).toEqual({
      experience_context: expect.objectContaining({
        brand_name: "Trigger Shop",
        shipping_preference: "NO_SHIPPING",
        user_action: "PAY_NOW",
        return_url: "http://shop.test/fr/checkout?success=true",
        cancel_url: "http://shop.test/fr/checkout?cancelled=true",
      }),
    });
  });

  it("describes a one-item order by its title", () => {
    expect(describeOrder(singleOrder)).toBe("[ORD261122141501-CD34] Dirty Projector");
    expect(describeOrder({ ...singleOrder, couponId: "c" })).toBe("[ORD261122141501-CD34] Dirty Projector (coupon applied)");
    expect(describeOrder({ ...singleOrder, items: [{ ...singleOrder.items[0], title: "x".repeat(300) }] })).toHaveLength(127);
  });

  it("gives back the same PayPal order when our order is sent again (request id derived from our order id)", async () => {
    const paypal = adapter();
    const first = await paypal.createPayPalOrder(couponOrder);
    const second = await paypal.createPayPalOrder(couponOrder);

    expect(second.id).toBe(first.id);
    expect(fakePayPal().orders.size).toBe(1);
    expect(
      fakePayPal()
        .requests.filter((r) => r.route === "create")
        .map((r) => r.requestId),
    ).toEqual([payPalRequestId("create", couponOrder.id), payPalRequestId("create", couponOrder.id)]);
  });

  it("retries a 5xx with the same request id and makes only one PayPal order", async () => {
    fakePayPal().failNext("create", 1);
    const created = await adapter().createPayPalOrder(singleOrder);

    const creates = fakePayPal().requests.filter((r) => r.route === "create");
    expect(creates).toHaveLength(2);
    expect(new Set(creates.map((r) => r.requestId)).size).toBe(1);
    expect([...fakePayPal().orders.keys()]).toEqual([created.id]);
  });

  it("refuses, without calling PayPal, an order with nothing to pay or totals that do not add up", async () => {
    const paypal = adapter();
    await expect(paypal.createPayPalOrder({ ...singleOrder, discountCents: 3499, totalCents: 0 })).rejects.toThrow(RangeError);
    await expect(paypal.createPayPalOrder({ ...singleOrder, totalCents: 100 })).rejects.toThrow(RangeError);
    expect(fakePayPal().count("create")).toBe(0);
  });
});

describe("access token", () => {
  it("is fetched once and reused for later and concurrent requests", async () => {
    const paypal = adapter();
    const id = await approvedOrder(paypal);
    await Promise.all([paypal.getPayPalOrder(id), paypal.getPayPalOrder(id), paypal.getPayPalOrder(id)]);
    await paypal.capturePayPalOrder(id, payPalRequestId("capture", couponOrder.id));

    expect(fakePayPal().count("token")).toBe(1);
  });

  it("is renewed shortly before it expires", async () => {
    let now = 1_000_000;
    const paypal = adapter({ now: () => now });
    const id = await approvedOrder(paypal);
    now += 32_400_000 - 90_000; // 9 h token, 1.5 min left: still used
    await paypal.getPayPalOrder(id);
    expect(fakePayPal().count("token")).toBe(1);
    now += 60_000; // inside the last minute: renewed
    await paypal.getPayPalOrder(id);
    expect(fakePayPal().count("token")).toBe(2);
  });

  it("is replaced when PayPal stops accepting it", async () => {
    const paypal = adapter();
    const id = await approvedOrder(paypal);
    fakePayPal().expireTokens();

    await expect(paypal.getPayPalOrder(id)).resolves.toMatchObject({ id });
    expect(fakePayPal().count("token")).toBe(2);
  });
});

describe("capturePayPalOrder", () => {
  const requestId = payPalRequestId("capture", couponOrder.id);

  it("completed: capture id, amount, currency, invoice and the payer's first name", async () => {
    const paypal = adapter();
    const id = await approvedOrder(paypal);

    const result = await paypal.capturePayPalOrder(id, requestId);

    expect(result).toMatchObject({ kind: "completed", amountCents: 9348, currency: "USD", invoiceId: couponOrder.id, payerGivenName: "Alex" });
    expect(result.kind === "completed" && result.captureId).toBe(fakePayPal().orders.get(id)!.capture!.id);
  });

  it("pending: the money is not there yet", async () => {
    const paypal = adapter();
    const id = await approvedOrder(paypal);
    fakePayPal().setCaptureOutcome("pending");

    await expect(paypal.capturePayPalOrder(id, requestId)).resolves.toMatchObject({ kind: "pending", reason: "PENDING_REVIEW" });
  });

  it("declined (INSTRUMENT_DECLINED), then a new attempt with another funding source completes", async () => {
    const paypal = adapter();
    const id = await approvedOrder(paypal);
    fakePayPal().setCaptureOutcome("declined");
    await expect(paypal.capturePayPalOrder(id, payPalRequestId("capture", couponOrder.id, 1))).resolves.toMatchObject({ kind: "declined" });

    fakePayPal().setCaptureOutcome("completed");
    await expect(paypal.capturePayPalOrder(id, payPalRequestId("capture", couponOrder.id, 2))).resolves.toMatchObject({ kind: "completed" });
  });

  it("already captured (ORDER_ALREADY_CAPTURED): the order can be looked up", async () => {
    const paypal = adapter();
    const id = await approvedOrder(paypal);
    fakePayPal().setCaptureOutcome("already_captured");

    await expect(paypal.capturePayPalOrder(id, requestId)).resolves.toEqual({ kind: "already_captured" });
    await expect(paypal.getPayPalOrder(id)).resolves.toMatchObject({
      status: "COMPLETED",
      invoiceId: couponOrder.id,
      capture: { status: "COMPLETED", amountCents: 9348, currency: "USD", invoiceId: couponOrder.id },
    });
  });

  it("5xx once, then success: the retry carries the same request id", async () => {
    const paypal = adapter();
    const id = await approvedOrder(paypal);
    fakePayPal().failNext("capture", 1);

    await expect(paypal.capturePayPalOrder(id, requestId)).resolves.toMatchObject({ kind: "completed" });
    expect(
      fakePayPal()
        .requests.filter((r) => r.route === "capture")
        .map((r) => r.requestId),
    ).toEqual([requestId, requestId]);
  });

  it("answer lost after PayPal captured: the retry gets the capture, not ORDER_ALREADY_CAPTURED", async () => {
    const paypal = adapter();
    const id = await approvedOrder(paypal);
    fakePayPal().failNext("capture", 1, { status: 500, afterWork: true });

    await expect(paypal.capturePayPalOrder(id, requestId)).resolves.toMatchObject({ kind: "completed", amountCents: 9348 });
  });

  it("slow answer: times out, retries with the same request id and gets the one capture", async () => {
    const paypal = adapter({ timeoutMs: 300 });
    const id = await approvedOrder(paypal);
    fakePayPal().delayNext("capture", 1_000, 1);

    const result = await paypal.capturePayPalOrder(id, requestId);

    expect(result).toMatchObject({ kind: "completed" });
    expect(
      fakePayPal()
        .requests.filter((r) => r.route === "capture")
        .map((r) => r.requestId),
    ).toEqual([requestId, requestId]);
  });

  it("PayPal unreachable on every attempt: an error result, not a throw", async () => {
    const paypal = adapter({ timeoutMs: 100, maxAttempts: 2 });
    const id = await approvedOrder(paypal);
    fakePayPal().delayNext("capture", 300, 2);

    await expect(paypal.capturePayPalOrder(id, requestId)).resolves.toMatchObject({ kind: "error", status: null });
    fakePayPal().failNext("capture", 2);
    await expect(paypal.capturePayPalOrder(id, payPalRequestId("capture", couponOrder.id, 2))).resolves.toMatchObject({ kind: "error", status: 503 });
  });

  it("an order the buyer has not approved is an error naming PayPal's issue", async () => {
    const paypal = adapter();
    const created = await paypal.createPayPalOrder(singleOrder);

    await expect(paypal.capturePayPalOrder(created.id, requestId)).resolves.toMatchObject({ kind: "error", status: 422, issue: "ORDER_NOT_APPROVED" });
  });
});

describe("getPayPalOrder", () => {
  it("is null for an order PayPal does not know", async () => {
    await expect(adapter().getPayPalOrder("5O190127TN364715T")).resolves.toBeNull();
  });
});

describe("refundCapture", () => {
  async function capturedId(paypal: ReturnType<typeof adapter>) {
    const id = await approvedOrder(paypal);
    const result = await paypal.capturePayPalOrder(id, payPalRequestId("capture", couponOrder.id));
    if (result.kind !== "completed") throw new Error(`capture ${result.kind}`);
    return result.captureId;
  }

  it("refunds in full, then says it is already refunded", async () => {
    const paypal = adapter();
    const captureId = await capturedId(paypal);

    await expect(paypal.refundCapture(captureId, undefined, payPalRequestId("refund", couponOrder.id, 1))).resolves.toMatchObject({
      kind: "completed",
      amountCents: 9348,
    });
    await expect(paypal.refundCapture(captureId, undefined, payPalRequestId("refund", couponOrder.id, 2))).resolves.toEqual({ kind: "already_refunded" });
  });

  it("refunds part, refuses more than is left, and a retried refund is not paid twice", async () => {
    const paypal = adapter();
    const captureId = await capturedId(paypal);
    fakePayPal().failNext("refund", 1, { status: 500, afterWork: true });

    await expect(paypal.refundCapture(captureId, 9000, payPalRequestId("refund", couponOrder.id, 1))).resolves.toMatchObject({
      kind: "completed",
      amountCents: 9000,
    });
    await expect(paypal.refundCapture(captureId, 1000, payPalRequestId("refund", couponOrder.id, 2))).resolves.toMatchObject({
      kind: "error",
      status: 422,
      issue: "REFUND_AMOUNT_EXCEEDED",
    });
    await expect(paypal.refundCapture(captureId, 348, payPalRequestId("refund", couponOrder.id, 3))).resolves.toMatchObject({
      kind: "completed",
      amountCents: 348,
    });
  });
});

describe("verifyWebhookSignature", () => {
  const webhookId = "1JE4291016473214C";
  const rawBody = JSON.stringify({
    id: "WH-2WR32451HC0233532-67976317FL4543714",
    event_type: "PAYMENT.CAPTURE.COMPLETED",
    resource_type: "capture",
    create_time: "2026-11-22T14:20:00Z",
    resource: { id: "42311647XV020574X", status: "COMPLETED", invoice_id: couponOrder.id, amount: { currency_code: "USD", value: "93.48" } },
  });

  it("accepts a genuine delivery and rejects a tampered body or another webhook's signature", async () => {
    const paypal = adapter();
    const headers = fakePayPal().webhookHeaders(rawBody, webhookId);

    await expect(paypal.verifyWebhookSignature(new Headers(headers), rawBody, webhookId)).resolves.toBe(true);
    await expect(paypal.verifyWebhookSignature(headers, rawBody.replace("93.48", "0.01"), webhookId)).resolves.toBe(false);
    await expect(paypal.verifyWebhookSignature(headers, rawBody, "9XY4291016473214C")).resolves.toBe(false);
  });

  it("rejects, without asking PayPal, a delivery missing a signature header or not JSON", async () => {
    const paypal = adapter();
    const { "paypal-transmission-sig": _dropped, ...unsigned } = fakePayPal().webhookHeaders(rawBody, webhookId);

    await expect(paypal.verifyWebhookSignature(unsigned, rawBody, webhookId)).resolves.toBe(false);
    await expect(paypal.verifyWebhookSignature(fakePayPal().webhookHeaders(rawBody, webhookId), "not json", webhookId)).resolves.toBe(false);
    expect(fakePayPal().count("verify")).toBe(0);
  });

  it("throws when PayPal cannot answer, so the delivery is retried rather than dropped", async () => {
    const paypal = adapter({ maxAttempts: 2 });
    fakePayPal().failNext("verify", 2);

    await expect(paypal.verifyWebhookSignature(fakePayPal().webhookHeaders(rawBody, webhookId), rawBody, webhookId)).rejects.toThrow(PayPalUnavailableError);
  });
});

describe("parseWebhookEvent", () => {
  it("reads a capture event's order, PayPal order, amount and kind", () => {
    const event = parseWebhookEvent(
      JSON.stringify({
        id: "WH-1",
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: {
          id: "CAP1",
          custom_id: couponOrder.id,
          amount: { currency_code: "USD", value: "93.48" },
          supplementary_data: { related_ids: { order_id: "5O190127TN364715T" } },
        },
      }),
    );
    expect(event).toMatchObject({
      eventId: "WH-1",
      kind: "capture_completed",
      resourceId: "CAP1",
      invoiceId: couponOrder.id,
      paypalOrderId: "5O190127TN364715T",
      amountCents: 9348,
      currency: "USD",
    });
  });

  it("finds the refunded capture from the refund's up link; other events are 'other'; non-events are null", () => {
    const refund = parseWebhookEvent(
      JSON.stringify({
        id: "WH-2",
        event_type: "PAYMENT.CAPTURE.REFUNDED",
        resource: { id: "R1", status: "PENDING", links: [{ href: "https://api.paypal.com/v2/payments/captures/CAP9", rel: "up" }] },
      }),
    );
    expect(refund).toMatchObject({ kind: "capture_refunded", captureId: "CAP9", invoiceId: null, amountCents: null, status: "PENDING" });
    expect(parseWebhookEvent(JSON.stringify({ id: "WH-3", event_type: "CHECKOUT.ORDER.APPROVED" }))?.kind).toBe("other");
    expect(parseWebhookEvent("not json")).toBeNull();
    expect(parseWebhookEvent(JSON.stringify({ event_type: "PAYMENT.CAPTURE.COMPLETED" }))).toBeNull();
  });
});
