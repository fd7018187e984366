// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderStatusView } from "~/domain/api/order-status";
import type { OrderState } from "~/domain/order-state";
import { ORDER_REFRESH_MS, useOrderRefresh } from "./use-order-refresh";

const view = (status: OrderState): OrderStatusView => ({
  id: "ORD261122100000-ABCD",
  status,
  channel: "paypal",
  name: "Sam",
  isGift: false,
  recipient: null,
  items: [],
  subtotalCents: 100,
  discountCents: 0,
  couponCode: null,
  totalCents: 100,
  estimate: null,
  paidAt: null,
  timeline: [],
  sellerNote: null,
  serverNow: "2026-11-22T10:00:00.000Z",
});

function Probe({ initial, k = "KEY" }: { initial: OrderStatusView; k?: string | null }) {
  const { order } = useOrderRefresh(initial, k);
  return <p data-testid="status">{order.status}</p>;
}

let answers: OrderStatusView[];
const fetchMock = vi.fn(async (_url: string) => {
  const next = answers.shift();
  return next ? new Response(JSON.stringify({ ok: true, order: next })) : new Response("{}", { status: 503 });
});
let visibility: DocumentVisibilityState;

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const status = () => screen.getByTestId("status").textContent;

describe("useOrderRefresh", () => {
  it("asks every 30 s with the page's key and shows what comes back", async () => {
    render(<Probe initial={view("paid")} />);
    answers.push(view("in_progress"));
    await tick(ORDER_REFRESH_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await tick(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/order-status?id=ORD261122100000-ABCD&k=KEY", expect.objectContaining({ cache: "no-store" }));
    expect(status()).toBe("in_progress");
  });

  it("does not ask while the tab is hidden, and asks at once when the shopper comes back", async () => {
    render(<Probe initial={view("paid")} />);
    visibility = "hidden";
    await tick(3 * ORDER_REFRESH_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    visibility = "visible";
    answers.push(view("delivered"));
    await act(async () => {
      window.dispatchEvent(new Event("focus"));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(status()).toBe("delivered");
  });

  it("keeps what it shows when a poll fails, and stops once the order is over", async () => {
    render(<Probe initial={view("in_progress")} />);
    await tick(ORDER_REFRESH_MS); // answered 503
    expect(status()).toBe("in_progress");
    answers.push(view("delivered"));
    await tick(ORDER_REFRESH_MS);
    expect(status()).toBe("delivered");
    await tick(5 * ORDER_REFRESH_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("never asks for an order that cannot change any more, or without a key", async () => {
    render(<Probe initial={view("cancelled")} />);
    render(<Probe initial={view("paid")} k={null} />);
    await tick(3 * ORDER_REFRESH_MS);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
