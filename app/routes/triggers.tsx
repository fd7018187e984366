import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/triggers";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { ListingHeader } from "~/components/product/listing-header";
import { ProductGrid } from "~/components/product/product-grid";
import { listingData } from "~/server/catalogue/views.server";
import { listingIds } from "~/catalogue/summaries";
import { pageSummaries } from "~/server/catalogue/summaries.server";
import { useProductsByIds } from "~/components/product/use-catalogue";
import { LocalLink } from "~/components/ui/local-link";

export async function loader({ params, context }: Route.LoaderArgs) {
  const listing = await listingData(context.services.db, ["permanent-triggers", "gift-triggers"]);
  return {
    ...listing,
    products: await pageSummaries(context.services.db, listingIds(listing), params.lang),
    translations: translationsFor({ params, context }, ["catalogue", "listings", "meta.triggers"]),
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "triggers");

export default function TriggersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const permanent = useProductsByIds(loaderData.groups["permanent-triggers"]);
  const gift = useProductsByIds(loaderData.groups["gift-triggers"]);
  const groups = [
    {
      id: "permanent",
      products: permanent,
      title: t("listings.triggers.permanentTitle"),
      text: t("listings.triggers.permanentText"),
      link: "/triggers/permanent",
      linkText: t("listings.triggers.permanentLink"),
    },
    {
      id: "gift",
      products: gift,
      title: t("listings.triggers.giftTitle"),
      text: t("listings.triggers.giftText"),
      link: "/triggers/gift",
      linkText: t("listings.triggers.giftLink"),
    },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <ListingHeader title={t("meta.triggers.title")} intro={t("listings.triggers.intro")} />
      {groups.map((group) =>
        group.products.length === 0 ? null : (
          <section key={group.id} aria-labelledby={`${group.id}-title`} className="mt-12">
            <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
              <div>
                <h2 id={`${group.id}-title`} className="text-2xl font-bold">
                  {group.title}
                </h2>
                <p className="mt-1 text-slate-700">{group.text}</p>
              </div>
              <LocalLink to={group.link} className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
                {group.linkText}
              </LocalLink>
            </div>
            <ProductGrid products={group.products} />
          </section>
        ),
      )}
    </div>
  );
}
