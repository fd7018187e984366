import { CircleAlert, CircleCheck, MailCheck, MailX } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation, type MetaDescriptor, type ShouldRevalidateFunction } from "react-router";
import { Button } from "~/components/ui/button";
import { splitLangFromPath } from "~/domain/lang-path";
import { getI18n } from "~/i18n/i18n";
import { CtaLink } from "./cta";
import { ContentPage } from "./page-header";

type Action = "confirm" | "unsubscribe";

/** The page's view of an emailed link (app/server/newsletter.server.ts LinkState). */
export type NewsletterLinkView = { state: "invalid" } | { state: "used" } | { state: "ready" | "done"; email: string };

/** Title and noindex: these pages only exist for the person holding the link. */
export function newsletterPageMeta(pathname: string, action: Action): MetaDescriptor[] {
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
  const Icon = ICONS[link.state];
  const [title, text] =
    link.state === "invalid"
      ? [t("newsletter.invalid.title"), t("newsletter.invalid.text")]
      : link.state === "used"
        ? [t(`newsletter.${action}.usedTitle`), t(`newsletter.${action}.usedText`)]
        : link.state === "done"
          ? [t(`newsletter.${action}.doneTitle`), t(`newsletter.${action}.doneText`, { email: link.email })]
          : [t(`newsletter.${action}.title`), t(`newsletter.${action}.text`, { email: link.email })];
  const good = link.state === "ready" || link.state === "done";
  return (
    <ContentPage className="sm:py-20">
      {/* The result replaces the question in place after the button: announced to screen readers. */}
      <div aria-live="polite" className="mx-auto max-w-xl rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <span
          className={`mx-auto flex size-16 items-center justify-center rounded-full ${good ? "bg-brand-50 text-brand-700" : "bg-amber-50 text-amber-800"}`}
        >
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-3xl font-black tracking-tight text-balance text-slate-900">{title}</h1>
        <p className="mt-3 text-lg break-words text-slate-600">{text}</p>
        {link.state === "ready" && token ? (
          <Form method="post" className="mt-8">
            <input type="hidden" name="t" value={token} />
            <Button type="submit" size="lg" disabled={busy} variant={action === "confirm" ? "primary" : "secondary"} className="w-full sm:w-auto">
              {busy ? t(`newsletter.${action}.busy`) : t(`newsletter.${action}.button`)}
            </Button>
          </Form>
        ) : (
          <div className="mt-8 flex justify-center">
            <CtaLink to="/">{t("newsletter.home")}</CtaLink>
          </div>
        )}
      </div>
    </ContentPage>
  );
}
