/**
 * The seller's answers to a dispute from the console (docs/decisions/035): send the evidence packet
 * as PROOF_OF_FULFILLMENT, accept the claim, send a message, read the dispute again, block the
 * buyer after a lost one. Each writes one audit row; PayPal's refusal is the seller's message.
 */
import { eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { consoleT } from "~/i18n/console.server";
import { isLostOutcome, type DisputeAction } from "~/domain/disputes";
import { disputes } from "../../../db/schema";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";
import { blockOrderBuyer } from "../blocklist/blocklist.server";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import type { PayPalAdapter } from "../paypal/adapter.server";
import { findDispute, refreshDispute } from "./disputes.server";
import { evidencePdf } from "./evidence-pdf.server";
import { fitEvidenceFiles } from "~/domain/delivery-proofs";
import type { EvidenceDocument } from "../paypal/disputes.server";
import { orderProofFiles, readProofFile, type ProofFiles } from "../orders/delivery-proofs.server";

/**
 * The order's delivery screenshots as evidence documents: JPEGs from the private storage, in
 * delivery order, named `delivery-screenshot-N.jpg`; those that would pass PayPal's per-file or
 * per-answer limit beside the PDF (`reservedBytes`) are left out and counted.
 */
async function proofDocuments(db: Db, privateFiles: ProofFiles, orderId: string, reservedBytes: number): Promise<{ sent: EvidenceDocument[]; left: number }> {
  const rows = await orderProofFiles(db, orderId);
  const { sent, left } = fitEvidenceFiles(rows, reservedBytes);
  const documents: EvidenceDocument[] = [];
  let missing = 0;
  for (const row of sent) {
    const content = await readProofFile(privateFiles, row.key);
    if (!content) {
      missing++;
      continue;
    }
    documents.push({
      name: `delivery-screenshot-${documents.length + 1}.jpg`,
      type: row.contentType,
      content: new Uint8Array(content) as Uint8Array<ArrayBuffer>,
    });
  }
  return { sent: documents, left: left.length + missing };
}

export type DisputeActionOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/** The replies' language when the caller names none (tests, scripts): the console's English, word for word. */
const ENGLISH = consoleT("en");

const refusedBy = (t: TFunction, what: string, result: { status: number | null; issue: string | null; message: string }): DisputeActionOutcome => ({
  ok: false,
  status: result.status === null || result.status >= 500 ? 503 : 409,
  message: t("adminReports.disputeReplies.refused", { what: t(what), issue: result.issue ?? result.message }),
});

export async function applyDisputeAction(
  /** `t`: the acting seller's `consoleT(seller.lang)`, the reply's language (English when absent). */
  context: { db: Db; site: Site; paypal: PayPalAdapter | null; seller: Actor; now: Date; privateFiles?: ProofFiles; t?: TFunction },
  disputeId: string,
  action: DisputeAction | { intent: "block_buyer" },
): Promise<DisputeActionOutcome> {
  const { db, site, paypal, seller, now, privateFiles } = context;
  const t = context.t ?? ENGLISH;
  const dispute = await findDispute(db, disputeId);
  if (!dispute) return { ok: false, status: 404, message: t("adminReports.disputeReplies.notFound") };
  const target = `dispute:${dispute.id}`;

  if (action.intent === "block_buyer") {
    if (!dispute.orderId) return { ok: false, status: 409, message: t("adminReports.disputeReplies.notOurs") };
    const added = await blockOrderBuyer(db, seller, dispute.orderId, `Lost PayPal dispute ${dispute.id}`, target, now);
    if (added === null) return { ok: false, status: 404, message: t("adminReports.disputeReplies.orderGone") };
    return {
      ok: true,
      message: added > 0 ? t("adminReports.disputeReplies.blocked", { count: added }) : t("adminReports.disputeReplies.alreadyBlocked"),
    };
  }
  if (!paypal) return { ok: false, status: 503, message: t("adminReports.disputeReplies.noPayPal") };

  switch (action.intent) {
    case "refresh": {
      const row = await refreshDispute(db, site, paypal, dispute.id, now);
      if (!row) return { ok: false, status: 503, message: t("adminReports.disputeReplies.unreachable") };
      await recordSellerAction(db, seller, "dispute_refresh", target, { status: row.status }, now);
      return { ok: true, message: t("adminReports.disputeReplies.readAgain", { status: row.status }) };
    }
    case "send_evidence": {
      const name = `evidence-${(dispute.orderId ?? dispute.id).replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
      const document = { name, type: "application/pdf", content: evidencePdf(`Evidence for PayPal dispute ${dispute.id}`, action.notes) };
      // The delivery screenshots go beside the PDF, within PayPal's limits (docs/decisions/043).
      const screenshots =
        dispute.orderId && privateFiles ? await proofDocuments(db, privateFiles, dispute.orderId, document.content.length) : { sent: [], left: 0 };
      const result = await paypal.provideEvidence(dispute.id, action.notes, [document, ...screenshots.sent]);
      if (result.kind === "error") return refusedBy(t, "adminReports.disputeReplies.whatEvidence", result);
      const files = screenshots.sent.map((d) => d.name);
      await db.transaction(async (tx) => {
        await tx.update(disputes).set({ evidenceSentAt: now, evidenceText: action.notes, updatedAt: now }).where(eq(disputes.id, dispute.id));
        await recordSellerAction(
          tx,
          seller,
          "dispute_evidence",
          target,
          {
            order: dispute.orderId,
            characters: action.notes.length,
            document: name,
            ...(files.length || screenshots.left ? { screenshots: files, screenshotsLeftOut: screenshots.left } : {}),
          },
          now,
        );
      });
      await refreshDispute(db, site, paypal, dispute.id, now);
      const shots = files.length ? t("adminReports.disputeReplies.shots", { count: files.length }) : "";
      const left = screenshots.left ? t("adminReports.disputeReplies.left", { count: screenshots.left }) : "";
      return { ok: true, message: t("adminReports.disputeReplies.evidenceSent", { shots, left }) };
    }
    case "accept_claim": {
      const result = await paypal.acceptClaim(dispute.id, action.note);
      if (result.kind === "error") return refusedBy(t, "adminReports.disputeReplies.whatAccept", result);
      await recordSellerAction(db, seller, "dispute_accept_claim", target, { order: dispute.orderId, note: action.note }, now);
      // PayPal refunds the buyer and resolves the dispute: reading it applies the outcome (a refund, once).
      const row = await refreshDispute(db, site, paypal, dispute.id, now);
      const refunded = row && isLostOutcome(row.outcome);
      return { ok: true, message: refunded ? t("adminReports.disputeReplies.acceptedRefunded") : t("adminReports.disputeReplies.accepted") };
    }
    case "send_message": {
      const result = await paypal.sendMessage(dispute.id, action.message);
      if (result.kind === "error") return refusedBy(t, "adminReports.disputeReplies.whatMessage", result);
      await recordSellerAction(db, seller, "dispute_message", target, { characters: action.message.length }, now);
      await refreshDispute(db, site, paypal, dispute.id, now);
      return { ok: true, message: t("adminReports.disputeReplies.messageSent") };
    }
  }
}
