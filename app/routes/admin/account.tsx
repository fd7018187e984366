import { Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/account";
import { AdminError } from "~/components/admin/admin-error";
import { SelectField, SubmitButton } from "~/components/admin/kit/fields";
import { waitLeft } from "~/components/admin/kit/format";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { CONSOLE_LANG_NAMES, consolePrefsSchema, knownTimeZones } from "~/domain/seller/console-prefs";
import { LANGS, type Lang } from "~/domain/lang";
import type { TFunction } from "i18next";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { consoleMeta } from "~/components/admin/meta";
import { TotpCodeField } from "~/components/admin/totp-code-field";
import { ADMIN_LOGIN, totpCodeSchema } from "~/domain/seller-access";
import { recordSellerAction } from "~/server/seller-auth/audit.server";
import { done, field, readForm, refused, refusedFields, retryAfter } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { throttledCheck, type CheckOutcome } from "~/server/seller-auth/login-throttle.server";
import { clientKey } from "~/server/platform/client-key.server";
import { passRetryAfter } from "~/server/platform/retry-after.server";
import { clearSessionCookie } from "~/server/seller-auth/session-cookie.server";
import { acceptTotpCode, confirmTotpEnrolment, disableTotp, findSellerById, setConsolePrefs, startTotpEnrolment } from "~/server/seller-auth/sellers.server";
import { deleteSellerSessions, listSellerSessions } from "~/server/seller-auth/sessions.server";
import { totpEnrolment } from "~/server/seller-auth/totp.server";
import { PushToggle } from "~/components/admin/push-toggle";
import { pushSubscriptionSchema } from "~/domain/seller/push";
import { countSubscriptions, removeSubscription, saveSubscription } from "~/server/push/push.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "console", write: "console" });

// The page's words: locales/{lang}/adminAccounts.json, `account` and `push` (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminAccounts.account.title");

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
    // The choices of /admin/account's language and zone; the list is the server's, so both renders agree.
    prefs: { lang: seller.lang, timeZone: seller.timeZone, zones: knownTimeZones() },
    translations: consoleTranslations(seller.lang, ["adminAccounts"]),
  };
}

/** A code that did not pass: wrong (with the wait it started) or not checked at all (429). */
function codeRefusal(t: TFunction, lang: Lang, outcome: Exclude<CheckOutcome, { kind: "passed" }>, wrong: string) {
  const wait = waitLeft(outcome.waitSeconds, lang);
  if (outcome.kind === "throttled") return refused(429, t("adminAccounts.account.tooMany", { wait }), retryAfter(outcome.waitSeconds));
  return outcome.waitSeconds > 0 ? refused(422, t("adminAccounts.account.waitBefore", { wrong, wait }), retryAfter(outcome.waitSeconds)) : refused(422, wrong);
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const db = context.services.db;
  const now = context.services.now();
  const t = consoleT(seller.lang);
  const form = await readForm(request);
  const target = `seller:${seller.email}`;
  // Codes typed here are guesses like the login's: same throttle, same counters (docs/decisions/014).
  const throttleKeys = { account: seller.email, client: clientKey(context.services.keys, context.clientIp) };
  switch (field(form, "intent")) {
    case "totp_start":
      if (seller.totpEnabled) return refused(409, t("adminAccounts.account.alreadyOn"));
      await startTotpEnrolment(db, seller.id);
      return done(t("adminAccounts.account.scan"));
    case "totp_confirm": {
      const code = totpCodeSchema.safeParse(field(form, "code"));
      if (!code.success) return refused(422, t("adminAccounts.account.enterCode"));
      const checked = await throttledCheck(db, throttleKeys, () => confirmTotpEnrolment(db, seller.id, code.data, now), now);
      if (checked.kind !== "passed") return codeRefusal(t, seller.lang, checked, t("adminAccounts.account.noMatch"));
      await recordSellerAction(db, seller, "totp_enabled", target, null, now);
      return done(t("adminAccounts.account.codesOn"));
    }
    case "totp_disable": {
      const code = totpCodeSchema.safeParse(field(form, "code"));
      if (!code.success) return refused(422, t("adminAccounts.account.enterCurrent"));
      const checked = await throttledCheck(db, throttleKeys, () => acceptTotpCode(db, seller.id, code.data, now), now);
      if (checked.kind !== "passed") return codeRefusal(t, seller.lang, checked, t("adminAccounts.account.notCurrent"));
      await disableTotp(db, seller.id);
      await recordSellerAction(db, seller, "totp_disabled", target, null, now);
      return done(t("adminAccounts.account.codesOff"));
    }
    case "logout_others": {
      const ended = await deleteSellerSessions(db, seller.id, seller.sessionId);
      await recordSellerAction(db, seller, "logout_everywhere_else", target, { sessions: ended }, now);
      return done(t("adminAccounts.account.loggedOutOthers", { count: ended }));
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
      if (!subscription.success) return refused(422, t("adminAccounts.account.badSubscription"));
      await saveSubscription(db, seller.id, subscription.data, request.headers.get("user-agent"), now);
      await recordSellerAction(db, seller, "push_subscribed", target, { host: new URL(subscription.data.endpoint).host }, now);
      return done(t("adminAccounts.account.pushOn"));
    }
    case "push_unsubscribe": {
      const removed = await removeSubscription(db, seller.id, field(form, "endpoint"));
      if (removed) await recordSellerAction(db, seller, "push_unsubscribed", target, null, now);
      return done(t("adminAccounts.account.pushOff"));
    }
    case "prefs": {
      // The console's language and zone (docs/decisions/055): the reply already speaks the new language.
      const prefs = consolePrefsSchema.safeParse({ lang: field(form, "lang"), timeZone: field(form, "timeZone") });
      if (!prefs.success) {
        const bad = new Set(prefs.error.issues.map((issue) => String(issue.path[0])));
        return refusedFields(
          {
            ...(bad.has("lang") ? { lang: t("adminAccounts.account.badLang") } : {}),
            ...(bad.has("timeZone") ? { timeZone: t("adminAccounts.account.badZone") } : {}),
          },
          422,
          t("admin.form.fixFields"),
        );
      }
      await setConsolePrefs(db, seller.id, prefs.data);
      await recordSellerAction(db, seller, "console_prefs_set", target, { lang: prefs.data.lang, timeZone: prefs.data.timeZone }, now);
      return done(consoleT(prefs.data.lang)("adminAccounts.account.prefsSaved"));
    }
    default:
      return refused(400, t("admin.form.unknownAction"));
  }
}

export default function Account() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t, when } = useConsole();
  const errors = fieldErrorsOf(reply);
  return (
    <>
      <PageTitle>{t("adminAccounts.account.title")}</PageTitle>
      <ReplyNotice reply={reply} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("adminAccounts.account.totpCard")}>
          {d.totpEnabled ? (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-slate-700">{t("adminAccounts.account.totpOnText")}</p>
              <TotpCodeField className="max-w-40" />
              <SubmitButton intent="totp_disable" variant="secondary" pendingLabel={t("adminAccounts.account.turningOff")}>
                {t("adminAccounts.account.turnOff")}
              </SubmitButton>
            </Form>
          ) : d.pending ? (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-slate-700">{t("adminAccounts.account.scanText")}</p>
              <img
                src={d.pending.qrDataUrl}
                alt={t("adminAccounts.account.qrAlt", { email: d.email })}
                width={192}
                height={192}
                className="rounded border border-slate-200"
              />
              <p className="text-xs text-slate-600">
                {t("adminAccounts.account.byHand")} <code className="break-all font-mono text-slate-900">{d.pending.secret}</code>
              </p>
              <TotpCodeField className="max-w-40" />
              <SubmitButton intent="totp_confirm" pendingLabel={t("adminAccounts.account.turningOn")}>
                {t("adminAccounts.account.turnOn")}
              </SubmitButton>
            </Form>
          ) : (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-slate-700">{t("adminAccounts.account.totpOffText")}</p>
              <SubmitButton intent="totp_start" pendingLabel={t("adminAccounts.account.starting")}>
                {t("adminAccounts.account.setUp")}
              </SubmitButton>
            </Form>
          )}
          <p className="mt-3 text-xs text-slate-600">
            {t("adminAccounts.account.lostPhone")} <code className="font-mono">npm run admin -- totp disable --email {d.email}</code>
          </p>
        </Card>
        <Card title={t("adminAccounts.account.sessions")}>
          <ul className="space-y-2 text-sm">
            {d.sessions.map((s, i) => (
              <li key={i} className="rounded border border-slate-100 p-2">
                <div className="font-medium">{s.current ? t("adminAccounts.account.thisBrowser") : t("adminAccounts.account.anotherBrowser")}</div>
                <div className="text-xs text-slate-600">{s.userAgent ?? t("adminAccounts.account.unknownBrowser")}</div>
                <div className="text-xs text-slate-600">
                  {t("adminAccounts.account.sessionTimes", { created: when(s.createdAt), used: when(s.lastSeenAt), ends: when(s.expiresAt) })}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post">
              <SubmitButton intent="logout_others" variant="secondary" pendingLabel={t("adminAccounts.account.loggingOut")}>
                {t("adminAccounts.account.logoutOthers")}
              </SubmitButton>
            </Form>
            <Form method="post">
              <SubmitButton intent="logout_everywhere" variant="secondary" pendingLabel={t("adminAccounts.account.loggingOut")}>
                {t("adminAccounts.account.logoutEverywhere")}
              </SubmitButton>
            </Form>
          </div>
          <p className="mt-3 text-xs text-slate-600">{t("adminAccounts.account.sessionLimits")}</p>
        </Card>
        <Card title={t("adminAccounts.account.pushCard")}>
          {d.pushKey ? <PushToggle publicKey={d.pushKey} /> : <p className="text-sm text-slate-700">{t("adminAccounts.account.pushUnset")}</p>}
          <p className="mt-3 text-xs text-slate-600">{t("adminAccounts.account.pushDevices", { count: d.pushDevices })}</p>
        </Card>
        <Card title={t("adminAccounts.account.prefsCard")}>
          <Form method="post" className="space-y-3">
            <SelectField
              label={t("adminAccounts.account.language")}
              name="lang"
              options={LANGS.map((lang) => ({ value: lang, label: CONSOLE_LANG_NAMES[lang] }))}
              defaultValue={d.prefs.lang}
              error={errors.lang}
            />
            <SelectField
              label={t("adminAccounts.account.timeZone")}
              name="timeZone"
              options={d.prefs.zones.map((zone) => ({ value: zone, label: zone }))}
              defaultValue={d.prefs.timeZone}
              error={errors.timeZone}
            />
            <p className="text-xs text-slate-600">{t("adminAccounts.account.prefsHint")}</p>
            <SubmitButton intent="prefs" pendingLabel={t("adminAccounts.account.saving")}>
              {t("adminAccounts.account.savePrefs")}
            </SubmitButton>
          </Form>
        </Card>
        {/* Last on the page: what the account may do, and where that is changed (docs/decisions/036). */}
        <Card title={t("adminAccounts.account.roleCard")}>
          <p className="text-sm text-slate-700">
            <strong>{t(`admin.roles.${d.role}`)}</strong>
            {d.role === "staff" ? t("adminAccounts.account.staffMay") : t("adminAccounts.account.ownerMay")}
          </p>
          <p className="mt-3 text-xs text-slate-600">
            {t("adminAccounts.account.rolesSet")} <code className="font-mono">npm run admin -- role --email EMAIL --role owner|staff</code>
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
