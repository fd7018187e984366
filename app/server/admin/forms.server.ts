import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { MAX_FORM_BYTES, MAX_JSON_BYTES, readFormData, readJsonBody, TOO_LARGE, UNREADABLE } from "../http.server";

/** A console form's refusal: a message for the page, with a status that says why. */
export function formError(status: number, error: string, headers?: Record<string, string>) {
  return data({ ok: false as const, error }, { status, headers });
}

function tooLarge(): never {
  throw data({ ok: false, error: "This request is too large." }, { status: 413 });
}

/** The posted form (at most MAX_FORM_BYTES), or a thrown 400 when the body is not one, 413 when too large. */
export async function readForm(request: Request): Promise<FormData> {
  const form = await readFormData(request, MAX_FORM_BYTES);
  if (form === TOO_LARGE) tooLarge();
  if (form === UNREADABLE) throw data({ ok: false, error: "The form could not be read." }, { status: 400 });
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

export function waitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minutes`;
}

/** A fresh key for one rendering of a form whose repeated submit must count once (a refund). */
export function formKey(): string {
  return randomUUID();
}
