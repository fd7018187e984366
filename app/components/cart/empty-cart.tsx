import { ShoppingCart } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { ButtonLink } from "~/components/ui/button";

/** SPEC §8: 'Your cart is empty' card with a way back to the products. */
export function EmptyCart() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="empty-cart-title"
      className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
    >
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <ShoppingCart size={28} aria-hidden="true" />
      </span>
      <h2 id="empty-cart-title" className="mt-4 text-xl font-bold">
        {t("cart.empty.title")}
      </h2>
      <p className="mt-2 text-slate-600">{t("cart.empty.text")}</p>
      <ButtonLink to="/" className="mt-6">
        {t("cart.empty.cta")}
      </ButtonLink>
    </section>
  );
}
