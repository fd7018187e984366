import { Gift } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { useStorefrontData } from "~/state/storefront-data";

/**
 * Site-wide offer line above the header (SPEC §1, §2): a free room with the new-user code.
 * Renders nothing when the server says the code cannot be applied today.
 */
export function AnnouncementBar() {
  const announcement = useStorefrontData()?.announcement ?? null;
  if (!announcement) return null;
  return <AnnouncementBanner code={announcement.code} />;
}

function AnnouncementBanner({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t("frame.announcement.label")}
      className="flex h-7 items-center justify-center gap-2 overflow-hidden bg-brand-900 px-3 text-xs text-white sm:h-8 sm:text-sm"
    >
      <Gift className="size-3.5 shrink-0 sm:size-4" aria-hidden="true" />
      <p className="truncate">
        <span className="sm:hidden">{t("frame.announcement.short")}</span>
        <span className="hidden sm:inline">{t("frame.announcement.long")}</span>{" "}
        <strong className="rounded bg-white/15 px-1.5 py-0.5 font-mono font-bold tracking-wide">{code}</strong>
      </p>
    </aside>
  );
}
