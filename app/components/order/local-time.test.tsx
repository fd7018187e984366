// @vitest-environment jsdom
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatLocalTime, LocalTime } from "./local-time";

afterEach(() => vi.restoreAllMocks());

const iso = "2026-11-22T14:05:00.000Z";
const Page = createRoutesStub([{ path: "/fr/order/x", Component: () => <LocalTime iso={iso} /> }]);

describe("LocalTime", () => {
  it("is written in UTC by the server, then in the page's language and the browser's zone, without a hydration mismatch", async () => {
    const html = renderToString(<Page initialEntries={["/fr/order/x"]} />);
    expect(html).toContain(`<time dateTime="${iso}">2026-11-22 14:05 UTC</time>`);

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, "error");
    await act(async () => void hydrateRoot(container, <Page initialEntries={["/fr/order/x"]} />, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector("time")?.textContent).toBe(formatLocalTime(new Date(iso), "fr"));
    expect(container.querySelector("time")?.getAttribute("datetime")).toBe(iso);
  });

  it("formats in the given zone, naming it", () => {
    expect(formatLocalTime(new Date(iso), "en", "America/New_York")).toBe("Nov 22, 2026, 09:05 AM EST");
    expect(formatLocalTime(new Date(iso), "fr", "Europe/Paris")).toMatch(/^22 nov\. 2026, 15:05 UTC\+1$/);
  });
});
