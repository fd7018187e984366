import { Clock, Crown, Gift, KeyRound, Upload } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/triggers.permanent";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { Callout } from "~/components/content/callout";
import { CtaBanner, LoginInfoLinks } from "~/components/content/cta";
import { FeatureGrid } from "~/components/content/feature-grid";
import { ContentPage, ContentSection, PageHeader } from "~/components/content/page-header";
import { StepList } from "~/components/content/step-list";
import { useStorefrontData } from "~/state/storefront-data";

/** The page's own strings (beyond the frame's), in its language. */
export const loader = ({ params, context }: Route.LoaderArgs) => ({ translations: translationsFor({ params, context }, ["info", "meta.triggersPermanent"]) });

export const meta: Route.MetaFunction = (args) => pageMeta(args, "triggersPermanent");

const ESSENTIALS = [
  { key: "manual", icon: Upload },
  { key: "login", icon: KeyRound },
  { key: "freeRoom", icon: Gift },
  { key: "install", icon: Clock },
] as const;

const STEPS = ["order", "login", "upload", "delete"] as const;

export default function TriggersPermanentPage() {
  const { t } = useTranslation();
  const p = (key: string) => t(`info.permanent.${key}`);
  // The free-room card names the code only while the new-user offer can be applied (the announcement bar's rule).
  const offer = useStorefrontData()?.announcement ?? null;
  const essentialText = (key: (typeof ESSENTIALS)[number]["key"]) =>
    key === "freeRoom" && offer ? t("info.permanent.essentials.freeRoom.textLive", { code: offer.code }) : p(`essentials.${key}.text`);
  return (
    <ContentPage>
      <PageHeader eyebrow={p("eyebrow")} icon={Crown} title={p("title")} subtitle={p("subtitle")} />

      <ContentSection id="essentials" title={p("essentialsTitle")}>
        <FeatureGrid items={ESSENTIALS.map(({ key, icon }) => ({ icon, title: p(`essentials.${key}.title`), text: essentialText(key) }))} />
      </ContentSection>

      <ContentSection id="how-it-works" title={p("howTitle")}>
        <StepList steps={STEPS.map((key) => ({ title: p(`steps.${key}.title`), text: p(`steps.${key}.text`) }))} />
        <Callout title={p("safetyTitle")} className="mt-6">
          <p>{p("safetyText")}</p>
        </Callout>
        <LoginInfoLinks />
      </ContentSection>

      <CtaBanner title={p("ctaTitle")} text={p("ctaText")} to="/triggers" label={p("ctaButton")} />
    </ContentPage>
  );
}
