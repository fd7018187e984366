import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/account";
import { formatUtc } from "~/components/admin/format";
import { adminMeta } from "~/components/admin/meta";
import { Card, inputClass, Notice, PageTitle } from "~/components/admin/ui";
import { Button } from "~/components/ui/button";
import { ADMIN_LOGIN, totpCodeSchema } from "~/domain/seller-access";
import { getDb } from "~/server/db.server";
import { clientKey } from "~/server/client-key.server";
import { field, readForm, waitMessage } from "~/server/admin/forms.server";
import { consoleIsSecure, recordSellerAction, requireSeller } from "~/server/admin/guard.server";
import { throttledCheck, type CheckOutcome } from "~/server/admin/login-throttle.server";
import { passRetryAfter } from "~/server/retry-after.server";
import { clearSessionCookie } from "~/server/admin/session-cookie.server";
import { acceptTotpCode, confirmTotpEnrolment, disableTotp, findSellerById, startTotpEnrolment } from "~/server/admin/sellers.server";
import { deleteSellerSessions, listSellerSessions } from "~/server/admin/sessions.server";
import { totpEnrolment } from "~/server/admin/totp.server";

export const meta: Route.MetaFunction = () => adminMeta("Account");

export const headers: Route.HeadersFunction = passRetryAfter;

export async function loader({ request }: Route.LoaderArgs) {
  const seller = await requireSeller(request);
  const db = getDb();
  const account = await findSellerById(db, seller.id);
  const sessions = await listSellerSessions(db, seller.id);
  const pending = account?.totpPendingSecret ? { secret: account.totpPendingSecret, ...(await totpEnrolment(account.totpPendingSecret, seller.email)) } : null;
  return {
    email: seller.email,
    totpEnabled: seller.totpEnabled,
    pending,
    sessions: sessions.map((s) => ({
      current: s.id === seller.sessionId,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      expiresAt: s.expiresAt,
      userAgent: s.userAgent,
    })),
  };
}

const answer = (ok: boolean, message: string, status = ok ? 200 : 422, headers?: Record<string, string>) => data({ ok, message }, { status, headers });

/** A code that did not pass: wrong (with the wait it started) or not checked at all (429). */
function codeRefusal(outcome: Exclude<CheckOutcome, { kind: "passed" }>, wrong: string) {
  const retry = { "Retry-After": String(outcome.waitSeconds) };
  if (outcome.kind === "throttled") return answer(false, `Too many wrong codes. Try again in ${waitMessage(outcome.waitSeconds)}.`, 429, retry);
  return outcome.waitSeconds > 0 ? answer(false, `${wrong} Wait ${waitMessage(outcome.waitSeconds)} before trying again.`, 422, retry) : answer(false, wrong);
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request);
  const db = getDb();
  const form = await readForm(request);
  const target = `seller:${seller.email}`;
  // Codes typed here are guesses like the login's: same throttle, same counters (docs/decisions/014).
  const throttleKeys = { account: seller.email, client: clientKey(context.clientIp) };
  switch (field(form, "intent")) {
    case "totp_start":
      if (seller.totpEnabled) return answer(false, "An authenticator is already set up: turn it off first to enrol another.", 409);
      await startTotpEnrolment(db, seller.id);
      return answer(true, "Scan the code with your authenticator app, then enter the code it shows.");
    case "totp_confirm": {
      const code = totpCodeSchema.safeParse(field(form, "code"));
      if (!code.success) return answer(false, "Enter the 6-digit code from your authenticator app.");
      const checked = await throttledCheck(db, throttleKeys, () => confirmTotpEnrolment(db, seller.id, code.data));
      if (checked.kind !== "passed") return codeRefusal(checked, "That code does not match: check the app's clock and try the next code.");
      await recordSellerAction(db, seller, "totp_enabled", target);
      return answer(true, "Authenticator codes are on: you will be asked for one at each login.");
    }
    case "totp_disable": {
      const code = totpCodeSchema.safeParse(field(form, "code"));
      if (!code.success) return answer(false, "Enter a current code from your authenticator app to turn it off.");
      const checked = await throttledCheck(db, throttleKeys, () => acceptTotpCode(db, seller.id, code.data));
      if (checked.kind !== "passed") return codeRefusal(checked, "That code is not the current one.");
      await disableTotp(db, seller.id);
      await recordSellerAction(db, seller, "totp_disabled", target);
      return answer(true, "Authenticator codes are off: the password alone logs in.");
    }
    case "logout_others": {
      const ended = await deleteSellerSessions(db, seller.id, seller.sessionId);
      await recordSellerAction(db, seller, "logout_everywhere_else", target, { sessions: ended });
      return answer(true, `Logged out ${ended} other session${ended === 1 ? "" : "s"}.`);
    }
    case "logout_everywhere": {
      const ended = await deleteSellerSessions(db, seller.id);
      await recordSellerAction(db, seller, "logout_everywhere", target, { sessions: ended });
      throw redirect(ADMIN_LOGIN, { headers: { "Set-Cookie": clearSessionCookie(consoleIsSecure()) } });
    }
    default:
      return answer(false, "Unknown action.", 400);
  }
}

function CodeField() {
  return (
    <label className="block text-sm font-semibold text-slate-800">
      6-digit code
      <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,8}" required className={`${inputClass} max-w-40`} />
    </label>
  );
}

export default function Account() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <PageTitle>Account</PageTitle>
      {result && <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice>}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Authenticator code (TOTP)">
          {d.totpEnabled ? (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-slate-700">On: each login asks for a code from your authenticator app after the password.</p>
              <input type="hidden" name="intent" value="totp_disable" />
              <CodeField />
              <Button type="submit" variant="secondary">
                Turn off
              </Button>
            </Form>
          ) : d.pending ? (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-slate-700">
                Scan this code with an authenticator app (Aegis, 1Password, Google Authenticator…), then enter the code it shows.
              </p>
              <img
                src={d.pending.qrDataUrl}
                alt={`QR code for ${d.email}'s authenticator`}
                width={192}
                height={192}
                className="rounded border border-slate-200"
              />
              <p className="text-xs text-slate-600">
                Or type the key by hand: <code className="break-all font-mono text-slate-900">{d.pending.secret}</code>
              </p>
              <input type="hidden" name="intent" value="totp_confirm" />
              <CodeField />
              <Button type="submit">Turn on</Button>
            </Form>
          ) : (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-slate-700">Off: the password alone logs in. A code from your phone keeps a leaked password from being enough.</p>
              <input type="hidden" name="intent" value="totp_start" />
              <Button type="submit">Set up an authenticator</Button>
            </Form>
          )}
          <p className="mt-3 text-xs text-slate-600">
            Lost the phone? On the server: <code className="font-mono">npm run admin -- totp disable --email {d.email}</code>
          </p>
        </Card>
        <Card title="Sessions">
          <ul className="space-y-2 text-sm">
            {d.sessions.map((s, i) => (
              <li key={i} className="rounded border border-slate-100 p-2">
                <div className="font-medium">{s.current ? "This browser" : "Another browser"}</div>
                <div className="text-xs text-slate-600">{s.userAgent ?? "Unknown browser"}</div>
                <div className="text-xs text-slate-600">
                  Logged in {formatUtc(s.createdAt)} · last used {formatUtc(s.lastSeenAt)} · ends by {formatUtc(s.expiresAt)}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="logout_others" />
              <Button type="submit" variant="secondary">
                Log out other sessions
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="logout_everywhere" />
              <Button type="submit" variant="secondary">
                Log out everywhere
              </Button>
            </Form>
          </div>
          <p className="mt-3 text-xs text-slate-600">A session ends after 12 hours without use, and 7 days after login in any case.</p>
        </Card>
      </div>
    </>
  );
}
