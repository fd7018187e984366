import { data } from "react-router";
import type { z } from "~/domain/zod";
import type { ApiContract, ApiRefusal, InputOf, MessageVars, ReplyOf } from "~/domain/api/contract";
import type { MessageCode } from "~/domain/messages";
import { fieldErrors } from "~/domain/validation";
import { clientKey } from "../platform/client-key.server";
import type { Db } from "../platform/db.server";
import { readBody, TOO_LARGE, UNREADABLE, type BodyKind } from "../platform/http.server";
import { hit, type RateLimitRule } from "../platform/rate-limit.server";
import type { Services } from "../services.server";

/** The part of React Router's action arguments an endpoint uses. */
export interface EndpointArgs {
  request: Request;
  context: { clientIp: string; services: Services };
}

export interface EndpointSpec<Schema extends z.ZodMiniType> {
  body: BodyKind;
  schema: Schema;
  limit: RateLimitRule;
}

/** A request that passed: its validated input, the services (and their database), the client's rate-limit key and the request's time. */
export interface Accepted<T> {
  ok: true;
  input: T;
  db: Db;
  services: Services;
  client: string;
  /** `services.now()`, read once when the request was accepted: the time the endpoint works at. */
  now: Date;
}

/** Why a request was refused before the endpoint's own work, ready to send. */
export interface Rejected {
  ok: false;
  status: 400 | 413 | 422 | 429;
  refusal: ApiRefusal;
  headers: Record<string, string>;
  /** The body as read (an object of fields for a form), so a form can show the values back. */
  raw: unknown;
}

/**
 * Every endpoint's front door, in this order: an unreadable body is a 400 (one over the limit a
 * 413, though server/body-limit.ts refuses those first); a body that fails the
 * schema is a 422 with a code per field (before any lookup, and without spending the client's rate
 * limit: it cost us nothing); then the rate limit is counted, a 429 with Retry-After when exceeded.
 */
export async function acceptRequest<Schema extends z.ZodMiniType>(
  { request, context }: EndpointArgs,
  spec: EndpointSpec<Schema>,
): Promise<Accepted<z.output<Schema>> | Rejected> {
  const raw = await readBody(request, spec.body);
  if (raw === UNREADABLE) return reject(400, { ok: false, code: "request_invalid", vars: {} }, null);
  if (raw === TOO_LARGE) return reject(413, { ok: false, code: "request_too_large", vars: {} }, null);
  const parsed = spec.schema.safeParse(raw);
  if (!parsed.success) {
    const fields = fieldErrors(parsed, "request_invalid");
    return reject(422, { ok: false, code: Object.values(fields)[0] ?? "request_invalid", vars: {}, fields }, raw);
  }
  const { services } = context;
  const db = services.db;
  const client = clientKey(services.keys, context.clientIp);
  const now = services.now();
  const limit = await hit(db, spec.limit, client, now);
  if (!limit.allowed) return reject(429, { ok: false, code: "rate_limited", vars: {} }, raw, retryAfter(limit.retryAfter));
  return { ok: true, input: parsed.data, db, services, client, now };
}

function reject(status: Rejected["status"], refusal: ApiRefusal, raw: unknown, headers: Record<string, string> = {}): Rejected {
  return { ok: false, status, refusal, headers, raw };
}

export function retryAfter(seconds: number): Record<string, string> {
  return { "Retry-After": String(seconds) };
}

/** An endpoint's reply: the body its contract allows, with a status (200 unless said) and headers. */
export interface Answer<C extends ApiContract> {
  body: ReplyOf<C>;
  status?: number;
  headers?: Record<string, string>;
}

/** A refusal found by the endpoint itself (unknown product, coupon refused…). */
export function refuse(
  status: number,
  code: MessageCode,
  vars: MessageVars = {},
  headers?: Record<string, string>,
): Answer<ApiContract> & { body: ApiRefusal } {
  return { body: { ok: false, code, vars }, status, headers };
}

/**
 * The action of a JSON endpoint: `acceptRequest` with the contract's schema, then `handle` with the
 * validated input. Both paths answer JSON shaped by the contract.
 */
export function jsonAction<C extends ApiContract>(contract: C, limit: RateLimitRule, handle: (request: Accepted<InputOf<C>>) => Promise<Answer<C>>) {
  return async (args: EndpointArgs) => {
    const accepted = await acceptRequest<C["request"]>(args, { body: "json", schema: contract.request, limit });
    const answer: Answer<C> = accepted.ok ? await handle(accepted) : { body: accepted.refusal, status: accepted.status, headers: accepted.headers };
    return data(answer.body, { status: answer.status ?? 200, headers: answer.headers });
  };
}

/** Loader of a POST-only route: anything but POST is 405 Method Not Allowed. */
export function methodNotAllowed(): never {
  throw data(null, { status: 405 });
}
