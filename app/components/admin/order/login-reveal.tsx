import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { REVEAL_SECONDS } from "~/domain/login-handoff";
import type { ActionRefused, ActionReply } from "~/domain/seller/action-reply";
import type { GameLogin, SellerKeyRecord } from "~/lib/login-crypto";
import { TextField } from "../kit/fields";
import { Notice } from "../kit/page";
import { useTranslation } from "~/i18n/use-translation";

type KeyReply = ActionReply<{ key: SellerKeyRecord & { id: number } }>;
type RevealReply = ActionReply<{ keyId: number; ciphertext: string }>;

/** Posts one step of the reveal; a reply that is not the action's (a proxy's error page) becomes a refusal. */
async function post<T extends ActionReply>(path: string, body: object, t: TFunction): Promise<T | ActionRefused> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const reply = (await response.json().catch(() => null)) as T | null;
    return reply ?? { ok: false, message: t("adminOrders.reveal.serverAnswered", { status: response.status }), fieldErrors: {} };
  } catch {
    return { ok: false, message: t("adminOrders.reveal.noAnswer"), fieldErrors: {} };
  }
}

/**
 * "Reveal login" on the console's order page. The passphrase opens the private key here first (a
 * wrong one stops before the login is asked for, so nothing is revealed nor marked); then the
 * server records the reveal and hands the sealed login, opened here and shown for REVEAL_SECONDS.
 */
export function LoginReveal({ orderId }: { orderId: string }) {
  const revalidator = useRevalidator();
  const { t } = useTranslation();
  const [passphrase, setPassphrase] = useState("");
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [login, setLogin] = useState<GameLogin | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  const hide = () => {
    setLogin(null);
    setSecondsLeft(0);
  };
  // One tick a second while shown; at zero the login is dropped from the page's state.
  useEffect(() => {
    if (!login) return;
    if (secondsLeft <= 0) return setLogin(null);
    const tick = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(tick);
  }, [login, secondsLeft]);

  async function reveal(event: React.FormEvent) {
    event.preventDefault();
    if (working) return;
    setError(null);
    setWorking(true);
    const path = `/admin/orders/${orderId}/login`;
    try {
      const crypto = await import("~/lib/login-crypto");
      const locked = await post<KeyReply>(path, { intent: "key" }, t);
      if (!locked.ok) return setError(locked.message);
      let privateKey: Uint8Array;
      try {
        privateKey = await crypto.openPrivateKey(locked.key, passphrase);
      } catch {
        return setError(t("adminOrders.reveal.wrongPassphrase"));
      }
      setPassphrase("");
      try {
        const sealed = await post<RevealReply>(path, { intent: "reveal" }, t);
        if (!sealed.ok) return setError(sealed.message);
        if (sealed.keyId !== locked.key.id) return setError(t("adminOrders.reveal.replaced"));
        setLogin(await crypto.openLogin(sealed.ciphertext, locked.key.publicKey, privateKey));
        setSecondsLeft(REVEAL_SECONDS);
      } finally {
        privateKey.fill(0);
        revalidator.revalidate();
      }
    } catch {
      setError(t("adminOrders.reveal.noCrypto"));
    } finally {
      setWorking(false);
    }
  }

  if (login) {
    return (
      <div className="space-y-3" data-testid="revealed-login">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <dt className="font-medium text-slate-600">{t("adminOrders.reveal.username")}</dt>
          <dd className="font-mono break-all text-slate-900">{login.username}</dd>
          <dt className="font-medium text-slate-600">{t("adminOrders.reveal.password")}</dt>
          <dd className="font-mono break-all text-slate-900">{login.password}</dd>
        </dl>
        <p className="text-xs text-slate-600" aria-live="polite">
          {t("adminOrders.reveal.hiddenIn", { seconds: secondsLeft })}
        </p>
        <Button variant="secondary" onClick={hide}>
          {t("adminOrders.reveal.hide")}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={reveal} className="space-y-3">
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label={t("adminOrders.reveal.passphrase")}
        type="password"
        autoComplete="off"
        required
        value={passphrase}
        onChange={(e) => setPassphrase(e.target.value)}
      />
      <p className="text-xs text-slate-600">{t("adminOrders.reveal.recorded")}</p>
      <Button type="submit" disabled={working || passphrase.length === 0}>
        {working ? t("adminOrders.reveal.opening") : t("adminOrders.reveal.reveal")}
      </Button>
    </form>
  );
}
