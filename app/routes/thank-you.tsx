import { CheckCircle2, Gift, Mail } from "~/components/ui/icon";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/thank-you";
import { translationsFor } from "~/i18n/resources.server";
import { catalogueSummaries } from "~/server/catalogue/summaries.server";
import { pageMeta } from "~/seo";
import type { GiftConfirmation as PaidGift } from "~/domain/validation";
import { takeGiftConfirmation } from "~/components/payment/gift-confirmation";
import { CtaLink } from "~/components/content/cta";
import { RememberedOrderNotice } from "~/components/order/order-link";
import { ContentPage } from "~/components/content/page-header";
import { tList } from "~/components/content/text";
import { useProductLookup } from "~/state/products";

/** The page's own strings (beyond the frame's), in its language. */
// The gift bought may be any product: the page carries them all (docs/decisions/024).
export const loader = async ({ params, context }: Route.LoaderArgs) => ({
  catalogue: await catalogueSummaries(context.services.db, params.lang),
  translations: translationsFor({ params, context }, ["contact", "info", "orderLink", "meta.thankYou"]),
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "thankYou");

/**
 * The gift order paid (or arranged by hand) in this tab, written by the payment step for an order
 * the server stored as a gift (docs/decisions/042), read once after hydration and then removed:
 * the server never sees it, so it always renders the message-sent variant first. A gift form
 * filled and abandoned earlier is not a paid gift and never shows here.
 */
function useGiftOrder(): PaidGift | null {
  const [gift, setGift] = useState<PaidGift | null>(null);
  useEffect(() => {
    const paid = takeGiftConfirmation();
    if (paid) setGift(paid);
  }, []);
  return gift;
}

function GiftConfirmation({ gift }: { gift: PaidGift }) {
  const { t } = useTranslation();
  const lookup = useProductLookup();
  const titles = gift.productIds.flatMap((id) => lookup(id)?.title ?? []);
  const rows: [string, string][] = [
    [t("contact.gift.recipient"), gift.imvuUsername],
    ...(titles.length > 0 ? [[t("contact.gift.product"), titles.join(", ")] as [string, string]] : []),
    [t("contact.gift.email"), gift.email],
  ];
  return (
    <article className="mx-auto max-w-2xl rounded-3xl border border-slate-200 bg-white p-6 text-left shadow-sm sm:p-10">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Gift className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-black tracking-tight text-slate-900">{t("contact.gift.title")}</h1>
      <p className="mt-2 text-lg text-slate-600">{t("contact.gift.text")}</p>

      <section aria-labelledby="gift-details-heading" className="mt-8">
        <h2 id="gift-details-heading" className="text-lg font-bold text-slate-900">
          {t("contact.gift.detailsTitle")}
        </h2>
        <dl className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:justify-between sm:gap-4">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-semibold break-all text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="gift-next-heading" className="mt-8">
        <h2 id="gift-next-heading" className="text-lg font-bold text-slate-900">
          {t("contact.gift.nextTitle")}
        </h2>
        <ul className="mt-3 space-y-2">
          {tList(t, "contact.gift.next", { username: gift.imvuUsername }).map((line) => (
            <li key={line} className="flex gap-2 text-slate-700">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
              <span>{line}</span>
            </li>
          ))}
        </ul>
      </section>

      <RememberedOrderNotice className="mt-8" />

      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <CtaLink to="/">{t("contact.sent.home")}</CtaLink>
        <CtaLink to="/contact" variant="secondary">
          <Mail className="size-5" aria-hidden="true" />
          {t("contact.gift.contact")}
        </CtaLink>
      </div>
    </article>
  );
}

function MessageSent() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl text-center">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <CheckCircle2 className="size-9" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{t("contact.sent.title")}</h1>
      <p className="mt-3 text-xl font-semibold text-slate-900">{t("contact.sent.heading")}</p>
      <p className="mt-2 text-slate-600">{t("contact.sent.text")}</p>
      <RememberedOrderNotice className="mt-8" />
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <CtaLink to="/">{t("contact.sent.home")}</CtaLink>
        <CtaLink to="/contact" variant="secondary">
          <Mail className="size-5" aria-hidden="true" />
          {t("contact.sent.another")}
        </CtaLink>
      </div>
    </div>
  );
}

export default function ThankYouPage() {
  const gift = useGiftOrder();
  return <ContentPage className="sm:py-20">{gift ? <GiftConfirmation gift={gift} /> : <MessageSent />}</ContentPage>;
}
