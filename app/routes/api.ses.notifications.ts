import { data } from "react-router";
import type { Route } from "./+types/api.ses.notifications";
import { MAX_SNS_BYTES, readTextBody, TOO_LARGE } from "~/server/platform/http.server";
import { handleSnsDelivery, snsSettings } from "~/server/mail/ses-notifications.server";

/**
 * Amazon SES bounces and complaints through SNS (docs/decisions/044; exempt from the same-origin
 * guard: it is signed instead). 200 once handled (also for what it ignores), 403 for a message SNS
 * does not vouch for, 400 for one that is not an SNS message, 503 when the signing certificate or the
 * subscription link cannot be reached (SNS delivers again), 404 while SES_SNS_TOPIC_ARN is unset.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, db } = context.services;
  // SNS reads only the status; the code is for a person reading the logs.
  const answer = (status: number, code: string) => data({ ok: false, code }, { status });
  const settings = snsSettings(env);
  if (!settings) return answer(404, "not_found");
  const rawBody = await readTextBody(request, MAX_SNS_BYTES);
  if (rawBody === TOO_LARGE) return answer(413, "request_too_large");
  if (typeof rawBody === "symbol") return answer(400, "request_invalid");
  const outcome = await handleSnsDelivery(db, settings, rawBody, context.services.now());
  switch (outcome.kind) {
    case "invalid":
      return answer(400, "request_invalid");
    case "forged":
      context.metrics?.webhookVerificationFailed();
      return answer(403, "request_invalid");
    case "unavailable":
      return answer(503, "unavailable");
    case "suppressed":
      return data({ ok: true, suppressed: outcome.addresses.length });
    default:
      return data({ ok: true, [outcome.kind]: true });
  }
}

export function loader() {
  throw data(null, { status: 405 });
}
