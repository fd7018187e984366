import { eq } from "drizzle-orm";
import express, { type Request, type Router } from "express";
import { z } from "zod";
import { ORDER_STATES } from "../app/domain/order-state";
import type { Db } from "../app/server/db.server";
import { changeOrderStatus } from "../app/server/orders.server";
import { orders } from "../db/schema";

/**
 * END-TO-END TESTS ONLY. createShop mounts these routes under /__test when E2E_TEST_HOOKS=1, which
 * only playwright.config.ts sets; without it they do not exist (no route answers, 404). They let the
 * browser tests play the seller inside the shop's own process (the embedded database cannot be
 * opened by a second process) until the seller console (/admin) can do it. Loopback clients only.
 */
export const TEST_HOOKS_PREFIX = "/__test";

const statusChange = z.object({
  status: z.enum(ORDER_STATES),
  /** Set before the change, so the buyer's mail for it (delivered) carries it, as the console will. */
  sellerNote: z.string().max(2000).optional(),
});

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const fromLoopback = (req: Request) => LOOPBACK.has(req.socket.remoteAddress ?? "");

export function testHooks(db: Db): Router {
  const router = express.Router();
  router.use((req, res, next) => (fromLoopback(req) ? next() : res.status(404).end()));
  router.use(express.json({ limit: "8kb" }));

  /** POST /__test/orders/:id/status {"status": "in_progress", "sellerNote"?: "…"}: the seller moves an order (changeOrderStatus). */
  router.post("/orders/:id/status", async (req, res) => {
    const body = statusChange.safeParse(req.body);
    if (!body.success) return void res.status(422).json({ ok: false, issues: body.error.issues });
    const id = req.params.id;
    if (body.data.sellerNote !== undefined) await db.update(orders).set({ sellerNote: body.data.sellerNote }).where(eq(orders.id, id));
    const result = await changeOrderStatus(db, id, body.data.status, "e2e:test-hook");
    res.status(result.ok ? 200 : 409).json(result);
  });
  return router;
}
