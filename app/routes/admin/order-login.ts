import { data } from "react-router";
import type { Route } from "./+types/order-login";
import type { MessageCode } from "~/domain/messages";
import { recordSellerAction } from "~/server/seller-auth/audit.server";
import { done, readJson, refused } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { loginKeyForOrder, revealLogin } from "~/server/login-handoff/seller.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "logins.reveal", write: "logins.reveal" });

const MESSAGES: Partial<Record<MessageCode, string>> = {
  login_missing: "No login is stored for this order (deleted, withdrawn or never given).",
  login_key_destroyed: "The key this login was sealed to was destroyed: ask the buyer to give the login again.",
};

const refusal = (status: number, code: MessageCode) => refused(status, MESSAGES[code] ?? "This login cannot be revealed.");

/**
 * POST /admin/orders/:id/login, the console's "Reveal login" (docs/decisions/022), in two steps:
 * {"intent":"key"} answers the passphrase-encrypted private key the login is sealed to (the audit
 * table records the fetch); {"intent":"reveal"} records the reveal (buyer-visible, who and when) and
 * answers the sealed login. Both are opened only in the seller's browser.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const body = (await readJson(request)) as { intent?: unknown } | null;
  const db = context.services.db;
  const now = context.services.now();
  if (body?.intent === "key") {
    const result = await loginKeyForOrder(db, params.id, (tx) => recordSellerAction(tx, seller, "login_key_fetched", params.id, null, now));
    if (!result.ok) return refusal(result.status, result.code);
    return done("The key the login is sealed to.", { key: result.value });
  }
  if (body?.intent === "reveal") {
    const result = await revealLogin(db, params.id, seller.actor, now, (tx) => recordSellerAction(tx, seller, "login_revealed", params.id, null, now));
    if (!result.ok) return refusal(result.status, result.code);
    return done("The sealed login.", { keyId: result.value.keyId, ciphertext: result.value.ciphertext });
  }
  return refused(400, "Unknown request.");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  throw data(null, { status: 405 });
}
