import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, privacyRequests } from "../../db/schema";
import { newOrder, BUYER } from "../../tests/fixtures/orders";
import { routeContext } from "../../tests/setup/route-context";
import { testDatabases } from "../../tests/setup/databases";
import { orderAccessKey } from "~/server/orders/links.server";
import { createOrder } from "~/server/orders/orders.server";
import { action } from "./order-status";
import { TEST_SITE } from "../../tests/fixtures/site";

/** "Send me my data" / "Delete my data" as a browser without JavaScript posts them to the order page (docs/decisions/041). */
for (const target of testDatabases()) {
  describe(`data requests from the order page on ${target.name}`, () => {
    const route = routeContext(target);

    async function order() {
      const created = await createOrder(route.db, TEST_SITE, newOrder(), new Date());
      if (!created.ok) throw new Error(created.code);
      return created.order.id;
    }
    const post = (id: string, fields: Record<string, string>, ip: string, key = orderAccessKey(TEST_SITE.keys, id), lang = "") => {
      const request = new Request(`http://shop.test${lang}/order/${id}?k=${encodeURIComponent(key)}`, { method: "POST", body: new URLSearchParams(fields) });
      return action({ ...route.args(request, ip), params: { id } } as Parameters<typeof action>[0]);
    };
    const statusOf = (value: unknown) => (value instanceof Response ? value.status : ((value as { init?: { status?: number } }).init?.status ?? 200));

    it("records the request, mails the order's address in the page's language and redirects back (303)", async () => {
      const id = await order();
      const answer = await post(id, { intent: "privacy_delete" }, "192.0.2.40", undefined, "/fr");
      expect(statusOf(answer)).toBe(303);
      expect((answer as Response).headers.get("Location")).toBe(
        `/fr/order/${id}?k=${encodeURIComponent(orderAccessKey(TEST_SITE.keys, id))}&privacy=delete#privacy`,
      );
      const [request] = await route.db.select().from(privacyRequests).where(eq(privacyRequests.orderId, id));
      expect(request).toMatchObject({ kind: "delete", status: "awaiting_confirmation" });
      const [mail] = await route.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, id), eq(emailOutbox.kind, "privacy_delete")));
      expect(mail).toMatchObject({ to: BUYER.email, lang: "fr" });
      expect(mail!.text).toMatch(/\/fr\/privacy-request\?t=/);
    });

    it("refuses a wrong key with 404, an unknown intent with 422 and too many requests with 429", async () => {
      const id = await order();
      await expect(post(id, { intent: "privacy_export" }, "192.0.2.41", "not-the-key")).rejects.toMatchObject({ init: { status: 404 } });
      expect(statusOf(await post(id, { intent: "privacy_everything" }, "192.0.2.41"))).toBe(422);
      for (let i = 0; i < 4; i += 1) expect(statusOf(await post(id, { intent: "privacy_export" }, "192.0.2.42"))).toBe(303);
      expect(statusOf(await post(id, { intent: "privacy_export" }, "192.0.2.42"))).toBe(303);
      const limited = await post(id, { intent: "privacy_export" }, "192.0.2.42");
      expect(statusOf(limited)).toBe(429);
      expect((limited as { data: { privacy: { formError: string } } }).data.privacy.formError).toBe("rate_limited");
    });
  });
}
