import { DELIVERY_PROOF_ACCEPT, DELIVERY_PROOF_FIELD, MAX_DELIVERY_PROOFS } from "~/domain/delivery-proofs";
import { FileField } from "../kit/fields";
import { useTranslation } from "~/i18n/use-translation";

/** The deliver and re-deliver forms' screenshots (docs/decisions/043). */
export function ProofField() {
  const { t } = useTranslation();
  return (
    <FileField
      name={DELIVERY_PROOF_FIELD}
      label={t("admin.proofs.label", { max: MAX_DELIVERY_PROOFS })}
      hint={t("admin.proofs.hint")}
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
  const { t } = useTranslation();
  if (proofs.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("admin.proofs.list")}>
      {proofs.map((proof, index) => (
        <li key={proof.id}>
          <a href={`/admin/orders/${encodeURIComponent(orderId)}/proofs/${proof.id}`} target="_blank" rel="noreferrer" className="block">
            <img
              src={`/admin/orders/${encodeURIComponent(orderId)}/proofs/${proof.id}`}
              alt={
                proof.deliveryId
                  ? t("admin.proofs.altRedelivery", { n: index + 1, delivery: proof.deliveryId })
                  : t("admin.proofs.altDelivery", { n: index + 1 })
              }
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
