import { useCallback, useEffect, useRef, useState } from "react";
import { orderStatusApiUrl, type OrderStatusReply, type OrderStatusView } from "~/domain/api/order-status";
import { isTerminal } from "~/domain/order-state";

/** How often an open, visible status page asks for news while the order can still change. */
export const ORDER_REFRESH_MS = 30_000;

/**
 * The order as last read: the loader's, then whatever the poll brings (docs/decisions/019). While
 * the order is not delivered, cancelled or refunded, the page asks `GET /api/order-status` every
 * 30 s while the tab is visible, and at once when the shopper comes back to the tab. A failed poll
 * (server restarting, offline) changes nothing on screen: the next one tries again.
 */
export function useOrderRefresh(initial: OrderStatusView, key: string | null): { order: OrderStatusView; refresh: () => Promise<void> } {
  const [order, setOrder] = useState(initial);
  const inFlight = useRef(false);

  // A new loader answer (a navigation, a revalidation) replaces what the poll had.
  useEffect(() => setOrder(initial), [initial]);

  const refresh = useCallback(async () => {
    if (!key || inFlight.current) return;
    inFlight.current = true;
    try {
      const response = await fetch(orderStatusApiUrl(initial.id, key), { headers: { Accept: "application/json" }, cache: "no-store" });
      if (!response.ok) return;
      const reply = (await response.json()) as OrderStatusReply;
      if (reply.ok) setOrder(reply.order);
    } catch {
      // Offline or the server is restarting: the next tick tries again.
    } finally {
      inFlight.current = false;
    }
  }, [initial.id, key]);

  const live = !isTerminal(order.status);
  useEffect(() => {
    if (!live || !key) return;
    const whenVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    const timer = setInterval(whenVisible, ORDER_REFRESH_MS);
    window.addEventListener("focus", whenVisible);
    document.addEventListener("visibilitychange", whenVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", whenVisible);
      document.removeEventListener("visibilitychange", whenVisible);
    };
  }, [live, key, refresh]);

  return { order, refresh };
}
