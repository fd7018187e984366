import { newsletterApi } from "~/domain/api/newsletter";
import { jsonAction, methodNotAllowed } from "~/server/web/endpoint.server";
import { subscribe } from "~/server/newsletter/newsletter.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";

export const action = jsonAction(newsletterApi, RATE_LIMITS.newsletter, async ({ input, db, services, now }) => {
  await subscribe(db, services.site, input.email, input.lang, now);
  return { body: { ok: true } };
});

export const loader = methodNotAllowed;
