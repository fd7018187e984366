/**
 * PayPal's Disputes API v1 (tests/contracts/paypal/customer_disputes_v1.json) in our terms: a
 * dispute as we keep it, read from a webhook's resource or GET /v1/customer/disputes/{id}, and the
 * seller's three answers — provide-evidence, accept-claim, send-message — each a multipart/form-data
 * request whose `input` part is the JSON PayPal documents (files, when any, in their own parts).
 * Part of the adapter (docs/decisions/011, 035): nothing else reads PayPal's dispute fields.
 */
import { z } from "zod";
import { dollarsToCents } from "~/domain/money";
import type { PayPalResponse } from "./transport.server";
import { PayPalUnavailableError, type PayPalTransport } from "./transport.server";

/** A dispute in our terms. */
export interface PayPalDispute {
  id: string;
  status: string;
  reason: string | null;
  stage: string | null;
  amountCents: number | null;
  currency: string | null;
  /** When the seller's answer is due (PayPal decides without it after). */
  sellerResponseDueAt: Date | null;
  outcome: string | null;
  /** What went back to the buyer, once resolved. */
  refundedCents: number | null;
  /** The disputed capture (PayPal's seller transaction id). */
  captureId: string | null;
  /** Our order id, as we sent it in invoice_id. */
  invoiceId: string | null;
  raw: unknown;
}

const money = z.object({ currency_code: z.string(), value: z.string().regex(/^\d+(\.\d{1,2})?$/) });

/** The fields we read of PayPal's `dispute` (webhook resource or API answer); the rest stays in raw. */
const disputeJson = z.object({
  dispute_id: z.string().min(1),
  status: z.string().optional(),
  reason: z.string().optional(),
  dispute_life_cycle_stage: z.string().optional(),
  dispute_amount: money.optional(),
  seller_response_due_date: z.string().optional(),
  dispute_outcome: z.object({ outcome_code: z.string().optional(), amount_refunded: money.optional() }).optional(),
  disputed_transactions: z.array(z.object({ seller_transaction_id: z.string().optional(), invoice_number: z.string().optional() })).optional(),
});

/** A dispute from PayPal's JSON; null when it is not one. */
export function parseDispute(json: unknown): PayPalDispute | null {
  const parsed = disputeJson.safeParse(json);
  if (!parsed.success) return null;
  const d = parsed.data;
  const due = d.seller_response_due_date ? new Date(d.seller_response_due_date) : null;
  const transaction = d.disputed_transactions?.[0];
  return {
    id: d.dispute_id,
    status: d.status ?? "OPEN",
    reason: d.reason ?? null,
    stage: d.dispute_life_cycle_stage ?? null,
    amountCents: d.dispute_amount ? dollarsToCents(Number(d.dispute_amount.value)) : null,
    currency: d.dispute_amount?.currency_code ?? null,
    sellerResponseDueAt: due && !Number.isNaN(due.getTime()) ? due : null,
    outcome: d.dispute_outcome?.outcome_code ?? null,
    refundedCents: d.dispute_outcome?.amount_refunded ? dollarsToCents(Number(d.dispute_outcome.amount_refunded.value)) : null,
    captureId: transaction?.seller_transaction_id ?? null,
    invoiceId: transaction?.invoice_number ?? null,
    raw: json,
  };
}

/** A file sent with evidence (the packet as a document). */
export interface EvidenceDocument {
  /** PayPal's document name rule: letters, digits, -_, spaces, one extension. */
  name: string;
  type: string;
  content: Uint8Array<ArrayBuffer>;
}

export type DisputeActionResult = { kind: "done" } | { kind: "error"; status: number | null; issue: string | null; message: string };

const errorBody = z.object({ message: z.string().optional(), name: z.string().optional(), details: z.array(z.object({ issue: z.string() })).optional() });

function failed(response: PayPalResponse): DisputeActionResult {
  const parsed = errorBody.safeParse(response.body);
  const issue = parsed.success ? (parsed.data.details?.[0]?.issue ?? parsed.data.name ?? null) : null;
  return { kind: "error", status: response.status, issue, message: (parsed.success ? parsed.data.message : undefined) ?? `HTTP ${response.status}` };
}

/** The multipart body: `input` is JSON (PayPal's documented part), files follow under the contract's field name. */
function multipart(input: unknown, files: { field: string; document: EvidenceDocument }[] = []): FormData {
  const form = new FormData();
  form.append("input", new Blob([JSON.stringify(input)], { type: "application/json" }), "input.json");
  for (const { field, document } of files) form.append(field, new Blob([document.content], { type: document.type }), document.name);
  return form;
}

export function createDisputesApi(request: PayPalTransport["request"]) {
  const path = (id: string, action?: string) => `/v1/customer/disputes/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

  async function post(id: string, action: string, form: FormData): Promise<DisputeActionResult> {
    let response: PayPalResponse;
    try {
      response = await request({ method: "POST", path: path(id, action), form });
    } catch (error) {
      if (error instanceof PayPalUnavailableError) return { kind: "error", status: error.status, issue: null, message: error.message };
      throw error;
    }
    return response.status >= 200 && response.status < 300 ? { kind: "done" } : failed(response);
  }

  return {
    /** The full dispute; null if PayPal does not know it. Throws when PayPal cannot answer. */
    async getDispute(id: string): Promise<PayPalDispute | null> {
      const response = await request({ method: "GET", path: path(id) });
      if (response.status === 404) return null;
      const dispute = response.status === 200 ? parseDispute(response.body) : null;
      if (!dispute) throw new PayPalUnavailableError(`PayPal get dispute ${id}: HTTP ${response.status}`, response.status);
      return dispute;
    },

    /**
     * PROOF_OF_FULFILLMENT with the seller's notes and its documents (the packet PDF, delivery
     * screenshots), each named in the evidence and sent as an `evidence-file` part. The caller keeps
     * them within PayPal's limits (JPEG/GIF/PNG/PDF, each under 10 MB, 50 MB in all).
     */
    provideEvidence(id: string, notes: string, documents?: EvidenceDocument | readonly EvidenceDocument[]): Promise<DisputeActionResult> {
      const files = documents === undefined ? [] : Array.isArray(documents) ? documents : [documents as EvidenceDocument];
      const evidence = { evidence_type: "PROOF_OF_FULFILLMENT", notes, ...(files.length ? { documents: files.map((d) => ({ name: d.name })) } : {}) };
      return post(
        id,
        "provide-evidence",
        multipart(
          { evidences: [evidence] },
          files.map((document) => ({ field: "evidence-file", document })),
        ),
      );
    },

    /** The seller accepts liability: PayPal refunds the buyer and resolves the dispute. */
    acceptClaim(id: string, note: string): Promise<DisputeActionResult> {
      return post(id, "accept-claim", multipart({ note, accept_claim_type: "REFUND" }));
    },

    sendMessage(id: string, message: string): Promise<DisputeActionResult> {
      return post(id, "send-message", multipart({ message }));
    },
  };
}
