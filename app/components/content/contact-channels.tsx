import { Mail, MessageCircle, MessagesSquare } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { usePublicConfig } from "~/state/storefront-data";
import { primaryButton, secondaryButton } from "./cta";

type Channel = "discord" | "whatsapp" | "email";

/** Buttons to the shop's Discord server, WhatsApp and support email (links from the root loader). */
export function ContactChannels({
  channels = ["discord", "whatsapp", "email"],
  labels = {},
  extra,
}: {
  channels?: Channel[];
  /** Wording for this place ("Open a ticket on Discord"), instead of the default labels. */
  labels?: Partial<Record<Channel, string>>;
  /** One more item at the end of the row (e.g. a link to the contact form). */
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const links = usePublicConfig()?.links;
  if (!links) return null;
  const all: Record<Channel, { href: string; label: string; icon: typeof Mail }> = {
    discord: { href: links.discord, label: t("contact.channels.discord"), icon: MessagesSquare },
    whatsapp: { href: links.whatsapp, label: t("contact.channels.whatsapp"), icon: MessageCircle },
    email: { href: links.email, label: t("contact.channels.email"), icon: Mail },
  };
  return (
    <ul className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {channels.map((channel, index) => {
        const { href, icon: Icon } = all[channel];
        const label = labels[channel] ?? all[channel].label;
        return (
          <li key={channel}>
            <a href={href} className={`${index === 0 ? primaryButton : secondaryButton} w-full sm:w-auto`} rel="noopener">
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </a>
          </li>
        );
      })}
      {extra ? <li>{extra}</li> : null}
    </ul>
  );
}
