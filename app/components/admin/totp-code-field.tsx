import { useTranslation } from "~/i18n/use-translation";
import { TextField } from "./kit/fields";

/** The authenticator's 6-digit code (the login's second step, turning codes on or off). */
export function TotpCodeField({ autoFocus, className }: { autoFocus?: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("admin.totp.label")}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]{6,8}"
      required
      autoFocus={autoFocus}
      className={className}
    />
  );
}
