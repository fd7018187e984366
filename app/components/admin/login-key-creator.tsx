import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { PASSPHRASE_MIN_LENGTH } from "~/domain/login-handoff";
import type { ActionReply } from "~/domain/seller/action-reply";
import { TextField } from "./kit/fields";
import { Notice } from "./kit/page";
import { ReplyNotice } from "./kit/reply";

/**
 * Makes the shop's login key pair in this browser (docs/decisions/022): libsodium makes the pair,
 * WebCrypto encrypts the private key under the passphrase (PBKDF2-SHA256 → AES-GCM), and only the
 * public key and the encrypted private key are posted. The passphrase never leaves the page.
 */
export function LoginKeyCreator({ rotating }: { rotating: boolean }) {
  const fetcher = useFetcher<ActionReply>();
  const [passphrase, setPassphrase] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  // Fetch the encryption code while the seller types.
  useEffect(() => void import("~/lib/login-crypto").catch(() => undefined), []);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (passphrase.length < PASSPHRASE_MIN_LENGTH)
      return setError(`The passphrase needs at least ${PASSPHRASE_MIN_LENGTH} characters: a few unrelated words work well.`);
    if (passphrase !== confirm) return setError("The two passphrases differ.");
    setWorking(true);
    try {
      const crypto = await import("~/lib/login-crypto");
      const record = await crypto.createSellerKey(passphrase);
      setPassphrase("");
      setConfirm("");
      const { ciphertext, iv, salt, iterations } = record.privateKey;
      await fetcher.submit({ publicKey: record.publicKey, privateKey: { ciphertext, iv, salt, iterations } }, { method: "post", encType: "application/json" });
    } catch {
      setError("This browser could not make the key pair (it needs WebAssembly and WebCrypto).");
    } finally {
      setWorking(false);
    }
  }

  const busy = working || fetcher.state !== "idle";
  return (
    <form onSubmit={create} className="space-y-3" noValidate>
      <ReplyNotice reply={fetcher.data} />
      {error && <Notice tone="error">{error}</Notice>}
      {rotating && (
        <p className="text-sm text-slate-700">
          A new pair becomes the one buyers seal to. The current key is kept, with its own passphrase, until every login sealed to it is deleted.
        </p>
      )}
      <TextField
        label="Passphrase"
        hint={`At least ${PASSPHRASE_MIN_LENGTH} characters. It is never sent to the server and cannot be recovered: without it, stored logins cannot be read.`}
        hintAbove
        type="password"
        autoComplete="new-password"
        value={passphrase}
        onChange={(e) => setPassphrase(e.target.value)}
      />
      <TextField label="Passphrase again" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      <Button type="submit" disabled={busy}>
        {busy ? "Creating the key pair…" : rotating ? "Create a new key pair" : "Create key pair"}
      </Button>
    </form>
  );
}
