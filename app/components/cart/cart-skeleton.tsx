import { useTranslation } from "~/i18n/use-translation";

/** Shown until the stored cart has been read, so an empty-cart card never flashes first. */
export function CartSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="grid gap-8 lg:grid-cols-3">
      <span className="sr-only">{t("cart.loading")}</span>
      <div className="flex flex-col gap-4 lg:col-span-2" aria-hidden="true">
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-4 py-5">
            <div className="h-20 w-20 animate-pulse rounded-xl bg-slate-200 sm:h-24 sm:w-24" />
            <div className="flex flex-1 flex-col gap-3">
              <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-1/4 animate-pulse rounded bg-slate-200" />
              <div className="h-8 w-32 animate-pulse rounded bg-slate-200" />
            </div>
          </div>
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-2xl bg-slate-100" aria-hidden="true" />
    </div>
  );
}
