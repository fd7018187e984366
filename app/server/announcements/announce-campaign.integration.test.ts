/**
 * "Announce on Discord" with "Also mail it to newsletter subscribers" ticked (issue 30): the owner's
 * one post queues the community embed and starts a one-product campaign; unticked, no campaign.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action } from "~/routes/admin/product";
import { campaigns, emailOutbox } from "../../../db/schema";
import { testDatabases } from "../../../tests/setup/databases";
import { TEST_ENV } from "../../../tests/fixtures/site";
import { routeContext } from "../../../tests/setup/route-context";
import { createSeller } from "../seller-auth/sellers.server";
import { signSessionToken } from "../seller-auth/session-cookie.server";
import { createSession } from "../seller-auth/sessions.server";

const SITE = "http://localhost:3000";

for (const target of testDatabases()) {
  describe(`announcing a product with a campaign on ${target.name}`, () => {
    const context = routeContext(target, {}, { ...TEST_ENV, COMMUNITY_DISCORD_WEBHOOK: "http://127.0.0.1:9/discord/community" });

    async function ownerCookie(): Promise<string> {
      const created = await createSeller(context.db, `owner-${Math.random()}@shop.test`, "a long enough password", new Date(), "owner");
      if (!created.ok) throw new Error("seller exists");
      const session = await createSession(context.db, { sellerId: created.seller.id, stage: "active" }, new Date());
      return `seller_session=${signSessionToken(session.token, context.services.keys.key("session"))}`;
    }
    const announce = (cookie: string, fields: Record<string, string>) =>
      new Request(`${SITE}/admin/products/2`, {
        method: "POST",
        headers: { cookie, origin: SITE, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "announce", ...fields }).toString(),
      });

    it("starts a one-product campaign only when the box is ticked, beside the Discord post", async () => {
      const cookie = await ownerCookie();
      await action({ ...context.args(announce(cookie, {}), "203.0.113.7"), params: { id: "2" } } as never);
      expect(await context.db.select().from(campaigns)).toHaveLength(0);
      const discord = await context.db.select().from(emailOutbox).where(eq(emailOutbox.channel, "community_discord"));
      expect(discord).toHaveLength(1);

      await action({ ...context.args(announce(cookie, { campaign: "on" }), "203.0.113.8"), params: { id: "2" } } as never);
      const started = await context.db.select().from(campaigns);
      expect(started).toHaveLength(1);
      expect(started[0]).toMatchObject({ productIds: ["2"], status: "sending" });
      expect(await context.db.select().from(emailOutbox).where(eq(emailOutbox.channel, "community_discord"))).toHaveLength(2);
    });
  });
}
