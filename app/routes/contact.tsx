import { Send } from "~/components/ui/icon";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/contact";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { localizePath, splitLangFromPath } from "~/domain/lang-path";
import type { FieldErrors } from "~/domain/api/contract";
import type { MessageCode } from "~/domain/messages";
import { isOrderId } from "~/domain/order-id";
import { contactSchema, fieldErrors } from "~/domain/validation";
import { primaryButton } from "~/components/content/cta";
import { ContactChannels } from "~/components/content/contact-channels";
import { ContentPage, PageHeader } from "~/components/content/page-header";
import { Field, type ControlProps } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { LocalLink } from "~/components/ui/local-link";
import { saveContactMessage } from "~/server/contact/contact.server";
import { acceptRequest } from "~/server/web/endpoint.server";
import { passRetryAfter } from "~/server/platform/retry-after.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";

/** The page's own strings (beyond the frame's), in its language. */
export const loader = ({ params, context }: Route.LoaderArgs) => ({
  translations: translationsFor({ params, context }, ["contact", "info", "orderLink", "meta.contact", "meta.privacyPolicy"]),
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "contact");

/** The shopper layout's headers, plus Retry-After when the form is refused for coming too often. */
export const headers: Route.HeadersFunction = passRetryAfter;

const FIELDS = ["name", "email", "message"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, MessageCode>>;

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The visible fields' errors only: a filled honeypot is handled apart, silently. */
function visibleErrors(fields: FieldErrors): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) if (fields[field]) errors[field] = fields[field];
  return errors;
}

function checkForm(input: unknown): Errors {
  return visibleErrors(fieldErrors(contactSchema.safeParse(input), "form_rejected"));
}

export async function action(args: Route.ActionArgs) {
  const { lang } = splitLangFromPath(new URL(args.request.url).pathname);
  const thankYou = localizePath("/thank-you", lang);
  const accepted = await acceptRequest(args, { body: "form", schema: contactSchema, limit: RATE_LIMITS.contact });
  if (!accepted.ok) {
    const { status, refusal, headers, raw } = accepted;
    // Bots fill the hidden field: they get the same answer as people, and nothing is stored.
    if (refusal.fields?.website) return redirect(thankYou, 303);
    const form = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
    const values: Values = { name: text(form.name), email: text(form.email), message: text(form.message) };
    const formError: MessageCode | null = status === 422 ? null : refusal.code;
    return data({ errors: visibleErrors(refusal.fields ?? {}), values, formError }, { status, headers });
  }
  const { name, email, message } = accepted.input;
  await saveContactMessage(accepted.db, accepted.services.site, { name, email, message, lang, clientKey: accepted.client }, accepted.now);
  return redirect(thankYou, 303);
}

const inputClass =
  "mt-1.5 block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>(actionData?.errors ?? {});
  // From an order's page (/contact?order=ORD…): the message starts with the order id.
  const order = useSearchParams()[0].get("order");
  const values = actionData?.values ?? (isOrderId(order) ? { name: "", email: "", message: t("orderLink.support.contactPrefill", { id: order }) } : undefined);
  const formError = actionData?.formError ?? null;

  // Errors found by the server (the browser checks the same schema first, so rarely needed).
  useEffect(() => {
    if (actionData?.errors) setErrors(actionData.errors);
  }, [actionData]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const found = checkForm({ name: text(form.get("name")), email: text(form.get("email")), message: text(form.get("message")) });
    const first = FIELDS.find((field) => found[field]);
    setErrors(found);
    if (!first) return;
    event.preventDefault();
    const input = formRef.current?.elements.namedItem(first);
    if (input instanceof HTMLElement) input.focus();
  }

  function clearError(field: FieldName) {
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  }

  const hasErrors = FIELDS.some((field) => errors[field]);

  /** The label, hint and error of one field around its control, which gets these props. */
  function formField(field: FieldName, render: (props: ControlProps & ReturnType<typeof controlProps>) => React.ReactNode, hint?: string) {
    const error = errors[field];
    return (
      <Field
        id={`contact-${field}`}
        label={t(`contact.form.${field}`)}
        error={error ? t(`errors.${error}`) : null}
        hint={hint}
        hintAbove
        labelClassName="font-semibold text-slate-900"
        hintClassName="mt-0.5 text-sm text-slate-600"
        errorClassName="mt-1.5 text-sm font-medium text-red-700"
      >
        {(control) => render({ ...control, ...controlProps(field) })}
      </Field>
    );
  }

  function controlProps(field: FieldName) {
    return {
      name: field,
      required: true,
      defaultValue: values?.[field],
      onChange: () => clearError(field),
      className: `${inputClass} ${errors[field] ? "border-red-600" : "border-slate-300"}`,
    };
  }

  return (
    <ContentPage>
      <PageHeader title={t("contact.title")} subtitle={t("contact.subtitle")} />

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contact-form-heading" className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="contact-form-heading" className="text-xl font-bold text-slate-900">
            {t("contact.form.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("contact.form.required")}</p>

          {hasErrors || formError ? (
            <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {formError ? t(`errors.${formError}`) : t("contact.form.errorSummary")}
            </p>
          ) : null}

          <Form method="post" noValidate ref={formRef} onSubmit={onSubmit} className="mt-6 space-y-5">
            {formField("name", (props) => (
              <input type="text" autoComplete="name" maxLength={100} {...props} />
            ))}
            {formField("email", (props) => (
              <input type="email" autoComplete="email" inputMode="email" maxLength={254} {...props} />
            ))}
            {formField(
              "message",
              (props) => (
                <textarea rows={6} maxLength={5000} {...props} />
              ),
              t("contact.form.messageHint"),
            )}
            <Honeypot defaultValue="" />
            <button type="submit" disabled={submitting} className={`${primaryButton} w-full disabled:opacity-70 sm:w-auto`}>
              <Send className="size-4" aria-hidden="true" />
              {submitting ? t("contact.form.sending") : t("contact.form.submit")}
            </button>
            <p className="text-sm text-slate-600">
              {t("contact.form.privacy")}{" "}
              <LocalLink to="/privacy-policy" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {t("meta.privacyPolicy.title")}
              </LocalLink>
            </p>
          </Form>
        </section>

        <aside aria-labelledby="contact-other-heading" className="rounded-3xl bg-brand-50 p-5 sm:p-8 lg:self-start">
          <h2 id="contact-other-heading" className="text-xl font-bold text-brand-900">
            {t("contact.other.title")}
          </h2>
          <p className="mt-2 text-slate-700">{t("contact.other.text")}</p>
          <ContactChannels />
        </aside>
      </div>
    </ContentPage>
  );
}
