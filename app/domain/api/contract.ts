import type { z } from "../zod";
import type { MessageCode } from "../messages";

export type MessageVars = Record<string, string | number>;

/** First message code per field (dotted path), as `fieldErrors` in validation.ts builds it. */
export type FieldErrors = Record<string, MessageCode>;

/**
 * How every JSON endpoint says no: a message code the UI translates with its variables, and on a
 * 422 the code of each invalid field.
 */
export interface ApiRefusal {
  ok: false;
  code: MessageCode;
  vars: MessageVars;
  fields?: FieldErrors;
}

/**
 * One JSON endpoint: where it lives, the schema its body must pass (the server validates with it, the
 * browser's body is typed by it) and the type of its success reply.
 */
export interface ApiContract<Schema extends z.ZodMiniType = z.ZodMiniType, Success extends { ok: true } = { ok: true }> {
  path: `/api/${string}`;
  request: Schema;
  /** Type only, never set: carries the success reply's type to the route and the browser. */
  readonly success?: Success;
}

/** What the browser sends (before the schema's defaults and coercions). */
export type RequestOf<C extends ApiContract> = z.input<C["request"]>;
/** What the route receives once the body passed the schema. */
export type InputOf<C extends ApiContract> = z.output<C["request"]>;
export type SuccessOf<C extends ApiContract> = NonNullable<C["success"]>;
/** Everything the endpoint may answer. */
export type ReplyOf<C extends ApiContract> = SuccessOf<C> | ApiRefusal;

/**
 * Declares a contract. Curried so the success type is written once and the schema's type inferred:
 * `defineContract<{ ok: true }>()("/api/x", schema)`.
 */
export function defineContract<Success extends { ok: true }>() {
  return <Schema extends z.ZodMiniType>(path: `/api/${string}`, request: Schema): ApiContract<Schema, Success> => ({ path, request });
}
