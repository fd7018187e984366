/**
 * What every seller-console action answers (docs/decisions/029): the page shows `message` as a
 * success or error notice, and a refusal's `fieldErrors` under the fields they name. Built on the
 * server by `done` / `refused` (app/server/platform/forms.server.ts), shown by `ReplyNotice`
 * (app/components/admin/kit/reply.tsx).
 */
import type { FieldErrors } from "./form-fields";

/** The action did what was asked. `Extra` carries what a script caller needs besides the message (the reveal's key). */
export type ActionDone<Extra extends object = object> = { ok: true; message: string } & Extra;

/** The action was refused: nothing changed, and `message` says why. */
export interface ActionRefused {
  ok: false;
  message: string;
  /** Field name → its message (empty when the refusal is not about one field). */
  fieldErrors: FieldErrors;
}

export type ActionReply<Extra extends object = object> = ActionDone<Extra> | ActionRefused;
