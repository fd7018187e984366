import { ordersApi, type PaymentChannel } from "~/domain/api/orders";
import { buyerFromDetails } from "~/domain/validation";
import { jsonAction, methodNotAllowed } from "~/server/web/endpoint.server";
import { orderStatusPath } from "~/server/orders/links.server";
import { createOrder } from "~/server/orders/orders.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";

/**
 * Step 1 of checkout: the payment details (validated by the contract), the cart priced on the server,
 * stored as an order. Online payment needs PayPal credentials; without them the order waits for a
 * manual payment arranged on Discord/WhatsApp.
 */
export const action = jsonAction(ordersApi, RATE_LIMITS.order, async ({ input, db, services, client, now }) => {
  // PayPal is configured or not once, at start (app/server/services.server.ts).
  const channel: PaymentChannel = services.paypal ? "paypal" : "manual";
  const result = await createOrder(
    db,
    services.site,
    {
      buyer: buyerFromDetails(input.details),
      lines: input.lines,
      couponCode: input.couponCode,
      currency: input.currency,
      lang: input.lang,
      // A wish only: the stored flag is derived from the items (docs/decisions/042).
      isGift: input.gift,
      channel,
      ageConfirmedAt: input.ageConfirmedAt ?? null,
      clientKey: client,
    },
    now,
  );
  if (!result.ok) return { body: result, status: 422 };
  const { id, items, totalCents, subtotalCents, discountCents, couponCode, isGift } = result.order;
  // Unprefixed: the browser links the status page in the language of the page it is on.
  const statusPath = orderStatusPath(services.keys, id, "en");
  return { body: { ok: true, order: { id, items, totalCents, subtotalCents, discountCents, couponCode, isGift, channel, statusPath } }, status: 201 };
});

export const loader = methodNotAllowed;
