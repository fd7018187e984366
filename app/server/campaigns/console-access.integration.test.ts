/**
 * Campaigns are the owner's (issue 30, docs/decisions/036): staff are refused by page and by a forged
 * post — a "send now" a staff member builds by hand changes nothing and leaves a role_refused row.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaigns, sellerActions } from "../../../db/schema";
import { routeContext } from "../../../tests/setup/route-context";
import { testDatabases } from "../../../tests/setup/databases";
import * as campaignPage from "~/routes/admin/campaign";
import * as campaignsPage from "~/routes/admin/campaigns";
import * as newCampaignPage from "~/routes/admin/campaign-new";
import * as previewRoute from "~/routes/admin/campaign-preview";
import type { SellerRole } from "~/domain/seller/permissions";
import { createSession } from "../seller-auth/sessions.server";
import { createSeller } from "../seller-auth/sellers.server";
import { signSessionToken } from "../seller-auth/session-cookie.server";
import { createCampaign, getCampaign } from "./campaigns.server";

const SITE = "http://localhost:3000";

/** The status a loader or action answered or threw. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run();
    if (result instanceof Response) return result.status;
    const init = (result as { init?: { status?: number } } | null)?.init;
    return init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
}

for (const target of testDatabases()) {
  describe(`campaign console access on ${target.name}`, () => {
    const context = routeContext(target);

    async function cookieFor(role: SellerRole): Promise<string> {
      const email = `${role}-campaigns@shop.test`;
      const created = await createSeller(context.db, email, "a long enough password", new Date(), role);
      if (!created.ok) throw new Error("seller exists");
      const session = await createSession(context.db, { sellerId: created.seller.id, stage: "active" }, new Date());
      return `seller_session=${signSessionToken(session.token, context.services.keys.key("session"))}`;
    }

    const args = (request: Request, params: Record<string, string> = {}) => ({ ...context.args(request, "198.51.100.9"), params }) as never;
    const get = (path: string, cookie: string) => new Request(`${SITE}${path}`, { headers: { cookie, accept: "*/*" } });
    const post = (path: string, cookie: string, body: Record<string, string>) =>
      new Request(`${SITE}${path}`, {
        method: "POST",
        headers: { cookie, origin: SITE, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body).toString(),
      });

    it("refuses staff every campaign page and a forged send, and lets the owner in", async () => {
      const id = await createCampaign(
        context.db,
        { subject: { en: "Hi", fr: "", es: "" }, body: { en: "Hello", fr: "", es: "" }, productIds: [] },
        { id: null, actor: "system" },
        new Date(),
      );
      const staff = await cookieFor("staff");
      const owner = await cookieFor("owner");
      const params = { id: String(id) };

      expect(await statusOf(() => campaignsPage.loader(args(get("/admin/campaigns", staff))))).toBe(403);
      expect(await statusOf(() => newCampaignPage.loader(args(get("/admin/campaigns/new", staff))))).toBe(403);
      expect(await statusOf(() => campaignPage.loader(args(get(`/admin/campaigns/${id}`, staff), params)))).toBe(403);
      expect(await statusOf(() => previewRoute.loader(args(get(`/admin/campaigns/${id}/preview?lang=fr`, staff), params)))).toBe(403);
      expect(await statusOf(() => campaignPage.action(args(post(`/admin/campaigns/${id}`, staff, { intent: "send" }), params)))).toBe(403);
      expect(await statusOf(() => newCampaignPage.action(args(post("/admin/campaigns/new", staff, { subject_en: "Forged", body_en: "Forged" }))))).toBe(403);
      expect((await getCampaign(context.db, id))?.status).toBe("draft");
      expect(await context.db.select().from(campaigns)).toHaveLength(1);
      const refusals = await context.db
        .select()
        .from(sellerActions)
        .where(and(eq(sellerActions.action, "role_refused"), eq(sellerActions.actor, "seller:staff-campaigns@shop.test")));
      expect(refusals.length).toBeGreaterThanOrEqual(6);

      expect(await statusOf(() => campaignsPage.loader(args(get("/admin/campaigns", owner))))).toBe(200);
      expect(await statusOf(() => campaignPage.loader(args(get(`/admin/campaigns/${id}`, owner), params)))).toBe(200);
      expect(await statusOf(() => previewRoute.loader(args(get(`/admin/campaigns/${id}/preview?lang=fr`, owner), params)))).toBe(200);
      expect(await statusOf(() => campaignPage.action(args(post(`/admin/campaigns/${id}`, owner, { intent: "send" }), params)))).toBe(200);
      expect((await getCampaign(context.db, id))?.status).toBe("sending");
    });
  });
}
