// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type NavigateOptions } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScrollToTop } from "./scroll-to-top";

let router: ReturnType<typeof createMemoryRouter>;
const scrollTo = vi.fn();

function setup() {
  router = createMemoryRouter([{ path: "*", Component: () => <ScrollToTop /> }], { initialEntries: ["/"] });
  render(<RouterProvider router={router} />);
}
const go = (to: string, options?: NavigateOptions) => act(() => router.navigate(to, options));

beforeEach(() => {
  scrollTo.mockClear();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  setup();
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});

describe("ScrollToTop", () => {
  it("does nothing on the first render", () => {
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("scrolls to the top when the path changes", async () => {
    await go("/bundles");
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: "instant" });
  });

  it("leaves hash-only and query-only changes alone", async () => {
    await go("/#reviews");
    await go("/?page=2");
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("scrolls to the anchor of a new page when there is one", async () => {
    const anchor = document.createElement("section");
    anchor.id = "delivery";
    anchor.scrollIntoView = vi.fn();
    document.body.append(anchor);
    await go("/help-center#delivery");
    expect(anchor.scrollIntoView).toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("keeps the position on back/forward and when asked to (language switch)", async () => {
    await go("/bundles");
    scrollTo.mockClear();
    await go("/fr/bundles", { state: { keepScroll: true } });
    await act(() => router.navigate(-1));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
