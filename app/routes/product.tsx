import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/product";
import { pageMeta } from "~/seo";
import { getDb } from "~/server/db.server";
import { findProduct } from "~/server/products.server";
import { splitLangFromPath } from "~/domain/lang-path";

export async function loader({ params, request }: Route.LoaderArgs) {
  const product = await findProduct(getDb(), params.id);
  if (!product || !product.listed) throw data(null, { status: 404 });
  const { lang } = splitLangFromPath(new URL(request.url).pathname);
  return { product, lang };
}

export const meta: Route.MetaFunction = (args) =>
  args.data
    ? pageMeta(args, "product", {
        title: args.data.product.title,
        category: args.data.product.category,
        description: args.data.product.description[args.data.lang],
      })
    : pageMeta(args, "productNotFound");

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, lang } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{product.title}</h1>
      <p className="mt-3 text-slate-600">{product.description[lang]}</p>
      <p className="sr-only">{t("meta.product.description", { description: "" })}</p>
    </section>
  );
}
