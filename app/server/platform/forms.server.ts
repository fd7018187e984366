import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { ActionDone, ActionRefused } from "~/domain/seller/action-reply";
import type { FieldErrors } from "~/domain/seller/form-fields";
import { MAX_FORM_BYTES, MAX_JSON_BYTES, readFormData, readJsonBody, TOO_LARGE, UNREADABLE } from "./http.server";

/** A console action that did what was asked; `extra` adds what a script caller reads besides the message. */
export function done<Extra extends object = object>(message: string, extra?: Extra) {
  return data({ ...extra, ok: true, message } as ActionDone<Extra>);
}

/** A console action refused, with the status that says why (422 bad input, 404, 409 the order moved on…). */
export function refused(status: number, message: string, options: { fieldErrors?: FieldErrors; headers?: HeadersInit } = {}) {
  return data<ActionRefused>({ ok: false, message, fieldErrors: options.fieldErrors ?? {} }, { status, headers: options.headers });
}

/** A form refused for its fields: each message goes under its field, a form-wide one (`form`) in the notice. */
export function refusedFields(fieldErrors: FieldErrors, status = 422, notice = "Nothing was saved: correct the fields marked below.") {
  return refused(status, fieldErrors.form ?? notice, { fieldErrors });
}

function tooLarge(): never {
  throw data<ActionRefused>({ ok: false, message: "This request is too large.", fieldErrors: {} }, { status: 413 });
}

/** The posted form (at most MAX_FORM_BYTES), or a thrown 400 when the body is not one, 413 when too large. */
export async function readForm(request: Request): Promise<FormData> {
  const form = await readFormData(request, MAX_FORM_BYTES);
  if (form === TOO_LARGE) tooLarge();
  if (form === UNREADABLE) throw data<ActionRefused>({ ok: false, message: "The form could not be read.", fieldErrors: {} }, { status: 400 });
  return form;
}

/** A posted JSON body (at most MAX_JSON_BYTES): null when it is not JSON, a thrown 413 when too large. */
export async function readJson(request: Request): Promise<unknown> {
  const body = await readJsonBody(request, MAX_JSON_BYTES);
  if (body === TOO_LARGE) tooLarge();
  return body === UNREADABLE ? null : body;
}

/** A posted text field ("" when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A fresh key for one rendering of a form whose repeated submit must count once (a refund). */
export function formKey(): string {
  return randomUUID();
}

/** The Retry-After header of a refusal that asks the seller to wait (the login throttle). */
export function retryAfter(seconds: number) {
  return { headers: { "Retry-After": String(seconds) } };
}
