import * as Dialog from "@radix-ui/react-dialog";
import { UserRound } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { DialogCloseButton, DialogShell } from "~/components/ui/dialog";
import { ChannelLink } from "~/components/ui/channel-link";
import { usePublicConfig } from "~/state/storefront-data";

/** Guest Profile (SPEC §1): there are no accounts; point to the community server and support. */
export function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const links = usePublicConfig()?.links;
  return (
    <DialogShell open={open} onOpenChange={onOpenChange}>
      <DialogCloseButton className="absolute top-3 right-3" />
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <UserRound className="size-8" aria-hidden="true" />
        </span>
        <Dialog.Title className="mt-4 text-xl font-bold text-slate-900">{t("dialogs.profile.title")}</Dialog.Title>
        <p className="mt-2 inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">
          <span className="size-2 rounded-full bg-slate-500" aria-hidden="true" />
          {t("dialogs.profile.status")}
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-800">{t("dialogs.profile.guest")}</span>
        </p>
        <Dialog.Description className="mt-4 text-sm text-slate-700">{t("dialogs.profile.text")}</Dialog.Description>
        <p className="mt-2 text-sm text-slate-600">{t("dialogs.profile.help")}</p>
      </div>
      <div className="mt-6 grid gap-2">
        {links?.discord && (
          <ChannelLink channel="discord" href={links.discord} className="px-4">
            {t("dialogs.profile.discord")}
          </ChannelLink>
        )}
        {links?.whatsapp && (
          <ChannelLink channel="whatsapp" href={links.whatsapp} className="px-4">
            {t("dialogs.profile.whatsapp")}
          </ChannelLink>
        )}
      </div>
    </DialogShell>
  );
}
