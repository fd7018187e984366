import { evidencePacket, isLostOutcome } from "~/domain/disputes";
import { blocksOfOrder } from "../blocklist/blocklist.server";
import type { Db } from "../platform/db.server";
import { findOrder } from "../orders/orders.server";
import { findDispute } from "./disputes.server";
import { evidenceFacts } from "./evidence.server";

/** What the console's dispute page shows: the dispute, its order, the evidence packet to edit, whether the buyer is blocked. */
export async function disputePage(db: Db, id: string) {
  const dispute = await findDispute(db, id);
  if (!dispute) return null;
  const order = dispute.orderId ? await findOrder(db, dispute.orderId) : undefined;
  const facts = order ? await evidenceFacts(db, order.id) : null;
  const blocks = order ? await blocksOfOrder(db, order) : [];
  const { raw: _raw, ...shown } = dispute;
  return {
    dispute: shown,
    order: order
      ? {
          id: order.id,
          status: order.status,
          email: order.email,
          gameUsername: order.gameUsername,
          totalCents: order.totalCents,
          deliveredAt: order.deliveredAt,
        }
      : null,
    packet: dispute.evidenceText ?? (facts ? evidencePacket(facts) : ""),
    lost: isLostOutcome(dispute.outcome),
    blocked: blocks.length > 0,
  };
}
