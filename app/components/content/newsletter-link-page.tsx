import { CircleAlert, CircleCheck, Mail, MailCheck, MailX, type IconComponent } from "~/components/ui/icon";
import type { MessageCode } from "~/domain/messages";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation, type MetaDescriptor, type ShouldRevalidateFunction } from "react-router";
import { Button } from "~/components/ui/button";
import { splitLangFromPath } from "~/domain/lang-path";
import { getI18n } from "~/i18n/i18n";
import { CtaLink } from "./cta";
import { ContentPage } from "./page-header";

type Action = "confirm" | "unsubscribe";

/** The page's view of an emailed link (app/server/newsletter/newsletter.server.ts LinkState). */
export type NewsletterLinkView = { state: "invalid" } | { state: "used" } | { state: "ready" | "done"; email: string };

/** Title and noindex: these pages only exist for the person holding the link. */
export function newsletterPageMeta(pathname: string, action: Action | "subscribe"): MetaDescriptor[] {
  const { t } = getI18n(splitLangFromPath(pathname).lang);
  return [{ title: `${t(`newsletter.${action}.title`)} | ${t("meta.siteName")}` }, { name: "robots", content: "noindex" }];
}

/** After the button, the action's answer is the page: reading the link again would only say it is used. */
export const skipRevalidationAfterSubmit: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

const ICONS = { ready: MailCheck, done: CircleCheck, used: MailX, invalid: CircleAlert } as const;

/**
 * The confirm and unsubscribe pages: a button that POSTs the token (a plain form, so it works
 * without JavaScript), then the result; or why the link can no longer be used.
 */
export function NewsletterLinkPage({ action, link, token }: { action: Action; link: NewsletterLinkView; token: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [title, text] =
    link.state === "invalid"
      ? [t("newsletter.invalid.title"), t("newsletter.invalid.text")]
      : link.state === "used"
        ? [t(`newsletter.${action}.usedTitle`), t(`newsletter.${action}.usedText`)]
        : link.state === "done"
          ? [t(`newsletter.${action}.doneTitle`), t(`newsletter.${action}.doneText`, { email: link.email })]
          : [t(`newsletter.${action}.title`), t(`newsletter.${action}.text`, { email: link.email })];
  return (
    <NewsletterCard Icon={ICONS[link.state]} good={link.state === "ready" || link.state === "done"} title={title} text={text}>
      {link.state === "ready" && token ? (
        <Form method="post" className="mt-8">
          <input type="hidden" name="t" value={token} />
          <Button type="submit" size="lg" disabled={busy} variant={action === "confirm" ? "primary" : "secondary"} className="w-full sm:w-auto">
            {busy ? t(`newsletter.${action}.busy`) : t(`newsletter.${action}.button`)}
          </Button>
        </Form>
      ) : (
        <BackToShop />
      )}
    </NewsletterCard>
  );
}

function BackToShop() {
  const { t } = useTranslation();
  return (
    <div className="mt-8 flex justify-center">
      <CtaLink to="/">{t("newsletter.home")}</CtaLink>
    </div>
  );
}

/** The newsletter pages' one card: an icon (brand for good news, amber otherwise), a title and a text, then the page's own part. */
function NewsletterCard({ Icon, good, title, text, children }: { Icon: IconComponent; good: boolean; title: string; text: string; children: React.ReactNode }) {
  return (
    <ContentPage className="sm:py-20">
      {/* The result replaces the question in place after the button: announced to screen readers. */}
      <div aria-live="polite" className="mx-auto max-w-xl rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <span className={`mx-auto flex size-16 items-center justify-center rounded-full ${good ? "bg-brand-50 text-brand-700" : "bg-amber-50 text-amber-800"}`}>
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-3xl font-black tracking-tight text-balance text-slate-900">{title}</h1>
        <p className="mt-3 text-lg break-words text-slate-600">{text}</p>
        {children}
      </div>
    </ContentPage>
  );
}

/** The sign-up's answer when the footer form was sent without JavaScript (routes/newsletter.subscribe.tsx). */
export type NewsletterSignupView = { state: "form" } | { state: "done" } | { state: "refused"; code: MessageCode };

/**
 * /newsletter/subscribe: where the footer's form posts before the page's JavaScript runs (or
 * without it). With JavaScript the footer posts to the API and shows a toast instead.
 */
export function NewsletterSignupPage({ view }: { view: NewsletterSignupView }) {
  const { t } = useTranslation();
  const [Icon, title, text] =
    view.state === "done"
      ? [MailCheck, t("newsletter.subscribe.doneTitle"), t("newsletter.subscribe.doneText")]
      : view.state === "refused"
        ? [CircleAlert, t("newsletter.subscribe.refusedTitle"), t(`errors.${view.code}`)]
        : [Mail, t("newsletter.subscribe.title"), t("newsletter.subscribe.text")];
  return (
    <NewsletterCard Icon={Icon} good={view.state !== "refused"} title={title} text={text}>
      <BackToShop />
    </NewsletterCard>
  );
}
