import { DELIVERY_PROOF_ACCEPT, DELIVERY_PROOF_FIELD, MAX_DELIVERY_PROOFS } from "~/domain/delivery-proofs";
import { FileField } from "../kit/fields";

/** The deliver and re-deliver forms' screenshots (docs/decisions/043). */
export function ProofField() {
  return (
    <FileField
      name={DELIVERY_PROOF_FIELD}
      label={`Screenshots (up to ${MAX_DELIVERY_PROOFS}, optional)`}
      hint="The gift received by that username, the item in the buyer's inventory. JPEG, PNG, WebP or AVIF; location data and other metadata are removed. The buyer sees them on their order page; PayPal gets them with dispute evidence."
      hintAbove
      multiple
      accept={DELIVERY_PROOF_ACCEPT}
    />
  );
}

/** Thumbnails of an order's delivery screenshots, each a link to the full picture (console routes). */
export function ProofThumbnails({
  orderId,
  proofs,
}: {
  orderId: string;
  proofs: readonly { id: number; width: number; height: number; deliveryId: number | null }[];
}) {
  if (proofs.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Delivery screenshots">
      {proofs.map((proof, index) => (
        <li key={proof.id}>
          <a href={`/admin/orders/${encodeURIComponent(orderId)}/proofs/${proof.id}`} target="_blank" rel="noreferrer" className="block">
            <img
              src={`/admin/orders/${encodeURIComponent(orderId)}/proofs/${proof.id}`}
              alt={`Screenshot ${index + 1}${proof.deliveryId ? ` (re-delivery ${proof.deliveryId})` : " (delivery)"}`}
              width={proof.width}
              height={proof.height}
              loading="lazy"
              className="h-24 w-auto rounded border border-slate-200 object-contain"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
