import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.newsletter";
import { isLang } from "~/domain/lang-path";
import { clientKey } from "~/server/client-key.server";
import { getDb } from "~/server/db.server";
import { readJsonBody } from "~/server/http.server";
import { subscribe } from "~/server/newsletter.server";
import { hit, RATE_LIMITS } from "~/server/rate-limit.server";

const body = z.object({ email: z.unknown(), website: z.unknown().optional(), lang: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await readJsonBody(request, body);
  if (!parsed.ok) return data({ ok: false, code: "email_invalid" }, { status: 400 });
  const db = getDb();
  const limit = await hit(db, RATE_LIMITS.newsletter, clientKey(context.clientIp));
  if (!limit.allowed) {
    return data({ ok: false, code: "rate_limited" }, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  }
  const lang = parsed.data.lang && isLang(parsed.data.lang) ? parsed.data.lang : "en";
  const result = await subscribe(db, parsed.data, lang);
  return data(result, { status: result.ok ? 200 : 422 });
}

export function loader() {
  throw data(null, { status: 405 });
}
