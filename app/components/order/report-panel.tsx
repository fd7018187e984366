import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { LocalTime } from "~/components/order/local-time";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { MessageCode } from "~/domain/messages";
import { buyerReportFormSchema, REPORT_MESSAGE_MAX, reportableFromFacts, reportReasons, warrantyEndsAt, type BuyerReportsView } from "~/domain/problem-reports";
import { useHydrated } from "./use-hydrated";
import { fieldErrors } from "~/domain/validation";
import { useTranslation } from "~/i18n/use-translation";

/** What the page's action answers for a refused report form: codes per field, or one for the form. */
export interface ReportFormReply {
  errors: Partial<Record<"reason" | "message", MessageCode>>;
  formError: MessageCode | null;
  values: { reason: string; message: string };
}

const inputClass =
  "mt-1.5 block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";

type Report = BuyerReportsView["reports"][number];

function Thread({ report }: { report: Report }) {
  const { t } = useTranslation();
  return (
    <article className="mt-4 rounded-2xl border border-slate-200 p-4" aria-labelledby={`report-${report.id}-title`} data-testid="report-thread">
      <h3 id={`report-${report.id}-title`} className="font-semibold text-slate-900">
        {t("orderStatus.report.threadTitle", { reason: t(`orderStatus.report.reasons.${report.reason}`) })}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {report.status === "open" ? t("orderStatus.report.open") : t("orderStatus.report.closedState")} · <LocalTime iso={report.createdAt} />
      </p>
      <ol className="mt-3 space-y-3">
        {report.entries.map((entry) => (
          <li
            key={entry.id}
            className={`rounded-xl p-3 ${entry.author === "seller" ? "border-l-4 border-brand-600 bg-slate-50" : "bg-white ring-1 ring-slate-200"}`}
          >
            <p className="text-xs font-semibold text-slate-700">
              {entry.author === "seller" ? t("orderStatus.report.team") : t("orderStatus.report.you")}
              {entry.kind === "message" ? null : <> · {t(`orderStatus.report.kinds.${entry.kind}`)}</>} · <LocalTime iso={entry.at} />
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-800">{entry.body}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}

/**
 * "Report a problem" on the order page (docs/decisions/034): the reasons that apply to the order
 * now, a message, and each report's thread with the team's answers. A plain form POST to the page
 * itself, so it works before (or without) JavaScript; with it, the same schema checks first.
 */
export function ReportPanel({
  view,
  formAction,
  reply,
  sent,
}: {
  view: BuyerReportsView;
  formAction: string;
  reply: ReportFormReply | undefined;
  sent: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.has("intent") === true;
  const [errors, setErrors] = useState(reply?.errors ?? {});
  const open = view.reports.find((r) => r.status === "open");
  // The server's answer first (the HTML, no JavaScript); once hydrated, the same rules on the
  // browser's clock, so a page left open past the warranty's last day stops offering it.
  const hydrated = useHydrated();
  const facts = reportableFromFacts(view.facts);
  const now = new Date();
  const reasons = hydrated ? reportReasons(facts, now) : view.reasons;
  const warrantyEnd = hydrated ? warrantyEndsAt(facts) : null;
  const warrantyUntil = hydrated ? (warrantyEnd && warrantyEnd.getTime() >= now.getTime() ? warrantyEnd.toISOString() : null) : view.warrantyEndsAt;
  const shown = reply?.errors ?? errors;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = Object.fromEntries(new FormData(event.currentTarget));
    const found = fieldErrors(buyerReportFormSchema.safeParse(form), "request_invalid") as ReportFormReply["errors"];
    setErrors(found);
    if (found.reason || found.message) event.preventDefault();
  }

  const messageField = (label: string) => (
    <Field
      id="report-message"
      label={label}
      hint={t("orderStatus.report.messageHint")}
      hintAbove
      error={shown.message ? t(`errors.${shown.message}`) : null}
      labelClassName="font-semibold text-slate-900"
      hintClassName="mt-0.5 text-sm text-slate-600"
      errorClassName="mt-1.5 text-sm font-medium text-red-700"
    >
      {(control) => (
        <textarea
          {...control}
          name="message"
          rows={4}
          required
          maxLength={REPORT_MESSAGE_MAX}
          defaultValue={reply?.values.message}
          className={`${inputClass} ${shown.message ? "border-red-600" : "border-slate-300"}`}
        />
      )}
    </Field>
  );

  return (
    // The anchor the page's redirect and the report mails link to (`#report`), with room above it.
    <div id="report" className="scroll-mt-24">
      <p className="mt-2 text-slate-700">{t("orderStatus.report.intro")}</p>
      {warrantyUntil ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="warranty-ends">
          {t("orderStatus.report.warrantyEnds")} <LocalTime iso={warrantyUntil} />.
        </p>
      ) : null}
      {sent ? (
        <p role="status" className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
          {t("orderStatus.report.sent")}
        </p>
      ) : null}
      {reply?.formError ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {t(`errors.${reply.formError}`)}
        </p>
      ) : null}

      {open ? <Thread report={open} /> : null}

      {open ? (
        <Form method="post" action={formAction} className="mt-4 space-y-4" noValidate onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="report_reply" />
          {messageField(t("orderStatus.report.reply"))}
          <Button type="submit" disabled={busy}>
            {busy ? t("orderStatus.report.sending") : t("orderStatus.report.sendReply")}
          </Button>
        </Form>
      ) : reasons.length > 0 ? (
        <Form method="post" action={formAction} className="mt-4 space-y-4" noValidate onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="report" />
          <Field
            id="report-reason"
            label={t("orderStatus.report.reason")}
            error={shown.reason ? t(`errors.${shown.reason}`) : null}
            labelClassName="font-semibold text-slate-900"
            errorClassName="mt-1.5 text-sm font-medium text-red-700"
          >
            {(control) => (
              <select
                {...control}
                name="reason"
                required
                defaultValue={reply?.values.reason ?? ""}
                className={`${inputClass} ${shown.reason ? "border-red-600" : "border-slate-300"}`}
              >
                <option value="" disabled>
                  {t("orderStatus.report.choose")}
                </option>
                {reasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`orderStatus.report.reasons.${reason}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {messageField(t("orderStatus.report.message"))}
          <Button type="submit" disabled={busy}>
            {busy ? t("orderStatus.report.sending") : t("orderStatus.report.send")}
          </Button>
        </Form>
      ) : null}

      {view.reports
        .filter((r) => r.status !== "open")
        .map((report) => (
          <Thread key={report.id} report={report} />
        ))}
    </div>
  );
}
