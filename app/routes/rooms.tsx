import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/rooms";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { ListingHeader } from "~/components/product/listing-header";
import { ProductGrid } from "~/components/product/product-grid";
import { listingData } from "~/server/catalogue/views.server";
import { listingIds } from "~/catalogue/summaries";
import { pageSummaries } from "~/server/catalogue/summaries.server";
import { useProductsByIds } from "~/components/product/use-catalogue";

export async function loader({ params, context }: Route.LoaderArgs) {
  const listing = await listingData(context.services.db, ["rooms"]);
  return {
    ...listing,
    products: await pageSummaries(context.services.db, listingIds(listing), params.lang),
    translations: translationsFor({ params, context }, ["catalogue", "listings", "meta.rooms"]),
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "rooms");

export default function RoomsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const rooms = useProductsByIds(loaderData.groups["rooms"]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <ListingHeader title={t("meta.rooms.title")} intro={t("listings.rooms.intro")} />
      <section aria-label={t("catalogue.categories.rooms")} className="mt-10">
        <ProductGrid products={rooms} headingLevel={2} bundleSavings={loaderData.bundleSavings} />
      </section>
    </div>
  );
}
