/**
 * The console's Suppressed mail page (issue 30, docs/decisions/044): the owner sees why and when and
 * lifts one (one audit row); staff are refused the page and a forged lift, which changes nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/suppressions";
import { sellerActions } from "../../../db/schema";
import { testDatabases } from "../../../tests/setup/databases";
import { routeContext } from "../../../tests/setup/route-context";
import { createSeller } from "../seller-auth/sellers.server";
import { signSessionToken } from "../seller-auth/session-cookie.server";
import { createSession } from "../seller-auth/sessions.server";
import type { SellerRole } from "~/domain/seller/permissions";
import { isSuppressed, suppressAddress } from "./suppressions.server";

const SITE = "http://localhost:3000";
const at = new Date("2026-11-27T09:00:00Z");

for (const target of testDatabases()) {
  describe(`the Suppressed mail page on ${target.name}`, () => {
    const context = routeContext(target);

    async function cookieFor(role: SellerRole): Promise<string> {
      const created = await createSeller(context.db, `${role}-${Math.random()}@shop.test`, "a long enough password", new Date(), role);
      if (!created.ok) throw new Error("seller exists");
      const session = await createSession(context.db, { sellerId: created.seller.id, stage: "active" }, new Date());
      return `seller_session=${signSessionToken(session.token, context.services.keys.key("session"))}`;
    }
    const get = (cookie: string) => new Request(`${SITE}/admin/suppressions`, { headers: { cookie } });
    const lift = (cookie: string, email: string) =>
      new Request(`${SITE}/admin/suppressions`, {
        method: "POST",
        headers: { cookie, origin: SITE, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "lift", email }).toString(),
      });
    const statusOf = async (run: () => Promise<unknown>) => {
      try {
        const out = (await run()) as { init?: { status?: number } | null } | Response;
        return out instanceof Response ? out.status : (out?.init?.status ?? 200);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown.status;
        const reply = thrown as { init?: { status?: number } };
        if (reply?.init?.status) return reply.init.status;
        throw thrown;
      }
    };

    it("shows the owner each address with why and when, and lifts one with an audit row", async () => {
      await suppressAddress(context.db, "bounced@example.com", "bounce", "smtp; 550 5.1.1 user unknown", at);
      const owner = await cookieFor("owner");
      const page = (await loader(context.args(get(owner), "203.0.113.1") as never)) as {
        entries: { email: string; reason: string; detail: string; createdAt: Date }[];
      };
      expect(page.entries.find((e) => e.email === "bounced@example.com")).toMatchObject({
        reason: "bounce",
        detail: "smtp; 550 5.1.1 user unknown",
        createdAt: at,
      });
      expect(await statusOf(() => action(context.args(lift(owner, "Bounced@Example.com"), "203.0.113.1") as never))).toBe(200);
      expect(await isSuppressed(context.db, "bounced@example.com")).toBe(false);
      const audit = await context.db.select().from(sellerActions).where(eq(sellerActions.action, "suppression_lift"));
      expect(audit.map((a) => a.target)).toEqual(["suppression:bounced@example.com"]);
      expect(await statusOf(() => action(context.args(lift(owner, "bounced@example.com"), "203.0.113.1") as never))).toBe(404);
    });

    it("refuses staff the page and a forged lift, which changes nothing", async () => {
      await suppressAddress(context.db, "angry@example.com", "complaint", "Complaint: abuse", at);
      const staff = await cookieFor("staff");
      expect(await statusOf(() => loader(context.args(get(staff), "203.0.113.2") as never))).toBe(403);
      expect(await statusOf(() => action(context.args(lift(staff, "angry@example.com"), "203.0.113.2") as never))).toBe(403);
      expect(await isSuppressed(context.db, "angry@example.com")).toBe(true);
    });
  });
}
