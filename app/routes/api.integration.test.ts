import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newsletterSubscribers, orders, reviews } from "../../db/schema";
import { routeContext } from "../../tests/setup/route-context";
import { testDatabases } from "../../tests/setup/databases";
import { action as couponAction } from "./api.coupon";
import { action as newsletterAction, loader as newsletterLoader } from "./api.newsletter";
import { action as ordersAction } from "./api.orders";
import { action as reviewsAction } from "./api.reviews";

const post = (path: string, body: unknown) =>
  new Request(`http://shop.test${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const review = (over: Record<string, unknown> = {}) => ({
  productId: "2",
  name: "Alex",
  rating: 5,
  comment: "Delivered fast and works perfectly on mobile.",
  website: "",
  ...over,
});

for (const target of testDatabases()) {
  describe(`JSON endpoints on ${target.name}`, () => {
    const route = routeContext(target);

    describe("POST /api/reviews", () => {
      const send = (body: unknown, ip = "198.51.100.1") => reviewsAction(route.args(post("/api/reviews", body), ip));

      it("answers a review without a product id with a field error, not a 404", async () => {
        const answer = await send(review({ productId: undefined }));
        expect(answer.init?.status).toBe(422);
        expect(answer.data).toMatchObject({ ok: false, code: "product_not_found", fields: { productId: "product_not_found" } });
      });

      it("refuses invalid reviews with the spec's codes", async () => {
        expect((await send(review({ name: " " }))).data).toMatchObject({ ok: false, code: "review_missing", fields: { name: "review_missing" } });
        expect((await send(review({ comment: "too short" }))).data).toMatchObject({ code: "review_too_short" });
        expect((await send(review({ rating: 9 }))).data).toMatchObject({ code: "rating_invalid" });
        expect((await send(review({ website: "https://spam.example" }))).data).toMatchObject({ code: "form_rejected" });
      });

      it("answers 404 for a valid review of an unknown product", async () => {
        const answer = await send(review({ productId: "nope" }));
        expect(answer.init?.status).toBe(404);
        expect(answer.data).toEqual({ ok: false, code: "product_not_found", vars: {} });
      });

      it("publishes a review (201), then makes the same client wait (429 with Retry-After)", async () => {
        const first = await send(review({ productId: "6" }), "198.51.100.2");
        expect(first.init?.status).toBe(201);
        expect(first.data).toMatchObject({ ok: true, review: { productId: "6", name: "Alex", rating: 5 } });
        const again = await send(review({ productId: "6", comment: "Another review, long enough to count." }), "198.51.100.2");
        expect(again.init?.status).toBe(429);
        expect(again.data).toMatchObject({ ok: false, code: "review_wait", vars: { minutes: 5 } });
        expect(new Headers(again.init?.headers).get("Retry-After")).toBe("300");
        expect(await route.db.select().from(reviews).where(eq(reviews.productId, "6"))).toHaveLength(1);
      });
    });

    describe("POST /api/newsletter", () => {
      const send = (body: unknown, ip = "198.51.100.10") => newsletterAction(route.args(post("/api/newsletter", body), ip));

      it("stores an address once, pending, in the language of its latest sign-up", async () => {
        const answer = await send({ email: "Fan@Example.com", website: "", lang: "fr" });
        expect(answer.init?.status).toBe(200);
        expect(answer.data).toEqual({ ok: true });
        expect((await send({ email: "fan@example.com", lang: "es" })).data).toEqual({ ok: true });
        const rows = await route.db.select().from(newsletterSubscribers);
        expect(rows).toEqual([expect.objectContaining({ email: "fan@example.com", lang: "es", status: "pending" })]);
      });

      it("answers exactly the same for a new, a pending, a confirmed and an unsubscribed address", async () => {
        const answer = async (email: string) => {
          const reply = await send({ email, website: "", lang: "en" }, "198.51.100.12");
          return { status: reply.init?.status, headers: [...new Headers(reply.init?.headers ?? {})], body: reply.data };
        };
        await route.db.insert(newsletterSubscribers).values([
          { email: "pending@example.com", status: "pending", nonce: "pending-nonce-0000000" },
          { email: "confirmed@example.com", status: "confirmed", nonce: "confirmed-nonce-00000" },
          { email: "gone@example.com", status: "unsubscribed", nonce: "gone-nonce-0000000000" },
        ]);
        const answers = [
          await answer("new@example.com"),
          await answer("pending@example.com"),
          await answer("confirmed@example.com"),
          await answer("gone@example.com"),
        ];
        expect(answers[0]).toEqual({ status: 200, headers: [], body: { ok: true } });
        for (const other of answers.slice(1)) expect(other).toEqual(answers[0]);
      });

      it("refuses a bad address or a filled honeypot with 422 and stores nothing", async () => {
        expect((await send({ email: "nope" })).data).toMatchObject({ ok: false, code: "email_invalid" });
        expect((await send({ email: "" })).data).toMatchObject({ ok: false, code: "email_required" });
        const bot = await send({ email: "bot@example.com", website: "x" });
        expect(bot.init?.status).toBe(422);
        expect(bot.data).toMatchObject({ ok: false, code: "form_rejected" });
        const rows = await route.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "bot@example.com"));
        expect(rows).toEqual([]);
      });

      it("answers 429 with Retry-After after five sign-ups from one client in an hour", async () => {
        for (let i = 0; i < 5; i++) expect((await send({ email: `many${i}@example.com` }, "198.51.100.11")).init?.status).toBe(200);
        const sixth = await send({ email: "many5@example.com" }, "198.51.100.11");
        expect(sixth.init?.status).toBe(429);
        expect(sixth.data).toEqual({ ok: false, code: "rate_limited", vars: {} });
        expect(Number(new Headers(sixth.init?.headers).get("Retry-After"))).toBeGreaterThan(0);
      });

      it("answers 405 to anything but POST", () => {
        expect(() => newsletterLoader()).toThrow(expect.objectContaining({ init: { status: 405 } }));
      });
    });

    describe("POST /api/orders", () => {
      const send = (body: unknown) => ordersAction(route.args(post("/api/orders", body), "198.51.100.20"));
      const details = { EMAIL: "a@b.co", FNAME: "A", USERNAME: "a", VUUSER: "aaa" };

      it("stores a priced order (201) and refuses unreadable or incomplete ones", async () => {
        const created = await send({ details, lines: [{ id: "2", quantity: 1 }], lang: "es" });
        expect(created.init?.status).toBe(201);
        expect(created.data).toMatchObject({ ok: true, order: { totalCents: 5499, channel: "manual" } });
        expect((await send("{not json")).init?.status).toBe(400);
        const incomplete = await send({ details: { ...details, EMAIL: "" }, lines: [{ id: "2", quantity: 1 }] });
        expect(incomplete.init?.status).toBe(422);
        expect(incomplete.data).toMatchObject({ ok: false, code: "details_required" });
        const empty = await send({ details, lines: [] });
        expect(empty.init?.status).toBe(422);
        expect(empty.data).toEqual({ ok: false, code: "cart_empty", vars: {} });
      });

      it("names an out-of-stock item instead of calling the cart empty, and stores nothing", async () => {
        const before = await route.db.select({ id: orders.id }).from(orders);
        // Product 8 (Bunker Room) ships out of stock: alone, or beside an item in stock.
        for (const lines of [
          [{ id: "8", quantity: 1 }],
          [
            { id: "2", quantity: 1 },
            { id: "8", quantity: 2 },
          ],
        ]) {
          const refused = await send({ details, lines });
          expect(refused.init?.status).toBe(422);
          expect(refused.data).toEqual({ ok: false, code: "product_out_of_stock", vars: { product: "Bunker Room" } });
        }
        expect(await route.db.select({ id: orders.id }).from(orders)).toEqual(before);
      });
    });

    describe("POST /api/coupon", () => {
      const send = (body: unknown) => couponAction(route.args(post("/api/coupon", body), "198.51.100.30"));

      it("answers a refused code with 200 and its message code, a malformed body with 422", async () => {
        const refused = await send({ code: "NOPE", lines: [{ id: "2", quantity: 1 }] });
        expect(refused.init?.status).toBe(200);
        expect(refused.data).toEqual({ ok: false, code: "coupon_invalid", vars: {} });
        expect((await send({ lines: "all" })).init?.status).toBe(422);
      });
    });
  });
}
