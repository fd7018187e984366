/**
 * Delivery proofs (issue 29, docs/decisions/043): screenshots the seller attaches when delivering or
 * re-delivering, kept privately, shown to the buyer on their order page and sent to PayPal with the
 * dispute evidence.
 */

/** The most screenshots one delivery (or re-delivery) carries. */
export const MAX_DELIVERY_PROOFS = 4;

/** The form field the console's deliver and re-deliver forms send them in. */
export const DELIVERY_PROOF_FIELD = "proofs";

/** What the file input accepts (the server decides by the bytes; this only filters the picker). */
export const DELIVERY_PROOF_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/**
 * PayPal's documented limits for dispute evidence files: JPG, GIF, PNG or PDF, each under 10 MB,
 * at most 50 MB per call.
 */
export const PAYPAL_EVIDENCE_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const PAYPAL_EVIDENCE_MAX_TOTAL_BYTES = 50 * 1024 * 1024;

/** A proof as a page shows it: its id (for its URL), its size (no layout shift) and its delivery. */
export interface DeliveryProofView {
  id: number;
  width: number;
  height: number;
  /** Null: the first delivery; else the re-delivery it came with. */
  deliveryId: number | null;
  createdAt: string;
}

/** The buyer's URL of a proof, under their order link (the key is checked by the route). */
export function buyerProofPath(orderId: string, proofId: number, key: string): string {
  return `/order/${encodeURIComponent(orderId)}/proofs/${proofId}?k=${encodeURIComponent(key)}`;
}

/** The console's URL of a proof. */
export function sellerProofPath(orderId: string, proofId: number): string {
  return `/admin/orders/${encodeURIComponent(orderId)}/proofs/${proofId}`;
}

/**
 * Which stored files fit into one PayPal evidence call beside `reservedBytes` (the PDF): in order,
 * each under the per-file limit, until the total would pass PayPal's; the rest are left out (and said).
 */
export function fitEvidenceFiles<T extends { size: number }>(files: readonly T[], reservedBytes: number): { sent: T[]; left: T[] } {
  const sent: T[] = [];
  const left: T[] = [];
  let total = reservedBytes;
  for (const file of files) {
    if (file.size > 0 && file.size < PAYPAL_EVIDENCE_MAX_FILE_BYTES && total + file.size <= PAYPAL_EVIDENCE_MAX_TOTAL_BYTES) {
      sent.push(file);
      total += file.size;
    } else left.push(file);
  }
  return { sent, left };
}
