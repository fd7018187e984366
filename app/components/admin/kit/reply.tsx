import type { ActionReply } from "~/domain/seller/action-reply";
import type { FieldErrors } from "~/domain/seller/form-fields";
import { Notice } from "./page";

/**
 * An action's reply at the top of the page (docs/decisions/029): its message as a success notice
 * (role=status) or an error (role=alert); `children` follow the message (a link to what changed).
 * Inline rather than a toast: it works before JavaScript has loaded and stays until the next action.
 */
export function ReplyNotice({ reply, children }: { reply: ActionReply | undefined; children?: React.ReactNode }) {
  if (!reply) return null;
  return (
    <Notice tone={reply.ok ? "success" : "error"}>
      {reply.message}
      {reply.ok && children}
    </Notice>
  );
}

/** The refused fields of a reply, for the form's fields (none after a success or before any reply). */
export function fieldErrorsOf(reply: ActionReply | undefined): FieldErrors {
  return reply && !reply.ok ? reply.fieldErrors : {};
}
