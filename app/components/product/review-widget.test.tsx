// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const config = vi.hoisted(() => ({ current: { reviewWidgetUrl: null as string | null } }));
vi.mock("~/state/storefront-data", () => ({ usePublicConfig: () => config.current }));

import { ReviewWidget } from "./review-widget";

afterEach(() => {
  cleanup();
  document.querySelectorAll("script[data-review-widget-script]").forEach((s) => s.remove());
});

describe("ReviewWidget", () => {
  it("renders nothing and loads nothing without a configured widget", () => {
    config.current = { reviewWidgetUrl: null };
    const { container } = render(<ReviewWidget />);
    expect(container.innerHTML).toBe("");
    expect(document.querySelector("script[data-review-widget-script]")).toBeNull();
  });

  it("adds the container and the script after mount, and removes the script on unmount", () => {
    config.current = { reviewWidgetUrl: "https://widget.example/reviews.js" };
    const { container, unmount } = render(<ReviewWidget />);
    expect(container.querySelector("[data-review-widget]")).not.toBeNull();
    const script = document.querySelector<HTMLScriptElement>("script[data-review-widget-script]");
    expect(script?.src).toBe("https://widget.example/reviews.js");
    expect(script?.async).toBe(true);
    unmount();
    expect(document.querySelector("script[data-review-widget-script]")).toBeNull();
  });
});
