import { LifeBuoy } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { LocalLink } from "~/components/ui/local-link";
import { ContactChannels } from "./contact-channels";

/** The call to open a support ticket that ends every policy page. */
export function SupportTicket() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="support-ticket-heading" className="mt-12 rounded-3xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-white text-brand-700 sm:flex">
          <LifeBuoy className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="support-ticket-heading" className="text-xl font-bold text-brand-900">
            {t("policies.ticket.title")}
          </h2>
          <p className="mt-2 text-slate-700">{t("policies.ticket.text")}</p>
          <ContactChannels channels={["discord", "email"]} labels={{ discord: t("policies.ticket.discord"), email: t("policies.ticket.email") }} />
          <p className="mt-4 text-sm text-slate-700">
            <LocalLink to="/contact" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
              {t("policies.ticket.contactForm")}
            </LocalLink>
          </p>
        </div>
      </div>
    </section>
  );
}
