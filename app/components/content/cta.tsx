import { ArrowRight, ShieldCheck } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass, ButtonLink } from "~/components/ui/button";
import { LocalLink } from "~/components/ui/local-link";

/** Content pages' calls to action: the shop's buttons, rounder and padded for two-line labels. */
const CTA_LOOK = "rounded-xl py-2.5";
export const primaryButton = buttonClass({ className: `${CTA_LOOK} shadow-sm` });
export const secondaryButton = buttonClass({ variant: "secondary", className: CTA_LOOK });

/** A language-aware call-to-action link styled as a button. */
export function CtaLink({
  to,
  children,
  variant = "primary",
  className = "",
}: {
  to: string;
  children: React.ReactNode;
  variant?: "primary" | "secondary";
  className?: string;
}) {
  return (
    <LocalLink to={to} className={`${variant === "primary" ? primaryButton : secondaryButton} ${className}`}>
      {children}
      {variant === "primary" ? <ArrowRight className="size-4" aria-hidden="true" /> : null}
    </LocalLink>
  );
}

interface CtaBannerProps {
  title: string;
  text: string;
  to: string;
  label: string;
  children?: React.ReactNode;
}

/** Closing band of a page: one heading, one sentence, the main link (and optional secondary ones). */
export function CtaBanner({ title, text, to, label, children }: CtaBannerProps) {
  return (
    <section aria-labelledby="cta-heading" className="mt-14 rounded-3xl bg-brand-900 px-6 py-8 text-white sm:px-10 sm:py-10">
      <h2 id="cta-heading" className="text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-2 max-w-2xl text-brand-100">{text}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={to} className={`${CTA_LOOK} bg-white text-brand-900 hover:bg-brand-50`}>
          {label}
          <ArrowRight className="size-4" aria-hidden="true" />
        </ButtonLink>
        {children}
      </div>
    </section>
  );
}

/** Why a login is needed and the usage rules: shown on every permanent-item page. */
export function LoginInfoLinks() {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row">
      <CtaLink to="/login-required" variant="secondary">
        <ShieldCheck className="size-5" aria-hidden="true" />
        {t("info.loginLink")}
      </CtaLink>
      <CtaLink to="/login-required#rules" variant="secondary">
        {t("info.rulesLink")}
      </CtaLink>
    </div>
  );
}
