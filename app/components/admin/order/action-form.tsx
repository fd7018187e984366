import { Form } from "react-router";
import type { ButtonVariant } from "~/components/ui/button";
import { SubmitButton } from "../kit/fields";
import { useTranslation } from "~/i18n/use-translation";

/** One of the order's action forms: its fields, then the button that posts its `intent`. */
export function ActionForm({
  intent,
  label,
  children,
  variant = "primary",
  multipart = false,
}: {
  intent: string;
  label: string;
  children?: React.ReactNode;
  variant?: ButtonVariant;
  /** The form carries files (the delivery screenshots): posted as multipart/form-data, with or without JavaScript. */
  multipart?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      className="space-y-3 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0"
    >
      {children}
      <SubmitButton intent={intent} variant={variant} pendingLabel={t("admin.working")}>
        {label}
      </SubmitButton>
    </Form>
  );
}
