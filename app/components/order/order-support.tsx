import { Mail } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { ChannelLink } from "~/components/ui/channel-link";
import { LocalLink } from "~/components/ui/local-link";
import { usePublicConfig } from "~/state/storefront-data";

/**
 * Reaching support about this order: WhatsApp with the order id already in the message, Discord
 * (an invite cannot carry a message: the id is shown to paste) and the contact form prefilled.
 */
export function OrderSupport({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const links = usePublicConfig()?.links;
  if (!links) return null;
  const whatsapp = `${links.whatsapp}?text=${encodeURIComponent(t("orderLink.support.whatsappMessage", { id: orderId }))}`;
  return (
    <>
      <p className="mt-2 text-sm text-slate-700">
        {t("orderLink.support.text")} <strong className="font-mono break-all text-slate-900">{orderId}</strong>
      </p>
      <div className="mt-4 flex flex-col gap-3">
        <ChannelLink channel="whatsapp" href={whatsapp} className="px-4">
          {t("orderLink.support.whatsapp")}
        </ChannelLink>
        <ChannelLink channel="discord" href={links.discord} className="px-4">
          {t("orderLink.support.discord")}
        </ChannelLink>
        <LocalLink
          to={`/contact?order=${encodeURIComponent(orderId)}`}
          className="flex h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
        >
          <Mail className="size-4" aria-hidden="true" />
          {t("orderLink.support.contact")}
        </LocalLink>
      </div>
      <p className="mt-3 text-xs text-slate-600">{t("orderLink.support.discordHint")}</p>
    </>
  );
}
