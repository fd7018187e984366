import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orders } from "../db/schema";
import { newOrder } from "../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../tests/setup/databases";
import { getEnv, parseEnv, setEnv } from "../app/server/env.server";
import { createOrder, markOrderPaid } from "../app/server/orders.server";
import { testHooks } from "./test-hooks";

// The end-to-end suite's stand-in for the seller console (mounted only with E2E_TEST_HOOKS=1; the
// order-status HTTP suite checks it is absent otherwise).
for (const target of testDatabases()) {
  describe(`test hooks on ${target.name}`, () => {
    const database = seededDatabase(target);
    const previous = getEnv();
    let server: Server;
    let base: string;
    beforeAll(async () => {
      setEnv(parseEnv({ SESSION_SECRET: "test-hooks-secret-0123456789abcdef0123" }));
      const app = express();
      app.use("/__test", testHooks(database.db));
      server = app.listen(0, "127.0.0.1");
      await once(server, "listening");
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__test`;
    });
    afterAll(async () => {
      setEnv(previous);
      await new Promise((resolve) => server.close(resolve));
    });
    const move = (id: string, body: unknown) =>
      fetch(`${base}/orders/${id}/status`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

    it("moves an order through changeOrderStatus, with the seller's note set first (so the delivered mail carries it)", async () => {
      const created = await createOrder(database.db, newOrder());
      if (!created.ok) throw new Error(created.code);
      const { id, totalCents } = created.order;
      await markOrderPaid(database.db, { orderId: id, provider: "paypal", reference: `CAP-${id}`, amountCents: totalCents, currency: "USD", actor: "test" });
      expect((await move(id, { status: "in_progress" })).status).toBe(200);
      const delivered = await move(id, { status: "delivered", sellerNote: "Delivered to SamGame." });
      expect(await delivered.json()).toEqual({ ok: true });
      const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
      expect(order).toMatchObject({ status: "delivered", sellerNote: "Delivered to SamGame." });
      const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id));
      expect(mails.find((m) => m.kind === "order_delivered")?.text).toContain("Delivered to SamGame.");
    });

    it("refuses a transition the order table does not allow, and a body it cannot read", async () => {
      const created = await createOrder(database.db, newOrder());
      if (!created.ok) throw new Error(created.code);
      const refused = await move(created.order.id, { status: "delivered" });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ ok: false, code: "order_transition_refused" });
      expect((await move(created.order.id, { status: "shipped" })).status).toBe(422);
    });
  });
}
