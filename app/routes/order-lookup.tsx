import { MailCheck, PackageSearch, Send } from "~/components/ui/icon";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/order-lookup";
import { pageMeta } from "~/seo";
import type { FieldErrors } from "~/domain/api/contract";
import { localizePath, splitLangFromPath } from "~/domain/lang-path";
import type { MessageCode } from "~/domain/messages";
import { fieldErrors, orderLookupSchema } from "~/domain/validation";
import { primaryButton } from "~/components/content/cta";
import { ContentPage, PageHeader } from "~/components/content/page-header";
import { ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { translationsFor } from "~/i18n/resources.server";
import { acceptRequest } from "~/server/web/endpoint.server";
import { passRetryAfter } from "~/server/platform/retry-after.server";
import { mailOrderLink } from "~/server/orders/lookup.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "orderLookup");

/** The shopper layout's headers, plus Retry-After when the form is refused for coming too often. */
export const headers: Route.HeadersFunction = passRetryAfter;

const FIELDS = ["orderId", "email"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, MessageCode>>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

function visibleErrors(fields: FieldErrors): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) if (fields[field]) errors[field] = fields[field];
  return errors;
}

/**
 * Order id + email → the status link is mailed to the order's address. A right pair, a wrong email
 * and an unknown order get the very same answer (303 to "?sent=1"), so the form says nothing about
 * which orders exist; badly typed fields (which reveal nothing) are shown back, and the client's
 * attempts are rate-limited (RATE_LIMITS.lookup).
 */
export const loader = ({ params, context }: Route.LoaderArgs) => ({
  translations: translationsFor({ params, context }, ["info", "orderStatus", "meta.orderLookup"]),
});

export async function action(args: Route.ActionArgs) {
  const { lang } = splitLangFromPath(new URL(args.request.url).pathname);
  const sent = `${localizePath("/order", lang)}?sent=1`;
  const accepted = await acceptRequest(args, { body: "form", schema: orderLookupSchema, limit: RATE_LIMITS.lookup });
  if (!accepted.ok) {
    const { status, refusal, headers, raw } = accepted;
    // Bots fill the hidden field: the same answer as everyone, and nothing is mailed.
    if (refusal.fields?.website) return redirect(sent, 303);
    const form = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
    const values: Values = { orderId: text(form.orderId), email: text(form.email) };
    const formError: MessageCode | null = status === 422 ? null : refusal.code;
    return data({ errors: visibleErrors(refusal.fields ?? {}), values, formError }, { status, headers });
  }
  await mailOrderLink(accepted.db, accepted.services.site, accepted.input, accepted.now);
  return redirect(sent, 303);
}

const inputClass =
  "mt-1.5 block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";

function Sent() {
  const { t } = useTranslation();
  return (
    <section role="status" aria-labelledby="lookup-sent-heading" className="mt-8 max-w-2xl rounded-3xl border border-emerald-200 bg-emerald-50 p-5 sm:p-8">
      <MailCheck className="size-8 text-emerald-700" aria-hidden="true" />
      <h2 id="lookup-sent-heading" className="mt-3 text-xl font-bold text-emerald-950">
        {t("orderStatus.lookup.sentTitle")}
      </h2>
      <p className="mt-2 text-emerald-950">{t("orderStatus.lookup.sentText")}</p>
      <ButtonLink to="/order" variant="secondary" className="mt-5">
        {t("orderStatus.lookup.again")}
      </ButtonLink>
    </section>
  );
}

export default function OrderLookupPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>(actionData?.errors ?? {});
  const values = actionData?.values;
  const formError = actionData?.formError ?? null;

  useEffect(() => {
    if (actionData?.errors) setErrors(actionData.errors);
  }, [actionData]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const found = visibleErrors(fieldErrors(orderLookupSchema.safeParse({ orderId: text(form.get("orderId")), email: text(form.get("email")) })));
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (!first) return;
    event.preventDefault();
    const input = formRef.current?.elements.namedItem(first);
    if (input instanceof HTMLElement) input.focus();
  }

  const hasErrors = FIELDS.some((field) => errors[field]);

  function field(name: FieldName, label: string, input: React.InputHTMLAttributes<HTMLInputElement>, hint?: string) {
    const error = errors[name];
    return (
      <Field
        id={`lookup-${name}`}
        label={label}
        hint={hint}
        hintAbove
        error={error ? t(`errors.${error}`) : null}
        labelClassName="font-semibold text-slate-900"
        hintClassName="mt-0.5 text-sm text-slate-600"
        errorClassName="mt-1.5 text-sm font-medium text-red-700"
      >
        {(control) => (
          <input
            {...control}
            {...input}
            name={name}
            required
            defaultValue={values?.[name]}
            onChange={() => errors[name] && setErrors(({ [name]: _removed, ...rest }) => rest)}
            className={`${inputClass} ${error ? "border-red-600" : "border-slate-300"}`}
          />
        )}
      </Field>
    );
  }

  return (
    <ContentPage>
      <PageHeader
        eyebrow={t("orderStatus.page.eyebrow")}
        icon={PackageSearch}
        title={t("orderStatus.lookup.title")}
        subtitle={t("orderStatus.lookup.subtitle")}
      />
      {searchParams.has("sent") ? (
        <Sent />
      ) : (
        <section aria-labelledby="lookup-form-heading" className="mt-8 max-w-2xl rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="lookup-form-heading" className="text-xl font-bold text-slate-900">
            {t("orderStatus.lookup.formTitle")}
          </h2>
          {hasErrors || formError ? (
            <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {formError ? t(`errors.${formError}`) : t("orderStatus.lookup.errorSummary")}
            </p>
          ) : null}
          <Form method="post" noValidate ref={formRef} onSubmit={onSubmit} className="mt-6 space-y-5">
            {field(
              "orderId",
              t("orderStatus.lookup.orderId"),
              {
                type: "text",
                autoComplete: "off",
                autoCapitalize: "characters",
                spellCheck: false,
                maxLength: 40,
                placeholder: t("orderStatus.lookup.orderIdPlaceholder"),
              },
              t("orderStatus.lookup.orderIdHint"),
            )}
            {field("email", t("orderStatus.lookup.email"), { type: "email", autoComplete: "email", inputMode: "email", maxLength: 254 })}
            <Honeypot defaultValue="" />
            <button type="submit" disabled={submitting} className={`${primaryButton} w-full disabled:opacity-70 sm:w-auto`}>
              <Send className="size-4" aria-hidden="true" />
              {submitting ? t("orderStatus.lookup.sending") : t("orderStatus.lookup.submit")}
            </button>
            <p className="text-sm text-slate-600">{t("orderStatus.lookup.privacy")}</p>
          </Form>
        </section>
      )}
    </ContentPage>
  );
}
