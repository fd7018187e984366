import { BadgeCheck, CalendarCheck, Clock, Crown, Gift, Hourglass, Mail, MessagesSquare, ShieldCheck, Star, Timer, Users } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/help-center";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { CtaLink } from "~/components/content/cta";
import { ContactChannels } from "~/components/content/contact-channels";
import { FaqItem } from "~/components/content/faq-item";
import { FeatureGrid } from "~/components/content/feature-grid";
import { ContentPage, ContentSection, PageHeader } from "~/components/content/page-header";
import { LocalLink } from "~/components/ui/local-link";

/** The page's own strings (beyond the frame's), in its language. */
export const loader = ({ params, context }: Route.LoaderArgs) => ({
  translations: translationsFor({ params, context }, ["contact", "help", "info", "meta.helpCenter"]),
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "helpCenter");

const QUESTIONS = ["q1", "q2", "q3", "q4", "q5"] as const;

const DELIVERY = [
  { key: "overall", icon: Clock },
  { key: "upload", icon: Timer },
  { key: "access", icon: Hourglass },
  { key: "gift", icon: Gift },
] as const;

const WHY = [
  { key: "since", icon: CalendarCheck },
  { key: "customers", icon: BadgeCheck },
  { key: "community", icon: Users },
  { key: "permanent", icon: Crown },
  { key: "warranty", icon: ShieldCheck },
  { key: "support", icon: MessagesSquare },
] as const;

/** Shown with the usernames already masked: the full names never reach the page or its script. */
const REVIEWS = [
  { id: "r1", user: "M***a", rating: 5 },
  { id: "r2", user: "J***n", rating: 5 },
  { id: "r3", user: "K***y", rating: 5 },
  { id: "r4", user: "D***e", rating: 4 },
] as const;

const TOC = ["faq", "delivery", "why", "reviews"] as const;

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="flex gap-0.5 text-amber-500">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`size-4 ${n <= rating ? "fill-current" : "text-slate-300"}`} aria-hidden="true" />
      ))}
    </span>
  );
}

export default function HelpCenterPage() {
  const { t } = useTranslation();
  return (
    <ContentPage>
      <PageHeader title={t("help.title")} subtitle={t("help.subtitle")} />

      <nav aria-labelledby="help-toc-heading" className="mt-8">
        <h2 id="help-toc-heading" className="sr-only">
          {t("help.toc.label")}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {TOC.map((id) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-brand-500 hover:text-brand-700"
              >
                {t(`help.toc.${id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <ContentSection id="faq" title={t("help.faq.title")} intro={t("help.faq.intro")}>
        <ol className="mt-6 space-y-3">
          {QUESTIONS.map((q, index) => (
            <li key={q}>
              <FaqItem number={index + 1} question={t(`help.faq.${q}.question`)} defaultOpen={index === 0}>
                <p>{t(`help.faq.${q}.answer`)}</p>
                {q === "q5" ? (
                  <p className="mt-2">
                    <LocalLink to="/login-required#rules" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
                      {t("help.faq.rulesLink")}
                    </LocalLink>
                  </p>
                ) : null}
              </FaqItem>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection id="delivery" title={t("help.delivery.title")} intro={t("help.delivery.intro")}>
        <FeatureGrid
          columns={2}
          items={DELIVERY.map(({ key, icon }) => ({ icon, title: t(`help.delivery.items.${key}.title`), text: t(`help.delivery.items.${key}.text`) }))}
        />
      </ContentSection>

      <ContentSection id="why" title={t("help.why.title")}>
        <FeatureGrid
          columns={3}
          items={WHY.map(({ key, icon }) => ({ icon, title: t(`help.why.items.${key}.title`), text: t(`help.why.items.${key}.text`) }))}
        />
      </ContentSection>

      <ContentSection id="reviews" title={t("help.reviews.title")} intro={t("help.reviews.note")}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {REVIEWS.map((review) => (
            <li key={review.id}>
              <figure className="h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <Stars rating={review.rating} label={t("shop.ratingLabel", { rating: review.rating })} />
                <blockquote className="mt-3 leading-relaxed text-slate-700">
                  <p>{t(`help.reviews.items.${review.id}`)}</p>
                </blockquote>
                <figcaption className="mt-3 font-semibold text-slate-900">{review.user}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </ContentSection>

      <section aria-labelledby="more-heading" className="mt-14 rounded-3xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
        <h2 id="more-heading" className="text-xl font-bold text-brand-900">
          {t("help.more.title")}
        </h2>
        <p className="mt-2 text-slate-700">{t("help.more.text")}</p>
        <ContactChannels
          channels={["discord", "whatsapp"]}
          extra={
            <CtaLink to="/contact" variant="secondary" className="w-full sm:w-auto">
              <Mail className="size-5" aria-hidden="true" />
              {t("help.more.contact")}
            </CtaLink>
          }
        />
      </section>
    </ContentPage>
  );
}
