import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../../db/schema";
import { routeContext } from "../../tests/setup/route-context";
import { testDatabases } from "../../tests/setup/databases";
import { orderNeedsLoginHandoff } from "~/server/orders/orders.server";
import { action as ordersAction } from "./api.orders";

/** docs/decisions/042: the request's `gift` is a wish; the server derives the gift order and the login hand-over from the items. */
const post = (body: unknown) =>
  new Request("http://shop.test/api/orders", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

const details = { EMAIL: "gifter@example.com", FNAME: "Gift", USERNAME: "gifter", VUUSER: "Recipient_1" };

for (const target of testDatabases()) {
  describe(`gift orders on ${target.name}`, () => {
    const route = routeContext(target);
    let client = 0;
    const send = (body: unknown) => ordersAction(route.args(post(body), `198.51.100.${60 + client++}`));

    async function created(lines: { id: string; quantity: number }[], gift: boolean) {
      const answer = await send({ details, lines, gift });
      expect(answer.init?.status).toBe(201);
      const { order } = answer.data as { order: { id: string; isGift: boolean } };
      const [row] = await route.db.select({ isGift: orders.isGift }).from(orders).where(eq(orders.id, order.id));
      return { reply: order.isGift, stored: row.isGift, needsLogin: await orderNeedsLoginHandoff(route.db, order.id) };
    }

    const cases: [string, { id: string; quantity: number }[]][] = [
      ["a permanent trigger", [{ id: "1", quantity: 1 }]],
      ["a room", [{ id: "4", quantity: 1 }]],
      ["a bundle", [{ id: "venom-firsty-bundle", quantity: 1 }]],
      [
        "a mixed cart",
        [
          { id: "king-kong-ultra-gift", quantity: 1 },
          { id: "2", quantity: 1 },
        ],
      ],
    ];
    for (const [what, lines] of cases) {
      it(`ignores a gift flag on ${what}: an ordinary order that asks for the login`, async () => {
        expect(await created(lines, true)).toEqual({ reply: false, stored: false, needsLogin: true });
      });
    }

    it("makes a gifting-only order a gift when asked, and it needs no login either way", async () => {
      const gifts = [
        { id: "king-kong-ultra-gift", quantity: 1 },
        { id: "fat-bull-black-monster-gift", quantity: 2 },
      ];
      expect(await created(gifts, true)).toEqual({ reply: true, stored: true, needsLogin: false });
      expect(await created(gifts.slice(0, 1), false)).toEqual({ reply: false, stored: false, needsLogin: false });
    });
  });
}
