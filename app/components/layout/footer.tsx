import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { BadgeCheck, Clock, Mail, Users, Zap } from "lucide-react";
import { LocalLink, useLang } from "~/components/ui/local-link";
import { newsletterApi } from "~/domain/api/newsletter";
import { postJson } from "~/lib/api-client";
import { usePublicConfig } from "~/state/storefront-data";

/* Brand marks (Simple Icons, CC0): lucide ships no brand icons. Decorative; the link carries the name. */
type IconProps = { className?: string };
const brandPath = (d: string) =>
  function BrandIcon({ className = "size-5" }: IconProps) {
    return (
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
        <path d={d} />
      </svg>
    );
  };

export const DiscordIcon = brandPath(
  "M20.317 4.3698a19.7913 19.7913 0 00-4.8851-1.5152.0741.0741 0 00-.0785.0371c-.211.3753-.4447.8648-.6083 1.2495-1.8447-.2762-3.68-.2762-5.4868 0-.1636-.3933-.4058-.8742-.6177-1.2495a.077.077 0 00-.0785-.037 19.7363 19.7363 0 00-4.8852 1.515.0699.0699 0 00-.0321.0277C.5334 9.0458-.319 13.5799.0992 18.0578a.0824.0824 0 00.0312.0561c2.0528 1.5076 4.0413 2.4228 5.9929 3.0294a.0777.0777 0 00.0842-.0276c.4616-.6304.8731-1.2952 1.226-1.9942a.076.076 0 00-.0416-.1057c-.6528-.2476-1.2743-.5495-1.8722-.8923a.077.077 0 01-.0076-.1277c.1258-.0943.2517-.1923.3718-.2914a.0743.0743 0 01.0776-.0105c3.9278 1.7933 8.18 1.7933 12.0614 0a.0739.0739 0 01.0785.0095c.1202.099.246.1981.3728.2924a.077.077 0 01-.0066.1276 12.2986 12.2986 0 01-1.873.8914.0766.0766 0 00-.0407.1067c.3604.698.7719 1.3628 1.225 1.9932a.076.076 0 00.0842.0286c1.961-.6067 3.9495-1.5219 6.0023-3.0294a.077.077 0 00.0313-.0552c.5004-5.177-.8382-9.6739-3.5485-13.6604a.061.061 0 00-.0312-.0286zM8.02 15.3312c-1.1825 0-2.1569-1.0857-2.1569-2.419 0-1.3332.9555-2.4189 2.157-2.4189 1.2108 0 2.1757 1.0952 2.1568 2.419 0 1.3332-.9555 2.4189-2.1569 2.4189zm7.9748 0c-1.1825 0-2.1569-1.0857-2.1569-2.419 0-1.3332.9554-2.4189 2.1569-2.4189 1.2108 0 2.1757 1.0952 2.1568 2.419 0 1.3332-.946 2.4189-2.1568 2.4189Z",
);
export const WhatsAppIcon = brandPath(
  "M17.472 14.382c-.297-.149-1.758-.867-2.03-.967-.273-.099-.471-.148-.67.15-.197.297-.767.966-.94 1.164-.173.199-.347.223-.644.075-.297-.15-1.255-.463-2.39-1.475-.883-.788-1.48-1.761-1.653-2.059-.173-.297-.018-.458.13-.606.134-.133.298-.347.446-.52.149-.174.198-.298.298-.497.099-.198.05-.371-.025-.52-.075-.149-.669-1.612-.916-2.207-.242-.579-.487-.5-.669-.51-.173-.008-.371-.01-.57-.01-.198 0-.52.074-.792.372-.272.297-1.04 1.016-1.04 2.479 0 1.462 1.065 2.875 1.213 3.074.149.198 2.096 3.2 5.077 4.487.709.306 1.262.489 1.694.625.712.227 1.36.195 1.871.118.571-.085 1.758-.719 2.006-1.413.248-.694.248-1.289.173-1.413-.074-.124-.272-.198-.57-.347m-5.421 7.403h-.004a9.87 9.87 0 01-5.031-1.378l-.361-.214-3.741.982.998-3.648-.235-.374a9.86 9.86 0 01-1.51-5.26c.001-5.45 4.436-9.884 9.888-9.884 2.64 0 5.122 1.03 6.988 2.898a9.825 9.825 0 012.893 6.994c-.003 5.45-4.437 9.884-9.885 9.884m8.413-18.297A11.815 11.815 0 0012.05 0C5.495 0 .16 5.335.157 11.892c0 2.096.547 4.142 1.588 5.945L.057 24l6.305-1.654a11.882 11.882 0 005.683 1.448h.005c6.554 0 11.89-5.335 11.893-11.893a11.821 11.821 0 00-3.48-8.413z",
);
const InstagramIcon = brandPath(
  "M12 0C8.741 0 8.333.014 7.053.072 2.695.272.273 2.69.073 7.052.014 8.333 0 8.741 0 12c0 3.259.014 3.668.072 4.948.2 4.358 2.618 6.78 6.98 6.98C8.333 23.986 8.741 24 12 24c3.259 0 3.668-.014 4.948-.072 4.354-.2 6.782-2.618 6.979-6.98.059-1.28.073-1.689.073-4.948 0-3.259-.014-3.667-.072-4.947-.196-4.354-2.617-6.78-6.979-6.98C15.668.014 15.259 0 12 0zm0 5.838a6.162 6.162 0 100 12.324 6.162 6.162 0 000-12.324zM12 16a4 4 0 110-8 4 4 0 010 8zm3.98-10.181a1.44 1.44 0 11-2.88 0 1.44 1.44 0 012.88 0z",
);
const TikTokIcon = brandPath(
  "M12.525.02c1.31-.02 2.61-.01 3.91-.02.08 1.53.63 3.09 1.75 4.17 1.12 1.11 2.7 1.62 4.24 1.79v4.03c-1.44-.05-2.89-.35-4.2-.97-.57-.26-1.1-.59-1.62-.93-.01 2.92.01 5.84-.02 8.75-.08 1.4-.54 2.79-1.35 3.94-1.31 1.92-3.58 3.17-5.91 3.21-1.43.08-2.86-.31-4.08-1.03-2.02-1.19-3.44-3.37-3.65-5.71-.02-.5-.03-1-.01-1.49.18-1.9 1.12-3.72 2.58-4.96 1.66-1.44 3.98-2.13 6.15-1.72.02 1.48-.04 2.96-.04 4.44-.99-.32-2.15-.23-3.02.37-.63.41-1.11 1.04-1.36 1.75-.21.51-.15 1.07-.14 1.61.24 1.64 1.82 3.02 3.5 2.87 1.12-.01 2.19-.66 2.77-1.61.19-.33.4-.67.41-1.06.1-1.79.06-3.57.07-5.36.01-4.03-.01-8.05.02-12.07z",
);
const YouTubeIcon = brandPath(
  "M23.498 6.186a3.016 3.016 0 0 0-2.122-2.136C19.505 3.545 12 3.545 12 3.545s-7.505 0-9.377.505A3.017 3.017 0 0 0 .502 6.186C0 8.07 0 12 0 12s0 3.93.502 5.814a3.016 3.016 0 0 0 2.122 2.136c1.871.505 9.376.505 9.376.505s7.505 0 9.377-.505a3.015 3.015 0 0 0 2.122-2.136C24 15.93 24 12 24 12s0-3.93-.502-5.814zM9.545 15.568V8.432L15.818 12l-6.273 3.568z",
);

const CLAIM_ICONS = [Clock, Users, Zap];

const linkClass = "rounded text-slate-300 underline-offset-4 hover:text-white hover:underline";

/** A footer link: inside the shop (`to`, kept in the page's language) or outside (`href`). */
interface FooterLink {
  key: string;
  to?: string;
  href?: string;
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
      {items.map(({ key, to, href }) => (
        <li key={key}>
          {to ? (
            <LocalLink to={to} className={linkClass}>
              {t(`frame.footer.${key}`)}
            </LocalLink>
          ) : (
            <a href={href} className={linkClass}>
              {t(`frame.footer.${key}`)}
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

/** Sign-up for the newsletter: POST /api/newsletter (JSON {email, website, lang}), with a honeypot field for bots. */
function Newsletter() {
  const { t } = useTranslation();
  const lang = useLang();
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
    // lang: the language of the confirmation the server may send.
    const reply = await postJson(newsletterApi, { email, website, lang });
    setBusy(false);
    if (reply.ok) {
      toast.success(t("frame.footer.newsletter.success"));
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
      <form className="mt-4" onSubmit={submit}>
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-white">
          {t("frame.footer.newsletter.label")}
        </label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
          <div className="relative flex-1">
            <Mail className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (error) setError(null);
              }}
              placeholder={t("frame.footer.newsletter.placeholder")}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="h-11 w-full rounded-lg border border-slate-700 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="h-11 shrink-0 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white transition hover:bg-brand-500 disabled:opacity-70"
          >
            {busy ? t("frame.footer.newsletter.subscribing") : t("frame.footer.newsletter.subscribe")}
          </button>
        </div>
        {/* Honeypot: people never see or reach it; bots that fill every field are refused. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-website`}>{t("frame.footer.newsletter.honeypot")}</label>
          <input
            id={`${id}-website`}
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(e) => setWebsite(e.target.value)}
          />
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-300">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
