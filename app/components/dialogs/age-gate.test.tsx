// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getI18n } from "~/i18n/i18n";
import { AGE_GATE_DELAY_MS, AgeGate, ageGateDialog } from "./age-gate";
import { AGE_GATE_EXIT_URL } from "./age-gate-dialog";

function renderGate() {
  return render(
    <I18nextProvider i18n={getI18n("en")}>
      <AgeGate />
    </I18nextProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets `ms` pass, then lets the dialog's code (fetched on mount) arrive and render. */
async function wait(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
  await act(async () => {
    await ageGateDialog.load();
  });
}

describe("AgeGate", () => {
  it("waits 100 ms after mounting, then asks", async () => {
    expect(AGE_GATE_DELAY_MS).toBe(100);
    renderGate();
    await wait(AGE_GATE_DELAY_MS - 1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await wait(1);
    expect(screen.getByRole("alertdialog", { name: "Are you 18 or older?" })).toBeTruthy();
  });

  it("stores the time of the confirmation and closes", async () => {
    renderGate();
    await wait(AGE_GATE_DELAY_MS);
    fireEvent.click(screen.getByRole("button", { name: "I am 18+" }));
    expect(window.localStorage.getItem("ageVerified")).toBe(JSON.stringify(new Date().toISOString()));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("stays away once the visitor confirmed, also on a confirmation stored before times were kept", async () => {
    for (const stored of [JSON.stringify("2026-11-01T10:00:00.000Z"), "true"]) {
      window.localStorage.setItem("ageVerified", stored);
      const { unmount } = renderGate();
      await wait(10 * AGE_GATE_DELAY_MS);
      expect(screen.queryByRole("alertdialog")).toBeNull();
      unmount();
    }
  });

  it("ignores Escape", async () => {
    renderGate();
    await wait(AGE_GATE_DELAY_MS);
    fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });

  it("sends a minor away without storing anything", async () => {
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    renderGate();
    await wait(AGE_GATE_DELAY_MS);
    fireEvent.click(screen.getByRole("button", { name: "I am under 18" }));
    expect(assign).toHaveBeenCalledWith(AGE_GATE_EXIT_URL);
    expect(window.localStorage.getItem("ageVerified")).toBeNull();
  });
});
