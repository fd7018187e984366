import { Eye, EyeOff, Lock } from "~/components/ui/icon";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { GAME_PASSWORD_MAX, GAME_USERNAME_MAX } from "~/domain/login-handoff";
import type { MessageCode } from "~/domain/messages";
import type { GameLogin } from "~/lib/login-crypto";

interface Props {
  submitLabel: string;
  /** Seals and sends the login; resolves to a translated error, or null once it was stored. */
  onSubmit(login: GameLogin): Promise<string | null>;
  onCancel?: () => void;
}

const INPUT =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-600";

function check(login: GameLogin): { username?: MessageCode; password?: MessageCode } {
  const username = login.username.trim();
  return {
    ...(username.length === 0
      ? { username: "login_username_required" as const }
      : username.length > GAME_USERNAME_MAX
        ? { username: "text_too_long" as const }
        : {}),
    ...(login.password.length === 0
      ? { password: "login_password_required" as const }
      : login.password.length > GAME_PASSWORD_MAX
        ? { password: "text_too_long" as const }
        : {}),
  };
}

/**
 * The game username and password, kept only in this component's state: never prefilled, never
 * remembered by the browser's storage, cleared as soon as the sealed login is stored.
 */
export function LoginForm({ submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const errorId = useId();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [visible, setVisible] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ username?: MessageCode; password?: MessageCode }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Fetch the encryption code while the buyer types, so sending does not wait for it.
  useEffect(() => void import("~/lib/login-crypto").catch(() => undefined), []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const login = { username: username.trim(), password };
    const problems = check(login);
    setFieldErrors(problems);
    setError(null);
    if (problems.username || problems.password) return;
    setBusy(true);
    const failure = await onSubmit(login);
    setBusy(false);
    if (failure) return setError(failure);
    setUsername("");
    setPassword("");
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={error ? errorId : undefined}>
      <Field label={t("loginHandoff.username")} error={fieldErrors.username ? t(`errors.${fieldErrors.username}`) : null}>
        {(control) => (
          <input
            {...control}
            name="game-username"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={GAME_USERNAME_MAX}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            className={INPUT}
          />
        )}
      </Field>
      <Field label={t("loginHandoff.password")} error={fieldErrors.password ? t(`errors.${fieldErrors.password}`) : null}>
        {(control) => (
          <div className="relative">
            <input
              {...control}
              name="game-password"
              type={visible ? "text" : "password"}
              autoComplete="new-password"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={GAME_PASSWORD_MAX}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className={`${INPUT} pr-12`}
            />
            <button
              type="button"
              onClick={() => setVisible((v) => !v)}
              aria-pressed={visible}
              aria-label={visible ? t("loginHandoff.hidePassword") : t("loginHandoff.showPassword")}
              className="absolute inset-y-0 right-0 flex min-w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
            >
              {visible ? <EyeOff className="h-5 w-5" aria-hidden /> : <Eye className="h-5 w-5" aria-hidden />}
            </button>
          </div>
        )}
      </Field>
      <p className="flex items-start gap-2 text-xs text-slate-600">
        <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {t("loginHandoff.privacy")}
      </p>
      {error && (
        <p id={errorId} role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined} className="w-full sm:w-auto">
          {busy ? t("loginHandoff.sending") : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy} className="w-full sm:w-auto">
            {t("loginHandoff.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
