import { useId, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { toast } from "~/lib/toast";
import { BadgeCheck, Clock, DiscordIcon, InstagramIcon, TikTokIcon, Users, WhatsAppIcon, YouTubeIcon, Zap } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { EmailInput } from "~/components/ui/email-input";
import { Honeypot } from "~/components/ui/honeypot";
import { LocalLink, useLocalize } from "~/components/ui/local-link";
import { useLang } from "~/state/lang";
import { NEWSLETTER_ENDPOINT } from "~/domain/api/endpoints";
import type { ApiFailure } from "~/lib/api-client";
import { usePublicConfig } from "~/state/storefront-data";

const CLAIM_ICONS = [Clock, Users, Zap];

/** A component class (app.css): the footer repeats it some twenty times on every page. */
const linkClass = "footer-link";

/** A footer link: inside the shop (`to`, kept in the page's language) or outside (`href`). */
interface FooterLink {
  key: string;
  to?: string;
  href?: string;
  /** Its text's key when not frame.footer.<key> (a page that brings its own strings). */
  label?: string;
}

const QUICK_LINKS: FooterLink[] = [
  { key: "home", to: "/" },
  { key: "triggers", to: "/triggers" },
  { key: "rooms", to: "/rooms" },
  { key: "bundles", to: "/bundles" },
  { key: "share", to: "/share" },
];
const SUPPORT_LINKS: FooterLink[] = [
  { key: "helpCenter", to: "/help-center" },
  { key: "trackOrder", to: "/order", label: "frame.footer.trackOrder" },
  { key: "emailSupport" },
  { key: "delivery", to: "/help-center#delivery" },
  { key: "returnPolicy", to: "/return-policy" },
  { key: "loginRequired", to: "/login-required" },
  { key: "shareSite", to: "/share" },
  { key: "faq", to: "/help-center" },
];
const LEGAL_LINKS: FooterLink[] = [
  { key: "privacy", to: "/privacy-policy" },
  { key: "returnPolicy", to: "/return-policy" },
  { key: "terms", to: "/terms-of-service" },
];

function LinkList({ items, className }: { items: FooterLink[]; className: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {items.map(({ key, to, href, label = `frame.footer.${key}` }) => (
        <li key={key}>
          {to ? (
            <LocalLink to={to} className={linkClass}>
              {t(label)}
            </LocalLink>
          ) : (
            <a href={href} className={linkClass}>
              {t(label)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function FooterNav({ id, title, items }: { id: string; title: string; items: FooterLink[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-white">
        {title}
      </h2>
      <LinkList items={items} className="mt-4 space-y-2.5 text-sm" />
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const links = usePublicConfig()?.links;
  const claims = t("frame.footer.claims", { returnObjects: true }) as string[];
  const social = [
    { key: "discord", href: links?.discord, Icon: DiscordIcon },
    { key: "whatsapp", href: links?.whatsapp, Icon: WhatsAppIcon },
    { key: "instagram", href: links?.instagram, Icon: InstagramIcon },
    { key: "tiktok", href: links?.tiktok, Icon: TikTokIcon },
    { key: "youtube", href: links?.youtube, Icon: YouTubeIcon },
  ].filter((s): s is typeof s & { href: string } => typeof s.href === "string" && s.href !== "");

  return (
    <footer className="mt-16 bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr] lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <LocalLink to="/" className="inline-flex items-center gap-2 rounded text-lg font-black text-white">
            <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
            {t("meta.siteName")}
          </LocalLink>
          <p className="mt-3 text-sm leading-relaxed">{t("frame.footer.about")}</p>
          <ul className="mt-4 flex flex-wrap gap-2">
            {claims.map((claim, i) => {
              const Icon = CLAIM_ICONS[i] ?? BadgeCheck;
              return (
                <li key={claim} className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-white">
                  <Icon className="size-3.5" aria-hidden="true" />
                  {claim}
                </li>
              );
            })}
          </ul>
          {social.length > 0 && (
            <div className="mt-6">
              <h2 className="text-sm font-semibold text-white">{t("frame.footer.social")}</h2>
              <ul className="mt-3 flex gap-2">
                {social.map(({ key, href, Icon }) => (
                  <li key={key}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t("frame.footer.newTab", { name: t(`frame.footer.${key}`) })}
                      className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-brand-600"
                    >
                      <Icon />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>

        <FooterNav id="footer-quick" title={t("frame.footer.quickLinks")} items={QUICK_LINKS} />
        <FooterNav
          id="footer-support"
          title={t("frame.footer.support")}
          items={SUPPORT_LINKS.filter((item) => item.key !== "emailSupport" || links?.email).map((item) =>
            item.key === "emailSupport" ? { ...item, href: links?.email ?? "" } : item,
          )}
        />

        <Newsletter />
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto max-w-7xl space-y-4 px-4 py-6 text-xs leading-relaxed text-slate-400 lg:px-8">
          <p className="text-slate-300">{t("frame.footer.disclaimer")}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <nav aria-label={t("frame.footer.legal")}>
              <LinkList items={LEGAL_LINKS} className="flex flex-wrap gap-x-5 gap-y-2" />
            </nav>
            <p className="text-slate-300">{t("frame.footer.copyright", { year: new Date().getFullYear() })}</p>
          </div>
        </div>
      </div>
    </footer>
  );
}

/**
 * Sign-up for the newsletter: POST /api/newsletter (JSON {email, website, lang}), with a honeypot
 * field for bots. Sent before the JavaScript runs (or without it), the form posts to
 * /newsletter/subscribe instead, a page with the same rules: never a GET with the address in the URL.
 */
function Newsletter() {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const id = useId();
  const [email, setEmail] = useState("");
  const [website, setWebsite] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    // lang: the language of the confirmation mail the server sends.
    // The API client (and the list of message codes it checks replies against) comes with the first sign-up.
    const reply = await import("~/lib/api-client").then(
      ({ postJson }) => postJson(NEWSLETTER_ENDPOINT, { email, website, lang }),
      (): ApiFailure => ({ ok: false, reason: "network", status: null, code: null, vars: {} }),
    );
    setBusy(false);
    if (reply.ok) {
      // An instruction to act on (open the mail): left on screen longer than a plain "done".
      toast.success(t("frame.footer.newsletter.success"), { duration: 8000 });
      setEmail("");
      return;
    }
    setError(reply.code ? t(`errors.${reply.code}`) : t("frame.footer.newsletter.error"));
  }

  const errorId = `${id}-error`;
  return (
    <section aria-labelledby={`${id}-title`} className="col-span-2 lg:col-span-1">
      <h2 id={`${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-white">
        {t("frame.footer.newsletter.title")}
      </h2>
      <p className="mt-4 text-sm">{t("frame.footer.newsletter.text")}</p>
      <form className="mt-4" method="post" action={localize("/newsletter/subscribe")} onSubmit={submit}>
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-white">
          {t("frame.footer.newsletter.label")}
        </label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
          <EmailInput
            id={`${id}-email`}
            tone="dark"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setError(null);
            }}
            placeholder={t("frame.footer.newsletter.placeholder")}
            errorId={error ? errorId : null}
          />
          <Button type="submit" disabled={busy} className="shrink-0 text-sm transition hover:bg-brand-500 disabled:opacity-70">
            {busy ? t("frame.footer.newsletter.subscribing") : t("frame.footer.newsletter.subscribe")}
          </Button>
        </div>
        <Honeypot value={website} onChange={(e) => setWebsite(e.target.value)} />
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-300">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
