import { Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/account";
import { AdminError } from "~/components/admin/admin-error";
import { SubmitButton } from "~/components/admin/kit/fields";
import { utc, waitLeft } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { adminMeta } from "~/components/admin/meta";
import { TotpCodeField } from "~/components/admin/totp-code-field";
import { ADMIN_LOGIN, totpCodeSchema } from "~/domain/seller-access";
import { ROLE_LABELS } from "~/domain/seller/permissions";
import { recordSellerAction } from "~/server/seller-auth/audit.server";
import { done, field, readForm, refused, retryAfter } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { throttledCheck, type CheckOutcome } from "~/server/seller-auth/login-throttle.server";
import { clientKey } from "~/server/platform/client-key.server";
import { passRetryAfter } from "~/server/platform/retry-after.server";
import { clearSessionCookie } from "~/server/seller-auth/session-cookie.server";
import { acceptTotpCode, confirmTotpEnrolment, disableTotp, findSellerById, startTotpEnrolment } from "~/server/seller-auth/sellers.server";
import { deleteSellerSessions, listSellerSessions } from "~/server/seller-auth/sessions.server";
import { totpEnrolment } from "~/server/seller-auth/totp.server";
import { PushToggle } from "~/components/admin/push-toggle";
import { pushSubscriptionSchema } from "~/domain/seller/push";
import { countSubscriptions, removeSubscription, saveSubscription } from "~/server/push/push.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "console", write: "console" });

export const meta: Route.MetaFunction = () => adminMeta("Account");

export const headers: Route.HeadersFunction = passRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const db = context.services.db;
  const account = await findSellerById(db, seller.id);
  const sessions = await listSellerSessions(db, seller.id, context.services.now());
  const pending = account?.totpPendingSecret ? { secret: account.totpPendingSecret, ...(await totpEnrolment(account.totpPendingSecret, seller.email)) } : null;
  return {
    email: seller.email,
    role: seller.role,
    // Pushes (docs/decisions/053): the key a device subscribes with, and how many of the account's devices have.
    pushKey: context.services.vapid?.publicKey ?? null,
    pushDevices: await countSubscriptions(db, seller.id),
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

/** A code that did not pass: wrong (with the wait it started) or not checked at all (429). */
function codeRefusal(outcome: Exclude<CheckOutcome, { kind: "passed" }>, wrong: string) {
  if (outcome.kind === "throttled")
    return refused(429, `Too many wrong codes. Try again in ${waitLeft(outcome.waitSeconds)}.`, retryAfter(outcome.waitSeconds));
  return outcome.waitSeconds > 0
    ? refused(422, `${wrong} Wait ${waitLeft(outcome.waitSeconds)} before trying again.`, retryAfter(outcome.waitSeconds))
    : refused(422, wrong);
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const db = context.services.db;
  const now = context.services.now();
  const form = await readForm(request);
  const target = `seller:${seller.email}`;
  // Codes typed here are guesses like the login's: same throttle, same counters (docs/decisions/014).
  const throttleKeys = { account: seller.email, client: clientKey(context.services.keys, context.clientIp) };
  switch (field(form, "intent")) {
    case "totp_start":
      if (seller.totpEnabled) return refused(409, "An authenticator is already set up: turn it off first to enrol another.");
      await startTotpEnrolment(db, seller.id);
      return done("Scan the code with your authenticator app, then enter the code it shows.");
    case "totp_confirm": {
      const code = totpCodeSchema.safeParse(field(form, "code"));
      if (!code.success) return refused(422, "Enter the 6-digit code from your authenticator app.");
      const checked = await throttledCheck(db, throttleKeys, () => confirmTotpEnrolment(db, seller.id, code.data, now), now);
      if (checked.kind !== "passed") return codeRefusal(checked, "That code does not match: check the app's clock and try the next code.");
      await recordSellerAction(db, seller, "totp_enabled", target, null, now);
      return done("Authenticator codes are on: you will be asked for one at each login.");
    }
    case "totp_disable": {
      const code = totpCodeSchema.safeParse(field(form, "code"));
      if (!code.success) return refused(422, "Enter a current code from your authenticator app to turn it off.");
      const checked = await throttledCheck(db, throttleKeys, () => acceptTotpCode(db, seller.id, code.data, now), now);
      if (checked.kind !== "passed") return codeRefusal(checked, "That code is not the current one.");
      await disableTotp(db, seller.id);
      await recordSellerAction(db, seller, "totp_disabled", target, null, now);
      return done("Authenticator codes are off: the password alone logs in.");
    }
    case "logout_others": {
      const ended = await deleteSellerSessions(db, seller.id, seller.sessionId);
      await recordSellerAction(db, seller, "logout_everywhere_else", target, { sessions: ended }, now);
      return done(`Logged out ${ended} other session${ended === 1 ? "" : "s"}.`);
    }
    case "logout_everywhere": {
      const ended = await deleteSellerSessions(db, seller.id);
      await recordSellerAction(db, seller, "logout_everywhere", target, { sessions: ended }, now);
      throw redirect(ADMIN_LOGIN, { headers: { "Set-Cookie": clearSessionCookie(context.services.site) } });
    }
    case "push_subscribe": {
      const subscription = pushSubscriptionSchema.safeParse({
        endpoint: field(form, "endpoint"),
        keys: { p256dh: field(form, "p256dh"), auth: field(form, "auth") },
      });
      if (!subscription.success) return refused(422, "This browser's subscription could not be read: try again.");
      await saveSubscription(db, seller.id, subscription.data, request.headers.get("user-agent"), now);
      await recordSellerAction(db, seller, "push_subscribed", target, { host: new URL(subscription.data.endpoint).host }, now);
      return done("Notifications are on for this device.");
    }
    case "push_unsubscribe": {
      const removed = await removeSubscription(db, seller.id, field(form, "endpoint"));
      if (removed) await recordSellerAction(db, seller, "push_unsubscribed", target, null, now);
      return done("Notifications are off for this device.");
    }
    default:
      return refused(400, "Unknown action.");
  }
}

export default function Account() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <PageTitle>Account</PageTitle>
      <ReplyNotice reply={reply} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Authenticator code (TOTP)">
          {d.totpEnabled ? (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-slate-700">On: each login asks for a code from your authenticator app after the password.</p>
              <TotpCodeField className="max-w-40" />
              <SubmitButton intent="totp_disable" variant="secondary" pendingLabel="Turning off…">
                Turn off
              </SubmitButton>
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
              <TotpCodeField className="max-w-40" />
              <SubmitButton intent="totp_confirm" pendingLabel="Turning on…">
                Turn on
              </SubmitButton>
            </Form>
          ) : (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-slate-700">Off: the password alone logs in. A code from your phone keeps a leaked password from being enough.</p>
              <SubmitButton intent="totp_start" pendingLabel="Starting…">
                Set up an authenticator
              </SubmitButton>
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
                  Logged in {utc(s.createdAt)} · last used {utc(s.lastSeenAt)} · ends by {utc(s.expiresAt)}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post">
              <SubmitButton intent="logout_others" variant="secondary" pendingLabel="Logging out…">
                Log out other sessions
              </SubmitButton>
            </Form>
            <Form method="post">
              <SubmitButton intent="logout_everywhere" variant="secondary" pendingLabel="Logging out…">
                Log out everywhere
              </SubmitButton>
            </Form>
          </div>
          <p className="mt-3 text-xs text-slate-600">A session ends after 12 hours without use, and 7 days after login in any case.</p>
        </Card>
        <Card title="Notifications on this device">
          {d.pushKey ? (
            <PushToggle publicKey={d.pushKey} />
          ) : (
            <p className="text-sm text-slate-700">Pushes are off on this shop: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY on the server.</p>
          )}
          <p className="mt-3 text-xs text-slate-600">
            {d.pushDevices === 1 ? "1 device of yours receives" : `${d.pushDevices} devices of yours receive`} notifications. Each says only the order and what
            happened; tapping it opens the order.
          </p>
        </Card>
        {/* Last on the page: what the account may do, and where that is changed (docs/decisions/036). */}
        <Card title="Role">
          <p className="text-sm text-slate-700">
            <strong>{ROLE_LABELS[d.role]}</strong>
            {d.role === "staff"
              ? ": orders, deliveries, login reveals, reports and the inbox. Refunds, prices, the catalogue, coupons, exports and accounts are the owner's."
              : ": everything in the console, accounts included."}
          </p>
          <p className="mt-3 text-xs text-slate-600">
            Roles are set on the server: <code className="font-mono">npm run admin -- role --email EMAIL --role owner|staff</code>
          </p>
        </Card>
      </div>
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
