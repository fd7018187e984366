// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { getI18n, registerTranslations } from "~/i18n/i18n";
import en from "~/i18n/locales/en/adminAccounts.json";
import { PushToggle } from "./push-toggle";

registerTranslations("en", { adminAccounts: en });

// A browser that grants permission and subscribes; the test decides what the account page answers.
const unsubscribe = vi.fn(async () => true);
let current: { endpoint: string; unsubscribe: typeof unsubscribe; toJSON(): unknown } | null = null;
const pushManager = {
  getSubscription: vi.fn(async () => current),
  subscribe: vi.fn(async () => {
    current = {
      endpoint: "https://push.example/device",
      unsubscribe,
      toJSON: () => ({ endpoint: "https://push.example/device", keys: { p256dh: "p", auth: "a" } }),
    };
    return current;
  }),
};

beforeEach(() => {
  current = null;
  unsubscribe.mockClear();
  const registration = { pushManager };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      getRegistration: vi.fn(async () => (current ? registration : undefined)),
      ready: Promise.resolve(registration),
    },
  });
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", { permission: "default", requestPermission: vi.fn(async () => "granted") });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderToggle(reply: { ok: boolean; message: string; fieldErrors?: object }) {
  const Stub = createRoutesStub([
    {
      path: "/admin/account",
      Component: () => <PushToggle publicKey="BPublicKey" />,
      action: () => reply,
    },
  ]);
  render(
    <I18nextProvider i18n={getI18n("en")}>
      <Stub initialEntries={["/admin/account"]} />
    </I18nextProvider>,
  );
}

describe("the push toggle on the Account page (docs/decisions/053)", () => {
  it("reads on once the account page has saved this device's subscription", async () => {
    renderToggle({ ok: true, message: "Notifications are on for this device." });
    fireEvent.click(await screen.findByRole("button", { name: en.push.turnOn }));
    expect(await screen.findByRole("button", { name: en.push.turnOff })).toBeTruthy();
    expect(unsubscribe).not.toHaveBeenCalled();
  });

  it("stays off, says why, and drops the browser's subscription when the server refuses it", async () => {
    renderToggle({ ok: false, message: "This device's subscription cannot be used.", fieldErrors: {} });
    fireEvent.click(await screen.findByRole("button", { name: en.push.turnOn }));
    expect(await screen.findByText("This device's subscription cannot be used.")).toBeTruthy();
    expect(await screen.findByRole("button", { name: en.push.turnOn })).toBeTruthy();
    expect(screen.queryByRole("button", { name: en.push.turnOff })).toBeNull();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});
