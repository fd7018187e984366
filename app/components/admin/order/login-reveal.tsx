import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { REVEAL_SECONDS } from "~/domain/login-handoff";
import type { ActionRefused, ActionReply } from "~/domain/seller/action-reply";
import type { GameLogin, SellerKeyRecord } from "~/lib/login-crypto";
import { TextField } from "../kit/fields";
import { Notice } from "../kit/page";

type KeyReply = ActionReply<{ key: SellerKeyRecord & { id: number } }>;
type RevealReply = ActionReply<{ keyId: number; ciphertext: string }>;

/** Posts one step of the reveal; a reply that is not the action's (a proxy's error page) becomes a refusal. */
async function post<T extends ActionReply>(path: string, body: object): Promise<T | ActionRefused> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const reply = (await response.json().catch(() => null)) as T | null;
    return reply ?? { ok: false, message: `The server answered ${response.status}.`, fieldErrors: {} };
  } catch {
    return { ok: false, message: "No answer from the server.", fieldErrors: {} };
  }
}

/**
 * "Reveal login" on the console's order page. The passphrase opens the private key here first (a
 * wrong one stops before the login is asked for, so nothing is revealed nor marked); then the
 * server records the reveal and hands the sealed login, opened here and shown for REVEAL_SECONDS.
 */
export function LoginReveal({ orderId }: { orderId: string }) {
  const revalidator = useRevalidator();
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
      const locked = await post<KeyReply>(path, { intent: "key" });
      if (!locked.ok) return setError(locked.message);
      let privateKey: Uint8Array;
      try {
        privateKey = await crypto.openPrivateKey(locked.key, passphrase);
      } catch {
        return setError("Wrong passphrase: nothing was revealed.");
      }
      setPassphrase("");
      try {
        const sealed = await post<RevealReply>(path, { intent: "reveal" });
        if (!sealed.ok) return setError(sealed.message);
        if (sealed.keyId !== locked.key.id) return setError("The buyer replaced the login meanwhile: reveal it again.");
        setLogin(await crypto.openLogin(sealed.ciphertext, locked.key.publicKey, privateKey));
        setSecondsLeft(REVEAL_SECONDS);
      } finally {
        privateKey.fill(0);
        revalidator.revalidate();
      }
    } catch {
      setError("This browser could not open the login (it needs WebAssembly and WebCrypto).");
    } finally {
      setWorking(false);
    }
  }

  if (login) {
    return (
      <div className="space-y-3" data-testid="revealed-login">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <dt className="font-medium text-slate-600">Username</dt>
          <dd className="font-mono break-all text-slate-900">{login.username}</dd>
          <dt className="font-medium text-slate-600">Password</dt>
          <dd className="font-mono break-all text-slate-900">{login.password}</dd>
        </dl>
        <p className="text-xs text-slate-600" aria-live="polite">
          Hidden in {secondsLeft} s. Do not copy it anywhere else.
        </p>
        <Button variant="secondary" onClick={hide}>
          Hide now
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={reveal} className="space-y-3">
      {error && <Notice tone="error">{error}</Notice>}
      <TextField label="Key passphrase" type="password" autoComplete="off" required value={passphrase} onChange={(e) => setPassphrase(e.target.value)} />
      <p className="text-xs text-slate-600">Each reveal is recorded with your account and shown to the buyer as “opened by our team”.</p>
      <Button type="submit" disabled={working || passphrase.length === 0}>
        {working ? "Opening…" : "Reveal login"}
      </Button>
    </form>
  );
}
