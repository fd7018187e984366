import { useTranslation } from "~/i18n/use-translation";

type HoneypotProps = Pick<React.InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "defaultValue">;

/**
 * The `website` field bots fill and people never see: off screen (not display:none, which some bots
 * skip), out of the tab order and hidden from screen readers. Forms refuse or quietly drop a filled one.
 */
export function Honeypot(input: HoneypotProps) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        {t("common.honeypot")}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" {...input} />
      </label>
    </div>
  );
}
