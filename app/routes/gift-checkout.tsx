import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/gift-checkout";
import { pageMeta } from "~/seo";
import { getDb } from "~/server/db.server";
import { findProduct } from "~/server/products.server";
import { isGiftProduct } from "~/catalogue";

export async function loader({ params }: Route.LoaderArgs) {
  const product = await findProduct(getDb(), params.productId);
  if (!product || !isGiftProduct(product.id)) throw data(null, { status: 404 });
  return { product };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.data ? "giftCheckout" : "notFound", { title: args.data?.product.title ?? "" });

export default function GiftCheckoutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("meta.giftCheckout.title", { title: loaderData.product.title })}</h1>
    </section>
  );
}
