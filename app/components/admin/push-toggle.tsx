import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { ActionReply } from "~/domain/seller/action-reply";
import { ReplyNotice } from "./kit/reply";
import { CONSOLE_WORKER } from "./console-worker";
import { useTranslation } from "~/i18n/use-translation";

type State = "checking" | "unsupported" | "denied" | "off" | "on";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(CONSOLE_WORKER.scope);
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * "Turn on notifications" for this device (docs/decisions/053): asks the browser's permission,
 * subscribes through the console's service worker with the shop's VAPID key and posts the
 * subscription to the account page's action; "Turn off" undoes both.
 */
export function PushToggle({ publicKey }: { publicKey: string }) {
  const fetcher = useFetcher<ActionReply>();
  // A subscription the server refused must not read "on": the device would never receive a push.
  const subscribing = useRef(false);
  const { t } = useTranslation();
  const [state, setState] = useState<State>("checking");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    currentSubscription()
      .then((subscription) => setState(subscription ? "on" : "off"))
      .catch(() => setState("off"));
  }, []);

  useEffect(() => {
    if (!subscribing.current || fetcher.state !== "idle" || !fetcher.data) return;
    subscribing.current = false;
    if (fetcher.data.ok) return setState("on");
    // Refused (or failed): drop the browser's half of the subscription so a later try starts clean.
    void currentSubscription()
      .then((subscription) => subscription?.unsubscribe())
      .catch(() => undefined)
      .finally(() => setState("off"));
  }, [fetcher.state, fetcher.data]);

  async function turnOn() {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const registration = await navigator.serviceWorker.register(CONSOLE_WORKER.url, { scope: CONSOLE_WORKER.scope });
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const { endpoint, keys } = subscription.toJSON();
      subscribing.current = true;
      await fetcher.submit({ intent: "push_subscribe", endpoint: endpoint ?? "", p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" }, { method: "post" });
    } catch {
      setState("off");
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await fetcher.submit({ intent: "push_unsubscribe", endpoint: subscription.endpoint }, { method: "post" });
        await subscription.unsubscribe();
      }
      setState("off");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <ReplyNotice reply={fetcher.data} />
      <p className="text-sm text-slate-700">{state === "checking" ? "" : t(`adminAccounts.push.${state}`)}</p>
      {state === "off" && (
        <Button onClick={() => void turnOn()} disabled={busy}>
          {t("adminAccounts.push.turnOn")}
        </Button>
      )}
      {state === "on" && (
        <Button variant="secondary" onClick={() => void turnOff()} disabled={busy}>
          {t("adminAccounts.push.turnOff")}
        </Button>
      )}
    </div>
  );
}
