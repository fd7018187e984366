import { CheckCircle2, KeyRound, ShieldCheck, Trash2 } from "~/components/ui/icon";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { toast } from "sonner";
import { tList } from "~/components/content/text";
import { Button } from "~/components/ui/button";
import { formatLocalTime } from "~/components/order/local-time";
import { useHydrated } from "~/components/order/use-hydrated";
import { LocalLink } from "~/components/ui/local-link";
import { useLang } from "~/state/lang";
import { LOGIN_SECTION_ANCHOR } from "~/domain/login-handoff";
import { formatUtc } from "~/domain/utc-time";
import { orderLoginStateApi, submitOrderLoginApi, withdrawOrderLoginApi, type BuyerHandoffView } from "~/domain/api/order-login";
import { postJson, type ApiFailure } from "~/lib/api-client";
import type { GameLogin } from "~/lib/login-crypto";
import { LoginForm } from "./login-form";

/** The anchor of the panel: the success screen and the payment mail link straight to it. */
const LOGIN_SECTION_ID = LOGIN_SECTION_ANCHOR;

interface Props {
  orderId: string;
  /** The order's signed access key (the status page's `k`). */
  accessKey: string;
  /** The view the page's loader read; fetched after mount when absent. */
  initial?: BuyerHandoffView | null;
  /** The order's status as the page last read it: a change (the team started, delivery) reloads the view. */
  orderStatus?: string;
  className?: string;
}

/** Times in UTC on the server and during hydration, then in the buyer's language and time zone. */
function useDateFormat(): (iso: string) => string {
  const lang = useLang();
  const hydrated = useHydrated();
  return (iso) => (hydrated ? formatLocalTime(new Date(iso), lang) : formatUtc(new Date(iso)));
}

/**
 * The buyer's side of the login handoff on the order page: the requirements, the form (the login is
 * sealed in this browser to the shop's public key before it is sent), what became of it, and its
 * replacement or withdrawal while the team has not started. Shows nothing for orders that take no
 * login (gifts, rooms only). Rendered in the browser only: it needs JavaScript to encrypt anyway.
 */
export function LoginHandoffPanel({ orderId, accessKey, initial, orderStatus, className }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [view, setView] = useState<BuyerHandoffView | null>(initial ?? null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [mode, setMode] = useState<"idle" | "replacing" | "withdrawing">("idle");
  const [withdrawError, setWithdrawError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const failureText = useCallback(
    (failure: ApiFailure) => (failure.reason === "network" ? t("loginHandoff.network") : t(`errors.${failure.code}`, failure.vars)),
    [t],
  );

  const load = useCallback(async (): Promise<BuyerHandoffView | null> => {
    const result = await postJson(orderLoginStateApi, { orderId, key: accessKey });
    if (!result.ok) {
      setLoadFailed(true);
      return null;
    }
    setLoadFailed(false);
    setView(result.handoff);
    return result.handoff;
  }, [orderId, accessKey]);

  // A new loader answer (a navigation, a revalidation) replaces what we had.
  useEffect(() => {
    if (initial) setView(initial);
  }, [initial]);

  // Without the loader's view, read it once mounted; afterwards, whenever the order's status moves.
  const seenStatus = useRef(initial ? orderStatus : undefined);
  useEffect(() => {
    if (initial && seenStatus.current === orderStatus) return;
    seenStatus.current = orderStatus;
    void load();
  }, [initial, orderStatus, load]);

  async function send(login: GameLogin): Promise<string | null> {
    let key = view?.key ?? null;
    let crypto: typeof import("~/lib/login-crypto");
    try {
      crypto = await import("~/lib/login-crypto");
    } catch {
      return t("loginHandoff.network");
    }
    // A second try only when the shop's key changed since the page loaded.
    for (let attempt = 0; attempt < 2 && key; attempt++) {
      let ciphertext: string;
      try {
        ciphertext = await crypto.sealLogin(login, key.publicKey);
      } catch {
        return t("loginHandoff.cryptoFailed");
      }
      const result = await postJson(submitOrderLoginApi, { orderId, key: accessKey, keyId: key.id, ciphertext });
      if (result.ok) {
        setView(result.handoff);
        setMode("idle");
        toast.success(t(result.done === "replaced" ? "loginHandoff.replacedToast" : "loginHandoff.sent"));
        return null;
      }
      if (result.reason !== "refused" || result.code !== "login_key_changed" || attempt > 0) {
        // The order moved on meanwhile (team started, order ended): show where it stands now.
        if (result.reason === "refused" && result.status === 409) void load();
        return failureText(result);
      }
      key = (await load())?.key ?? null;
    }
    return t("errors.login_unavailable");
  }

  async function withdraw() {
    setBusy(true);
    setWithdrawError(null);
    const result = await postJson(withdrawOrderLoginApi, { orderId, key: accessKey });
    setBusy(false);
    if (!result.ok) {
      setWithdrawError(failureText(result));
      if (result.reason === "refused" && result.status === 409) void load();
      return;
    }
    setView(result.handoff);
    setMode("idle");
    toast.success(t("loginHandoff.withdrawn"));
  }

  if (view?.stage === "not_needed") return null;
  return (
    <section
      id={LOGIN_SECTION_ID}
      aria-labelledby={titleId}
      aria-busy={!view && !loadFailed}
      className={`scroll-mt-24 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className ?? ""}`}
    >
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <KeyRound className="size-5 text-brand-700" aria-hidden="true" />
        {t("loginHandoff.title")}
      </h2>
      {loadFailed && !view ? (
        <div className="mt-4 space-y-3" role="alert">
          <p className="text-sm text-slate-700">{t("loginHandoff.loadFailed")}</p>
          <Button variant="secondary" onClick={() => void load()}>
            {t("loginHandoff.retry")}
          </Button>
        </div>
      ) : !view ? (
        <div className="mt-4 h-24 animate-pulse rounded-lg bg-slate-100" />
      ) : (
        <PanelBody
          view={view}
          mode={mode}
          busy={busy}
          withdrawError={withdrawError}
          onSend={send}
          onReplace={() => setMode("replacing")}
          onWithdraw={() => {
            setWithdrawError(null);
            setMode("withdrawing");
          }}
          onConfirmWithdraw={withdraw}
          onCancel={() => setMode("idle")}
        />
      )}
    </section>
  );
}

interface BodyProps {
  view: BuyerHandoffView;
  mode: "idle" | "replacing" | "withdrawing";
  busy: boolean;
  withdrawError: string | null;
  onSend(login: GameLogin): Promise<string | null>;
  onReplace(): void;
  onWithdraw(): void;
  onConfirmWithdraw(): void;
  onCancel(): void;
}

function PanelBody({ view, mode, busy, withdrawError, onSend, onReplace, onWithdraw, onConfirmWithdraw, onCancel }: BodyProps) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { login, stage, may } = view;
  const canGive = may.submit && (login.state === "none" || (login.state === "deleted" && login.reason === "withdrawn"));

  return (
    <div className="mt-4 space-y-5">
      {stage === "unpaid" && <p className="text-slate-700">{t("loginHandoff.unpaid")}</p>}

      {login.state === "received" && (
        <div className="space-y-3 rounded-xl bg-emerald-50 p-4 text-emerald-950" role="status">
          <p className="flex items-start gap-2 font-semibold">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            {t("loginHandoff.received", { date: format(login.receivedAt) })}
          </p>
          {login.replacedAt && <p className="text-sm">{t("loginHandoff.replaced", { date: format(login.replacedAt) })}</p>}
          {may.replace || may.withdraw ? (
            <p className="text-sm">{t("loginHandoff.changeUntil")}</p>
          ) : stage === "started" ? (
            <p className="text-sm">{t("loginHandoff.started")}</p>
          ) : null}
          {view.deleteBy && <p className="text-sm">{t("loginHandoff.deleteBy", { date: format(view.deleteBy) })}</p>}
        </div>
      )}

      {login.state === "deleted" && (
        <div className="space-y-2 rounded-xl bg-slate-50 p-4 text-slate-800" role="status">
          <p className="flex items-start gap-2 font-semibold">
            <Trash2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            {t(`loginHandoff.deleted.${login.reason}`, { date: format(login.deletedAt) })}
          </p>
          {login.reason !== "withdrawn" && <p className="text-sm">{t("loginHandoff.changePassword")}</p>}
        </div>
      )}

      {stage === "closed" && login.state === "none" && <p className="text-slate-700">{t("loginHandoff.closed")}</p>}

      {(stage === "open" || stage === "started") && !view.key && login.state !== "received" && (
        <p className="rounded-xl bg-amber-50 p-4 text-amber-950">{t("loginHandoff.noKey")}</p>
      )}

      {(canGive || mode === "replacing") && (
        <>
          <p className="text-slate-700">{t("loginHandoff.intro")}</p>
          <Requirements />
          <LoginForm
            submitLabel={mode === "replacing" ? t("loginHandoff.sendReplacement") : t("loginHandoff.send")}
            onSubmit={onSend}
            onCancel={mode === "replacing" ? onCancel : undefined}
          />
        </>
      )}

      {login.state === "received" && mode === "idle" && (may.replace || may.withdraw) && (
        <div className="flex flex-col gap-3 sm:flex-row">
          {may.replace && (
            <Button variant="secondary" onClick={onReplace} className="w-full sm:w-auto">
              {t("loginHandoff.replace")}
            </Button>
          )}
          {may.withdraw && (
            <Button variant="ghost" onClick={onWithdraw} className="w-full sm:w-auto">
              {t("loginHandoff.withdraw")}
            </Button>
          )}
        </div>
      )}

      {mode === "withdrawing" && (
        <div className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4" role="alertdialog" aria-label={t("loginHandoff.withdraw")}>
          <p className="text-sm text-red-950">{t("loginHandoff.withdrawQuestion")}</p>
          {withdrawError && (
            <p role="alert" className="text-sm font-medium text-red-800">
              {withdrawError}
            </p>
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button onClick={onConfirmWithdraw} disabled={busy} className="w-full bg-red-700 hover:bg-red-800 sm:w-auto">
              {t("loginHandoff.withdrawConfirm")}
            </Button>
            <Button variant="secondary" onClick={onCancel} disabled={busy} className="w-full sm:w-auto">
              {t("loginHandoff.cancel")}
            </Button>
          </div>
        </div>
      )}

      {view.events.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t("loginHandoff.historyTitle")}</h3>
          <ol className="mt-2 space-y-1 text-sm text-slate-700">
            {view.events.map((event, index) => (
              <li key={index} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{t(`loginHandoff.event.${event.kind}`)}</span>
                <time dateTime={event.at} className="text-slate-600">
                  {format(event.at)}
                </time>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

/** What the buyer agrees to by sending: the account level, the access window, the usage rules. */
function Requirements() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-800 sm:grid-cols-2">
      <div>
        <h3 className="flex items-center gap-2 font-semibold text-slate-900">
          <ShieldCheck className="h-4 w-4 text-brand-600" aria-hidden />
          {t("loginHandoff.requirementsTitle")}
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {tList(t, "loginHandoff.requirements").map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{t("loginHandoff.rulesTitle")}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {tList(t, "loginRequired.rules").map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <LocalLink to="/login-required" className="mt-2 inline-block font-semibold text-brand-700 underline">
          {t("loginHandoff.moreInfo")}
        </LocalLink>
      </div>
    </div>
  );
}
