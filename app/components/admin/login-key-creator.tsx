import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { PASSPHRASE_MIN_LENGTH } from "~/domain/login-handoff";
import type { ActionReply } from "~/domain/seller/action-reply";
import { TextField } from "./kit/fields";
import { Notice } from "./kit/page";
import { ReplyNotice } from "./kit/reply";
import { useTranslation } from "~/i18n/use-translation";

/**
 * Makes the shop's login key pair in this browser (docs/decisions/022): libsodium makes the pair,
 * WebCrypto encrypts the private key under the passphrase (PBKDF2-SHA256 → AES-GCM), and only the
 * public key and the encrypted private key are posted. The passphrase never leaves the page.
 */
export function LoginKeyCreator({ rotating }: { rotating: boolean }) {
  const fetcher = useFetcher<ActionReply>();
  const { t } = useTranslation();
  const [passphrase, setPassphrase] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  // Fetch the encryption code while the seller types.
  useEffect(() => void import("~/lib/login-crypto").catch(() => undefined), []);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (passphrase.length < PASSPHRASE_MIN_LENGTH) return setError(t("adminPrivacy.keys.tooShort", { min: PASSPHRASE_MIN_LENGTH }));
    if (passphrase !== confirm) return setError(t("adminPrivacy.keys.differ"));
    setWorking(true);
    try {
      const crypto = await import("~/lib/login-crypto");
      const record = await crypto.createSellerKey(passphrase);
      setPassphrase("");
      setConfirm("");
      const { ciphertext, iv, salt, iterations } = record.privateKey;
      await fetcher.submit({ publicKey: record.publicKey, privateKey: { ciphertext, iv, salt, iterations } }, { method: "post", encType: "application/json" });
    } catch {
      setError(t("adminPrivacy.keys.noCrypto"));
    } finally {
      setWorking(false);
    }
  }

  const busy = working || fetcher.state !== "idle";
  return (
    <form onSubmit={create} className="space-y-3" noValidate>
      <ReplyNotice reply={fetcher.data} />
      {error && <Notice tone="error">{error}</Notice>}
      {rotating && <p className="text-sm text-slate-700">{t("adminPrivacy.keys.rotating")}</p>}
      <TextField
        label={t("adminPrivacy.keys.passphrase")}
        hint={t("adminPrivacy.keys.passphraseHint", { min: PASSPHRASE_MIN_LENGTH })}
        hintAbove
        type="password"
        autoComplete="new-password"
        value={passphrase}
        onChange={(e) => setPassphrase(e.target.value)}
      />
      <TextField
        label={t("adminPrivacy.keys.passphraseAgain")}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t("adminPrivacy.keys.creating") : rotating ? t("adminPrivacy.keys.createNew") : t("adminPrivacy.keys.createButton")}
      </Button>
    </form>
  );
}
