import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ReplyNotice } from "./kit/reply";
import { CONSOLE_WORKER } from "./console-worker";

/** This page's words in one place (the console is English-only today). */
const COPY = {
  unsupported: "This browser cannot receive notifications (on an iPhone: add the console to the Home Screen first, then open it from there).",
  denied: "Notifications are blocked for this site: allow them in the browser's site settings, then try again.",
  off: "Off on this device.",
  on: "On for this device: paid and late orders, problem reports and buyers' messages arrive here (and, for an owner, disputes).",
  turnOn: "Turn on notifications",
  turnOff: "Turn off notifications",
};

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
  const fetcher = useFetcher();
  const [state, setState] = useState<State>("checking");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    currentSubscription()
      .then((subscription) => setState(subscription ? "on" : "off"))
      .catch(() => setState("off"));
  }, []);

  async function turnOn() {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const registration = await navigator.serviceWorker.register(CONSOLE_WORKER.url, { scope: CONSOLE_WORKER.scope });
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const { endpoint, keys } = subscription.toJSON();
      await fetcher.submit({ intent: "push_subscribe", endpoint: endpoint ?? "", p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" }, { method: "post" });
      setState("on");
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
      <p className="text-sm text-slate-700">{state === "checking" ? "" : state === "on" ? COPY.on : state === "off" ? COPY.off : COPY[state]}</p>
      {state === "off" && (
        <Button onClick={() => void turnOn()} disabled={busy}>
          {COPY.turnOn}
        </Button>
      )}
      {state === "on" && (
        <Button variant="secondary" onClick={() => void turnOff()} disabled={busy}>
          {COPY.turnOff}
        </Button>
      )}
    </div>
  );
}
