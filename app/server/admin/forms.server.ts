import { randomUUID } from "node:crypto";
import { data } from "react-router";

/** A console form's refusal: a message for the page, with a status that says why. */
export function formError(status: number, error: string, headers?: Record<string, string>) {
  return data({ ok: false as const, error }, { status, headers });
}

/** The posted form, or a 400 thrown when the body is not one. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ ok: false, error: "The form could not be read." }, { status: 400 });
  }
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
