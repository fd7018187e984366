import { buyerProofPath, type DeliveryProofView } from "~/domain/delivery-proofs";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The screenshots proving the delivery (docs/decisions/043), under the order's signed link: small
 * thumbnails (their size known, no layout shift), each opening the full picture. Plain links and
 * images: nothing here needs JavaScript.
 */
export function DeliveryProofs({ orderId, accessKey, proofs }: { orderId: string; accessKey: string; proofs: readonly DeliveryProofView[] }) {
  const { t } = useTranslation();
  if (proofs.length === 0) return null;
  return (
    <div className="mt-4" data-testid="delivery-proofs">
      <h3 className="text-sm font-semibold text-slate-900">{t("orderStatus.proofs.title")}</h3>
      <p className="mt-1 text-sm text-slate-600">{t("orderStatus.proofs.text")}</p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {proofs.map((proof, index) => {
          const src = buyerProofPath(orderId, proof.id, accessKey);
          const vars = { n: index + 1, count: proofs.length };
          return (
            <li key={proof.id}>
              <a
                href={src}
                target="_blank"
                rel="noreferrer"
                aria-label={t("orderStatus.proofs.open", vars)}
                className="block overflow-hidden rounded-xl border border-slate-200 bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
              >
                <img
                  src={src}
                  alt={t(proof.deliveryId ? "orderStatus.proofs.altRedelivery" : "orderStatus.proofs.alt", vars)}
                  width={proof.width}
                  height={proof.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/4] h-auto w-full object-cover"
                />
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
