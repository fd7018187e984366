import { Clock, Gift, KeyRound, ShieldCheck } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/triggers.gift";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { Callout } from "~/components/content/callout";
import { CtaBanner } from "~/components/content/cta";
import { FeatureGrid } from "~/components/content/feature-grid";
import { ContentPage, ContentSection, PageHeader } from "~/components/content/page-header";
import { StepList } from "~/components/content/step-list";
import { LocalLink } from "~/components/ui/local-link";

/** The page's own strings (beyond the frame's), in its language. */
export const loader = ({ params, context }: Route.LoaderArgs) => ({ translations: translationsFor({ params, context }, ["info", "meta.triggersGift"]) });

export const meta: Route.MetaFunction = (args) => pageMeta(args, "triggersGift");

const STEPS = ["choose", "username", "pay", "receive"] as const;

const FACTS = [
  { key: "delivery", icon: Clock },
  { key: "warranty", icon: ShieldCheck },
  { key: "noLogin", icon: KeyRound },
] as const;

export default function TriggersGiftPage() {
  const { t } = useTranslation();
  const g = (key: string) => t(`info.gift.${key}`);
  return (
    <ContentPage>
      <PageHeader eyebrow={g("eyebrow")} icon={Gift} title={g("title")} subtitle={g("subtitle")} />

      <Callout tone="warning" title={g("alertTitle")} className="mt-8 max-w-3xl">
        <p>{g("alertText")}</p>
      </Callout>

      <ContentSection id="how-it-works" title={g("howTitle")}>
        <StepList steps={STEPS.map((key) => ({ title: g(`steps.${key}.title`), text: g(`steps.${key}.text`) }))} />
      </ContentSection>

      <ContentSection id="good-to-know" title={g("factsTitle")}>
        <FeatureGrid columns={3} items={FACTS.map(({ key, icon }) => ({ icon, title: g(`facts.${key}.title`), text: g(`facts.${key}.text`) }))} />
        <Callout title={g("freeRoomTitle")} className="mt-6">
          <p>{g("freeRoomText")}</p>
          <p className="mt-2">
            <LocalLink to="/triggers/permanent" className="font-semibold underline underline-offset-2 hover:text-brand-700">
              {g("permanentLink")}
            </LocalLink>
          </p>
        </Callout>
      </ContentSection>

      <CtaBanner title={g("ctaTitle")} text={g("ctaText")} to="/triggers" label={g("ctaButton")} />
    </ContentPage>
  );
}
