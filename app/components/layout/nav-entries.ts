import { useTranslation } from "~/i18n/use-translation";
import { usePublicConfig } from "~/state/storefront-data";

export interface NavSubItem {
  label: string;
  to: string;
  description?: string;
}

/** One entry of the main navigation: a link, or a dropdown of sub-pages plus an "all" link. */
export type NavEntry =
  | { kind: "link"; key: string; label: string; to: string; external?: boolean }
  | { kind: "group"; key: string; label: string; base: string; items: NavSubItem[]; all: NavSubItem };

/** The main navigation, shared by the desktop bar and the mobile drawer. */
export function useNavEntries(): NavEntry[] {
  const { t } = useTranslation();
  const contactForm = usePublicConfig()?.links.contactForm ?? null;
  return [
    { kind: "link", key: "home", label: t("frame.header.home"), to: "/" },
    {
      kind: "group",
      key: "triggers",
      label: t("frame.header.triggers"),
      base: "/triggers",
      items: [
        { label: t("frame.header.permanentTriggers"), description: t("frame.header.permanentTriggersText"), to: "/triggers/permanent" },
        { label: t("frame.header.giftTriggers"), description: t("frame.header.giftTriggersText"), to: "/triggers/gift" },
      ],
      all: { label: t("frame.header.allTriggers"), to: "/triggers" },
    },
    {
      kind: "group",
      key: "rooms",
      label: t("frame.header.rooms"),
      base: "/rooms",
      items: [{ label: t("frame.header.permanentRooms"), description: t("frame.header.permanentRoomsText"), to: "/rooms/permanent" }],
      all: { label: t("frame.header.allRooms"), to: "/rooms" },
    },
    { kind: "link", key: "bundles", label: t("frame.header.bundles"), to: "/bundles" },
    contactForm
      ? { kind: "link", key: "contact", label: t("frame.header.contact"), to: contactForm, external: true }
      : { kind: "link", key: "contact", label: t("frame.header.contact"), to: "/contact" },
    { kind: "link", key: "support", label: t("frame.header.support"), to: "/help-center" },
  ];
}
