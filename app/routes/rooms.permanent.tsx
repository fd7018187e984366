import { Clock, House, KeyRound, Smartphone } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/rooms.permanent";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { CtaBanner, LoginInfoLinks } from "~/components/content/cta";
import { FeatureGrid } from "~/components/content/feature-grid";
import { ContentPage, ContentSection, PageHeader } from "~/components/content/page-header";
import { StepList } from "~/components/content/step-list";

/** The page's own strings (beyond the frame's), in its language. */
export const loader = ({ params, context }: Route.LoaderArgs) => ({ translations: translationsFor({ params, context }, ["info", "meta.roomsPermanent"]) });

export const meta: Route.MetaFunction = (args) => pageMeta(args, "roomsPermanent");

const ESSENTIALS = [
  { key: "login", icon: KeyRound },
  { key: "manual", icon: Clock },
  { key: "platforms", icon: Smartphone },
] as const;

const STEPS = ["order", "login", "install"] as const;

export default function RoomsPermanentPage() {
  const { t } = useTranslation();
  const r = (key: string) => t(`info.roomsPermanent.${key}`);
  return (
    <ContentPage>
      <PageHeader eyebrow={r("eyebrow")} icon={House} title={r("title")} subtitle={r("subtitle")} />

      <ContentSection id="essentials" title={r("essentialsTitle")}>
        <FeatureGrid
          columns={3}
          items={ESSENTIALS.map(({ key, icon }) => ({ icon, title: r(`essentials.${key}.title`), text: r(`essentials.${key}.text`) }))}
        />
      </ContentSection>

      <ContentSection id="how-it-works" title={r("howTitle")}>
        <StepList columns={3} steps={STEPS.map((key) => ({ title: r(`steps.${key}.title`), text: r(`steps.${key}.text`) }))} />
        <LoginInfoLinks />
      </ContentSection>

      <CtaBanner title={r("ctaTitle")} text={r("ctaText")} to="/rooms" label={r("ctaButton")} />
    </ContentPage>
  );
}
