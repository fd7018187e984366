import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/campaign-new";
import { CampaignFields } from "~/components/admin/campaign-fields";
import { SubmitButton } from "~/components/admin/kit/fields";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { routeAccess } from "~/domain/seller/permissions";
import { createCampaign } from "~/server/campaigns/campaigns.server";
import { campaignProductChoices, readCampaignDraft } from "~/server/campaigns/console.server";
import { readForm, refusedFields } from "~/server/platform/forms.server";
import { requireSeller } from "~/server/seller-auth/guard.server";

/** Owner only (docs/decisions/036, 046). */
export const access = routeAccess({ read: "campaigns.send", write: "campaigns.send" });

// The page's words: locales/{lang}/adminCampaigns.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminCampaigns.new.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  return { products: await campaignProductChoices(context.services.db), translations: consoleTranslations(seller.lang, ["adminCampaigns"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const db = context.services.db;
  const t = consoleT(seller.lang);
  const read = await readCampaignDraft(db, await readForm(request), t);
  if (!read.ok) return refusedFields(read.errors, 422, t("admin.form.fixFields"));
  const id = await createCampaign(db, read.texts, seller, context.services.now());
  return redirect(`/admin/campaigns/${id}`);
}

/** Compose: the three languages side by side, the products; saved as a draft to preview, test and send. */
export default function NewCampaign() {
  const { products } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useConsole();
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/campaigns" className="text-sm font-semibold text-brand-700 underline">
            {t("adminCampaigns.campaign.allCampaigns")}
          </Link>
        }
      >
        {t("adminCampaigns.new.title")}
      </PageTitle>
      <ReplyNotice reply={reply} />
      <Card>
        <Form method="post">
          <CampaignFields values={null} products={products} errors={fieldErrorsOf(reply)} />
          <div className="mt-4">
            <SubmitButton pendingLabel={t("adminCampaigns.campaign.saving")}>{t("adminCampaigns.new.saveDraft")}</SubmitButton>
          </div>
        </Form>
      </Card>
    </>
  );
}
