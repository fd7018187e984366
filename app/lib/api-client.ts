import type { ApiContract, ApiRefusal, MessageVars, RequestOf, SuccessOf } from "~/domain/api/contract";
import type { Endpoint } from "~/domain/api/endpoints";
import { isMessageCode } from "~/domain/messages";

/**
 * Why a call did not succeed:
 * - refused: the server said no with a message code (422 field errors, unknown product, coupon refused…);
 * - rate_limited: too many attempts; `retryAfter` is in seconds when the server said;
 * - network: no answer, or one that is not ours (an HTML error page, an unknown code).
 */
export type ApiFailure =
  | (ApiRefusal & { reason: "refused"; status: number })
  | (ApiRefusal & { reason: "rate_limited"; status: number; retryAfter: number | null })
  | { ok: false; reason: "network"; status: number | null; code: null; vars: MessageVars };

export type ApiResult<C extends ApiContract> = SuccessOf<C> | ApiFailure;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * POSTs `body` as JSON to the contract's endpoint on this site (the browser adds the Origin header the
 * server's same-origin guard checks) and returns its typed reply. Never throws. Takes the contract,
 * or its Endpoint (the path alone, typed by the contract) where the page should not load its schema.
 */
export async function postJson<C extends ApiContract>(
  contract: C | Endpoint<C>,
  body: RequestOf<C>,
  init: { signal?: AbortSignal } = {},
): Promise<ApiResult<C>> {
  let response: Response;
  let reply: unknown;
  try {
    response = await fetch(contract.path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      signal: init.signal,
    });
    reply = await response.json().catch(() => null);
  } catch {
    return { ok: false, reason: "network", status: null, code: null, vars: {} };
  }
  if (isRecord(reply) && reply.ok === true && response.ok) return reply as SuccessOf<C>;
  if (!isRecord(reply) || reply.ok !== false || !isMessageCode(reply.code)) {
    return { ok: false, reason: "network", status: response.status, code: null, vars: {} };
  }
  const refusal: ApiRefusal = {
    ok: false,
    code: reply.code,
    vars: isRecord(reply.vars) ? (reply.vars as MessageVars) : {},
    ...(isRecord(reply.fields) ? { fields: reply.fields as ApiRefusal["fields"] } : {}),
  };
  if (refusal.code !== "rate_limited") return { ...refusal, reason: "refused", status: response.status };
  const seconds = Number(response.headers.get("Retry-After"));
  return { ...refusal, reason: "rate_limited", status: response.status, retryAfter: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
}
