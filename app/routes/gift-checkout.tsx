import { Gift } from "~/components/ui/icon";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/gift-checkout";
import { translationsFor } from "~/i18n/resources.server";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useLocalize } from "~/components/ui/local-link";
import { isGiftingProduct } from "~/domain/gifts";
import { splitLangFromPath } from "~/domain/lang-path";
import type { MessageCode } from "~/domain/messages";
import { fieldErrors, giftFormSchema, type GiftForm, type GiftOrderData } from "~/domain/validation";
import { pageMeta } from "~/seo";
import { readCatalogue } from "~/server/catalogue/cache.server";
import { useCurrency } from "~/state/currency";
import { STORAGE_KEYS, writeJson } from "~/state/storage";

/** SPEC §9: the gift form redirects to payment after 1 s. */
export const GIFT_REDIRECT_MS = 1000;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = (await readCatalogue(context.services.db)).product(params.productId);
  if (!product || !product.listed || !isGiftingProduct(product)) throw data(null, { status: 404 });
  const { lang } = splitLangFromPath(new URL(request.url).pathname);
  return {
    product: { id: product.id, title: product.title, priceCents: product.priceCents, image: product.images[0], description: product.description[lang] },
    translations: translationsFor({ params, context }, ["checkout", "meta.giftCheckout"]),
  };
}

export const meta: Route.MetaFunction = (args) => (args.data ? pageMeta(args, "giftCheckout", { title: args.data.product.title }) : pageMeta(args, "notFound"));

const EMPTY: GiftForm = { email: "", name: "", discord: "", imvuUsername: "" };

export default function GiftCheckoutPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const { format } = useCurrency();
  const [values, setValues] = useState<GiftForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof GiftForm, MessageCode>>>({});
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const field = (name: keyof GiftForm) => ({
    name,
    value: values[name],
    error: errors[name] ? t(`errors.${errors[name]}`) : null,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      // SPEC §5: an error is cleared as soon as its field is edited.
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = giftFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed) as Partial<Record<keyof GiftForm, MessageCode>>);
      return;
    }
    const giftData: GiftOrderData = { ...parsed.data, productId: product.id, timestamp: Date.now() };
    writeJson(STORAGE_KEYS.giftOrder, giftData, "session");
    // The gift is ordered on its own (checkout reads `product`): the cart stays as it is.
    setSaved(true);
    toast.success(t("checkout.gift.saved"), { description: t("checkout.gift.redirecting") });
    timer.current = setTimeout(() => navigate(localize(`/checkout?gift=true&product=${encodeURIComponent(product.id)}`)), GIFT_REDIRECT_MS);
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
        <Gift aria-hidden="true" className="h-4 w-4" />
        {t("checkout.gift.title")}
      </p>
      <h1 className="mt-3 text-3xl font-bold">{t("checkout.gift.subtitle", { title: product.title })}</h1>
      <p className="mt-3 text-slate-700">{t("checkout.gift.intro")}</p>
      <div className="mt-6 flex items-center gap-4 rounded-2xl border border-slate-200 p-4">
        <img src={product.image} alt={product.title} width={80} height={80} className="h-20 w-20 rounded-xl bg-slate-100" />
        <div>
          <p className="font-bold">{product.title}</p>
          <p className="text-sm text-slate-600">{product.description}</p>
          <p className="mt-1 font-semibold">{format(product.priceCents)}</p>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
        <TextField label={t("checkout.gift.email")} type="email" autoComplete="email" required {...field("email")} />
        <TextField label={t("checkout.gift.name")} autoComplete="name" required {...field("name")} />
        <TextField label={t("checkout.gift.discord")} autoComplete="off" required {...field("discord")} />
        <TextField
          label={t("checkout.gift.imvuUsername")}
          autoComplete="off"
          required
          hint={`${t("checkout.gift.usernameHint")} ${t("checkout.giftUsernameAdvice")}`}
          {...field("imvuUsername")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={saved} className="w-full disabled:opacity-60 sm:w-auto">
            {t("checkout.gift.submit")}
          </Button>
        </div>
      </form>
    </section>
  );
}
