import { CircleCheck, Globe, Share2, Users } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/share";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { CopySnippet } from "~/components/content/copy-snippet";
import { ContentPage, ContentSection, PageHeader } from "~/components/content/page-header";
import { shareSnippets, type SnippetKind } from "~/components/content/share-snippets";
import { tList } from "~/components/content/text";
import { usePublicConfig } from "~/state/storefront-data";

/** The page's own strings (beyond the frame's), in its language. */
export const loader = ({ params, context }: Route.LoaderArgs) => ({ translations: translationsFor({ params, context }, ["share", "meta.share"]) });

export const meta: Route.MetaFunction = (args) => pageMeta(args, "share");

const SNIPPETS: SnippetKind[] = ["link", "smallBanner", "fullBanner", "chat"];

export default function SharePage() {
  const { t } = useTranslation();
  const siteUrl = usePublicConfig()?.siteUrl ?? "";
  const siteName = t("meta.siteName");
  const snippets = shareSnippets(siteUrl, {
    siteName,
    tagline: t("share.banner.tagline"),
    cta: t("share.banner.cta"),
    chat: t("share.chatMessage", { url: `${siteUrl}/` }),
  });

  const previews: Partial<Record<SnippetKind, React.ReactNode>> = {
    smallBanner: <img src="/favicon.svg" alt={siteName} width={64} height={64} />,
    fullBanner: (
      <span className="inline-flex items-center gap-3.5 rounded-2xl bg-brand-700 px-5 py-3.5 text-white">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <span className="leading-snug">
          <strong className="text-xl">{siteName}</strong>
          <br />
          {t("share.banner.tagline")}
          <br />
          <u>{t("share.banner.cta")}</u>
        </span>
      </span>
    ),
  };

  return (
    <ContentPage>
      <PageHeader eyebrow={t("share.eyebrow")} icon={Share2} title={t("share.title")} subtitle={t("share.subtitle")} />

      <ContentSection id="snippets" title={t("share.snippetsTitle")}>
        <div className="mt-6 grid gap-5">
          {SNIPPETS.map((key) => (
            <CopySnippet
              key={key}
              id={`snippet-${key}`}
              title={t(`share.snippets.${key}.title`)}
              description={t(`share.snippets.${key}.text`)}
              snippet={snippets[key]}
              preview={previews[key]}
            />
          ))}
        </div>
      </ContentSection>

      <ContentSection id="where" title={t("share.whereTitle")}>
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          {(["online", "community"] as const).map((group) => {
            const Icon = group === "online" ? Globe : Users;
            return (
              <section key={group} aria-labelledby={`where-${group}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <h3 id={`where-${group}`} className="flex items-center gap-2 font-semibold text-slate-900">
                  <Icon className="size-5 text-brand-700" aria-hidden="true" />
                  {t(`share.where.${group}.title`)}
                </h3>
                <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700 marker:text-brand-600">
                  {tList(t, `share.where.${group}.items`).map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      </ContentSection>

      <ContentSection id="guidelines" title={t("share.guidelinesTitle")}>
        <ul className="mt-6 space-y-3">
          {tList(t, "share.guidelines").map((rule) => (
            <li key={rule} className="flex items-start gap-3 text-slate-700">
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
              <span>{rule}</span>
            </li>
          ))}
        </ul>
      </ContentSection>
    </ContentPage>
  );
}
