import { Ban, Clock, HelpCircle, KeyRound, Lock, RefreshCw, ShieldCheck, Trash2, UserCheck } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/login-required";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { ContactChannels } from "~/components/content/contact-channels";
import { CtaBanner } from "~/components/content/cta";
import { ContentPage, ContentSection, PageHeader } from "~/components/content/page-header";
import { tList } from "~/components/content/text";
import { LoginHandoffCallout } from "~/components/login-handoff/login-handoff-callout";
import { RememberedOrderNotice } from "~/components/order/order-link";

/** The page's own strings (beyond the frame's), in its language. */
export const loader = ({ params, context }: Route.LoaderArgs) => ({
  translations: translationsFor({ params, context }, ["contact", "info", "loginHandoff", "loginRequired", "orderLink", "meta.loginRequired"]),
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "loginRequired");

const QUESTIONS = [
  { key: "why", icon: HelpCircle },
  { key: "safe", icon: ShieldCheck },
  { key: "what", icon: UserCheck },
  { key: "howLong", icon: Clock },
  { key: "after", icon: Trash2 },
  { key: "change", icon: RefreshCw },
] as const;

export default function LoginRequiredPage() {
  const { t } = useTranslation();
  const rules = tList(t, "loginRequired.rules");
  return (
    <ContentPage>
      <PageHeader eyebrow={t("loginRequired.eyebrow")} icon={KeyRound} title={t("loginRequired.title")} subtitle={t("loginRequired.subtitle")} />
      {/* After an online payment the buyer lands here: their order's page is one click away. */}
      <LoginHandoffCallout className="mt-8 max-w-3xl" />
      <RememberedOrderNotice className="mt-8 max-w-3xl" />

      <ContentSection id="questions" title={t("loginRequired.questionsTitle")}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {QUESTIONS.map(({ key, icon: Icon }) => (
            <li key={key}>
              <article className="h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-3 font-semibold text-slate-900">{t(`loginRequired.questions.${key}.title`)}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{t(`loginRequired.questions.${key}.text`)}</p>
              </article>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="rules" title={t("loginRequired.rulesTitle")} intro={t("loginRequired.rulesIntro")}>
        <ol className="mt-6 space-y-3">
          {rules.map((rule, index) => (
            <li key={rule} className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-200 text-sm font-bold" aria-hidden="true">
                {index + 1}
              </span>
              <span className="pt-1 font-medium">{rule}</span>
            </li>
          ))}
        </ol>
        <p className="mt-4 flex items-start gap-2 text-sm text-slate-600">
          <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("loginRequired.rulesNote")}
        </p>
      </ContentSection>

      <section aria-labelledby="talk-heading" className="mt-12 rounded-3xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
        <h2 id="talk-heading" className="flex items-center gap-2 text-xl font-bold text-brand-900">
          <Lock className="size-5" aria-hidden="true" />
          {t("loginRequired.contactTitle")}
        </h2>
        <p className="mt-2 max-w-2xl text-slate-700">{t("loginRequired.contactText")}</p>
        <ContactChannels channels={["discord", "whatsapp"]} />
      </section>

      <CtaBanner title={t("loginRequired.ctaTitle")} text={t("loginRequired.ctaText")} to="/triggers" label={t("loginRequired.ctaButton")} />
    </ContentPage>
  );
}
