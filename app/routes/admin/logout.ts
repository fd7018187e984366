import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { ADMIN_LOGIN } from "~/domain/seller-access";
import { recordSellerAction } from "~/server/seller-auth/audit.server";
import { currentSession, isSameOriginRequest, refuseCrossSite } from "~/server/seller-auth/guard.server";
import { clearSessionCookie } from "~/server/seller-auth/session-cookie.server";
import { deleteSession } from "~/server/seller-auth/sessions.server";
import { methodNotAllowed } from "~/server/web/endpoint.server";

/** Logging out is a POST (a link or an image could not log the seller out); GET is 405. */
export function loader() {
  methodNotAllowed();
}

/** Ends this browser's session (whatever its stage) and forgets the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameOriginRequest(request, context.services.site)) refuseCrossSite();
  const db = context.services.db;
  const now = context.services.now();
  const session = await currentSession(request, context.services);
  if (session) {
    await deleteSession(db, session.id);
    if (session.stage === "active") {
      await recordSellerAction(db, { id: session.seller.id, actor: `seller:${session.seller.email}` }, "logout", `seller:${session.seller.email}`, null, now);
    }
  }
  throw redirect(ADMIN_LOGIN, { headers: { "Set-Cookie": clearSessionCookie(context.services.site) } });
}
