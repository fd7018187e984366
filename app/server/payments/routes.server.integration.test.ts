import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { centsToAmountString } from "~/domain/money";
import * as captureRoute from "~/routes/api.paypal.capture";
import * as createRoute from "~/routes/api.paypal.orders";
import * as webhookRoute from "~/routes/api.paypal.webhook";
import * as ordersRoute from "~/routes/api.orders";
import { products } from "../../../db/schema";
import { PAYMENT_DETAILS } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { fakePayPalConfig, useFakePayPal } from "../../../tests/setup/fake-paypal";
import type { Database } from "../platform/db.server";
import { parseEnv, type Env } from "../platform/env.server";
import { orderStatusPath } from "../orders/links.server";
import { findOrder } from "../orders/orders.server";
import { createPayPalAdapter } from "../paypal/adapter.server";
import type { Services } from "../services.server";
import { routeArgs, testServices } from "../../../tests/setup/route-context";

const WEBHOOK_ID = "8PT597110X687430LKGECATA";
const fake = useFakePayPal();

type Action = (args: never) => Promise<unknown>;

/** Calls a route's action as React Router does, and reads the status and body it answers. */
/** The services the routes are handed: PayPal is the fake unless a test starts the shop without it. */
let services: Services;

async function post(route: { action: Action }, body: unknown, { ip = "198.51.100.1", headers = {} as Record<string, string> } = {}) {
  const request = new Request("http://shop.test/api", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const result = await route.action(routeArgs(request, services, ip) as never);
  // data() answers carry their status in `init`; plain objects are 200.
  if (result instanceof Object && "init" in result && "data" in result) {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

for (const target of testDatabases()) {
  describe(`PayPal routes on ${target.name}`, () => {
    const database = seededDatabase(target);
    beforeAll(() => {
      env = parseEnv({ SESSION_SECRET: "r".repeat(40), PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_WEBHOOK_ID: WEBHOOK_ID });
      opened = { db: database.db, kind: target.name, close: async () => {} };
      services = testServices(opened, env, { paypal: createPayPalAdapter(fakePayPalConfig(fake())) });
    });
    let env: Env;
    let opened: Database;

    async function order(body: Record<string, unknown> = {}) {
      const answer = await post(ordersRoute, { details: PAYMENT_DETAILS, lines: [{ id: "2", quantity: 1 }], ...body });
      expect(answer.status).toBe(201);
      return (answer.body as { order: { id: string; totalCents: number; items: unknown[] } }).order;
    }

    it("charges the server's price, whatever prices, totals or discounts the browser sends", async () => {
      const [product] = await database.db.select().from(products).where(eq(products.id, "2"));
      const placed = await order({
        lines: [{ id: "2", quantity: 2, priceCents: 1, price: 0.01 }],
        total: 0.01,
        subtotalCents: 1,
        discountCents: 10_000,
        ageConfirmedAt: "2026-11-01T10:00:00Z",
      });
      expect(placed.totalCents).toBe(2 * product.priceCents);
      // The reply carries the stored lines: the manual-order message is built from them, not the cart.
      expect(placed.items).toEqual([{ productId: "2", title: product.title, unitPriceCents: product.priceCents, quantity: 2, isFree: false }]);
      const created = await post(createRoute, { orderId: placed.id, amount: "0.01", totalCents: 1 });
      expect(created).toMatchObject({ status: 200, body: { ok: true } });
      const sent = fake().orders.get(String(created.body.paypalOrderId))!.request.purchase_units[0];
      expect(sent.amount.value).toBe(centsToAmountString(2 * product.priceCents));
      expect((await findOrder(database.db, placed.id))?.ageConfirmedAt).toEqual(new Date("2026-11-01T10:00:00Z"));
    });

    it("refuses tampered quantities and a future age confirmation with 422", async () => {
      for (const quantity of [-1, 0, 1.5, 1000, "2"]) {
        expect((await post(ordersRoute, { details: PAYMENT_DETAILS, lines: [{ id: "2", quantity }] })).status).toBe(422);
      }
      const future = new Date(Date.now() + 86_400_000).toISOString();
      expect((await post(ordersRoute, { details: PAYMENT_DETAILS, lines: [{ id: "2", quantity: 1 }], ageConfirmedAt: future })).status).toBe(422);
    });

    it("answers 400 for an unreadable body, 422 for an invalid one, 404 for an unknown order, 422 for an order it cannot pay", async () => {
      expect(await post(createRoute, "{not json")).toMatchObject({ status: 400, body: { ok: false, code: "request_invalid" } });
      expect(await post(createRoute, { orderId: "ORD1" })).toMatchObject({ status: 422, body: { ok: false, code: "request_invalid" } });
      expect(await post(captureRoute, { orderId: "ORD000000000000-NONE", paypalOrderId: "X" })).toEqual({
        status: 404,
        body: { ok: false, code: "order_not_found", vars: {} },
      });
      const placed = await order();
      const rawBody = JSON.stringify({
        id: "WH-ROUTE-1",
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: {
          id: "4ED23413JP8301714",
          status: "COMPLETED",
          invoice_id: placed.id,
          amount: { currency_code: "USD", value: centsToAmountString(placed.totalCents) },
        },
      });
      const headers = fake().webhookHeaders(rawBody, WEBHOOK_ID);
      expect(await post(webhookRoute, rawBody, { headers })).toEqual({ status: 200, body: { status: "processed" } });
      expect(await post(webhookRoute, rawBody, { headers })).toEqual({ status: 200, body: { status: "duplicate" } });
      // Paid by the webhook: no second PayPal order for it.
      expect(await post(createRoute, { orderId: placed.id })).toEqual({ status: 422, body: { ok: false, code: "order_not_payable", vars: {} } });
    });

    it("refuses an unsigned webhook with 400 and changes nothing", async () => {
      const placed = await order();
      const raw = JSON.stringify({
        id: "WH-FORGED",
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: { id: "1AB", invoice_id: placed.id, amount: { currency_code: "USD", value: "1.00" } },
      });
      expect(await post(webhookRoute, raw)).toEqual({ status: 400, body: { ok: false, code: "request_invalid", vars: {} } });
      expect((await findOrder(database.db, placed.id))?.status).toBe("awaiting_payment");
    });

    it("pays through create and capture, answering the payer's name and the order's signed status page", async () => {
      const placed = await order({ gift: true });
      const created = await post(createRoute, { orderId: placed.id });
      const paypalOrderId = String(created.body.paypalOrderId);
      fake().approve(paypalOrderId, "Kim");
      expect(await post(captureRoute, { orderId: placed.id, paypalOrderId })).toEqual({
        status: 200,
        body: {
          ok: true,
          // A gift wish on a permanent trigger is ignored (ADR 042): the buyer is sent to give the login.
          payment: { status: "paid", givenName: "Kim", orderId: placed.id, isGift: false, needsLogin: true },
          statusPath: orderStatusPath(services.keys, placed.id, "en"),
        },
      });
    });

    it("answers 503 payment_unavailable without PayPal, and when PayPal cannot verify a webhook", async () => {
      const placed = await order();
      fake().failNext("verify", 3);
      const raw = JSON.stringify({ id: "WH-LATER", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: {} });
      expect(await post(webhookRoute, raw, { headers: fake().webhookHeaders(raw, WEBHOOK_ID) })).toEqual({
        status: 503,
        body: { ok: false, code: "payment_unavailable", vars: {} },
      });
      const withPayPal = services;
      services = testServices(opened, env); // a shop started without PayPal credentials
      try {
        const unavailable = { status: 503, body: { ok: false, code: "payment_unavailable", vars: {} } };
        expect(await post(createRoute, { orderId: placed.id })).toEqual(unavailable);
        expect(await post(captureRoute, { orderId: placed.id, paypalOrderId: "5O190127TN364715T" })).toEqual(unavailable);
        expect(await post(webhookRoute, raw)).toEqual(unavailable);
      } finally {
        services = withPayPal;
      }
    });

    it("rate-limits a client's payment calls with 429", async () => {
      const ip = `203.0.113.${target.name === "pglite" ? 1 : 2}`;
      const answers = [];
      for (let i = 0; i < 21; i++) answers.push(await post(createRoute, { orderId: "ORD000000000000-NONE" }, { ip }));
      expect(answers.slice(0, 20).every((a) => a.status === 404)).toBe(true);
      expect(answers[20]).toEqual({ status: 429, body: { ok: false, code: "rate_limited", vars: {} } });
    });

    it("answers 405 to GET", () => {
      for (const route of [createRoute, captureRoute, webhookRoute]) expect(() => route.loader()).toThrow();
    });
  });
}
