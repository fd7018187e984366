import { redirect } from "react-router";
import type { Route } from "./+types/privacy-request.download";
import { privacyConfirmFormSchema } from "~/domain/privacy";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { confirmExport } from "~/server/privacy/requests.server";
import { acceptRequest } from "~/server/web/endpoint.server";

import { methodNotAllowed } from "~/server/web/endpoint.server";

/**
 * "Download my data" (docs/decisions/041): the confirmation page's plain form POSTs the mailed token
 * here; the answer is the JSON file itself, once. A used, expired or forged link goes back to the
 * page, which says which.
 */
export const loader = methodNotAllowed;

export async function action(args: Route.ActionArgs) {
  const accepted = await acceptRequest(args, { body: "form", schema: privacyConfirmFormSchema, limit: RATE_LIMITS.privacy });
  if (!accepted.ok)
    return new Response(accepted.refusal.code, { status: accepted.status, headers: { ...accepted.headers, "Content-Type": "text/plain; charset=utf-8" } });
  const result = await confirmExport(accepted.db, accepted.services.keys, accepted.input.t, accepted.now);
  if (!result.ok) return redirect(`/privacy-request?t=${encodeURIComponent(accepted.input.t)}`, 303);
  const day = accepted.now.toISOString().slice(0, 10);
  return new Response(`${JSON.stringify(result.data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="trigger-shop-my-data-${day}.json"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
