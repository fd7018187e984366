import { DiscordIcon, WhatsAppIcon } from "./icon";

const CHANNELS = {
  discord: { Icon: DiscordIcon, colors: "bg-[#4752c4] hover:bg-[#3c45a5]" },
  whatsapp: { Icon: WhatsAppIcon, colors: "bg-green-700 hover:bg-green-800" },
} as const;

interface ChannelLinkProps {
  channel: keyof typeof CHANNELS;
  href: string;
  children: React.ReactNode;
  "aria-label"?: string;
  className?: string;
}

/** A brand-coloured button-link to the community chat or WhatsApp, opened in a new tab. */
export function ChannelLink({ channel, href, children, className, ...rest }: ChannelLinkProps) {
  const { Icon, colors } = CHANNELS[channel];
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={rest["aria-label"]}
      className={`flex h-11 items-center justify-center gap-2 rounded-lg text-sm font-semibold text-white ${colors}${className ? ` ${className}` : ""}`}
    >
      <Icon />
      {children}
    </a>
  );
}
