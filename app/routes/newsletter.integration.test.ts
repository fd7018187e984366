import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../db/schema";
import { routeContext } from "../../tests/setup/route-context";
import { testDatabases } from "../../tests/setup/databases";
import { newsletterToken } from "~/server/newsletter/links.server";
import { action as confirmAction, headers as confirmHeaders, loader as confirmLoader } from "./newsletter.confirm";
import { action as subscribeAction, headers as subscribeHeaders } from "./newsletter.subscribe";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "./newsletter.unsubscribe";
import { TEST_SITE } from "../../tests/fixtures/site";

/** What a loader or action returned through React Router's data(): its body and status. */
type Answer = { data: { link: { state: string; email?: string }; token: string | null }; init: ResponseInit | null };

const page = (path: string, token: string) => `http://shop.test${path}?t=${encodeURIComponent(token)}`;
const form = (url: string, fields: Record<string, string>) =>
  new Request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

for (const target of testDatabases()) {
  describe(`newsletter link pages on ${target.name}`, () => {
    const route = routeContext(target);
    const statusOf = (email: string) =>
      route.db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));

    /** A route's loader or action, called as React Router would for a request from one client. */
    type Handler = (args: never) => Promise<unknown>;
    const get = async (loader: Handler, url: string) => (await loader(route.args(new Request(url), "203.0.113.1") as never)) as Answer;
    const post = async (action: Handler, request: Request) => (await action(route.args(request, "203.0.113.1") as never)) as Answer;

    beforeAll(async () => {
      await route.db.insert(newsletterSubscribers).values([
        { email: "page@example.com", status: "pending", nonce: "page-nonce-00000000000" },
        { email: "click@example.com", status: "confirmed", nonce: "click-nonce-0000000000" },
        { email: "raw@example.com", status: "confirmed", nonce: "raw-nonce-00000000000" },
      ]);
    });

    it("shows the confirm button on GET without confirming (mail scanners open links), confirms on POST once, then says the link is used", async () => {
      const token = newsletterToken(TEST_SITE.keys, "confirm", { email: "page@example.com", nonce: "page-nonce-00000000000" });
      const url = page("/fr/newsletter/confirm", token);
      for (let i = 0; i < 2; i++) {
        const shown = await get(confirmLoader, url);
        expect(shown.init?.status).toBe(200);
        expect(shown.data).toMatchObject({ link: { state: "ready", email: "page@example.com" }, token });
        // The page's own strings travel with it (the frame's come from the root).
        expect(Object.keys((shown.data as unknown as { translations: { tree: object } }).translations.tree).sort()).toEqual(["info", "newsletter"]);
      }
      expect(await statusOf("page@example.com")).toEqual([{ status: "pending" }]);

      const done = await post(confirmAction, form(page("/fr/newsletter/confirm", ""), { t: token }));
      expect(done.init?.status).toBe(200);
      expect(done.data.link).toEqual({ state: "done", email: "page@example.com" });
      expect(await statusOf("page@example.com")).toEqual([{ status: "confirmed" }]);

      const again = await post(confirmAction, form(url, { t: token }));
      expect(again.init?.status).toBe(410);
      expect(again.data.link).toEqual({ state: "used" });
      expect((await get(confirmLoader, url)).data).toMatchObject({ link: { state: "used" }, token: null });
    });

    it("answers a tampered or missing token with 400 and a message, never a 500", async () => {
      const token = newsletterToken(TEST_SITE.keys, "confirm", { email: "page@example.com", nonce: "page-nonce-00000000000" });
      for (const bad of [`${token.slice(0, -2)}xx`, "", "%%%", "a.b.c.d"]) {
        const shown = await get(confirmLoader, page("/newsletter/confirm", bad));
        expect(shown.init?.status).toBe(400);
        expect(shown.data).toMatchObject({ link: { state: "invalid" }, token: null });
      }
      expect((await get(confirmLoader, "http://shop.test/newsletter/confirm")).init?.status).toBe(400);
      const posted = await post(
        confirmAction,
        new Request("http://shop.test/newsletter/confirm", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "junk" }),
      );
      expect(posted.init?.status).toBe(400);
    });

    it("takes a mail client's one-click unsubscribe (RFC 8058: the token in the link, List-Unsubscribe=One-Click in the body)", async () => {
      const token = newsletterToken(TEST_SITE.keys, "unsubscribe", { email: "click@example.com", nonce: "click-nonce-0000000000" });
      const url = page("/es/newsletter/unsubscribe", token);
      expect((await get(unsubscribeLoader, url)).data.link).toEqual({ state: "ready", email: "click@example.com" });
      expect(await statusOf("click@example.com")).toEqual([{ status: "confirmed" }]);

      const oneClick = await post(unsubscribeAction, form(url, { "List-Unsubscribe": "One-Click" }));
      expect(oneClick.init?.status).toBe(200);
      expect(oneClick.data.link).toEqual({ state: "done", email: "click@example.com" });
      expect(await statusOf("click@example.com")).toEqual([{ status: "unsubscribed" }]);
      expect((await post(unsubscribeAction, form(url, { "List-Unsubscribe": "One-Click" }))).init?.status).toBe(410);
    });

    it("unsubscribes from the page's own form, and refuses a confirm token on the unsubscribe page", async () => {
      const confirmToken = newsletterToken(TEST_SITE.keys, "confirm", { email: "raw@example.com", nonce: "raw-nonce-00000000000" });
      expect((await post(unsubscribeAction, form(page("/newsletter/unsubscribe", ""), { t: confirmToken }))).init?.status).toBe(400);
      const token = newsletterToken(TEST_SITE.keys, "unsubscribe", { email: "raw@example.com", nonce: "raw-nonce-00000000000" });
      const done = await post(unsubscribeAction, form("http://shop.test/newsletter/unsubscribe", { t: token }));
      expect(done.data.link).toEqual({ state: "done", email: "raw@example.com" });
      expect(await statusOf("raw@example.com")).toEqual([{ status: "unsubscribed" }]);
    });

    it("keeps the pages out of search engines and caches", () => {
      expect(confirmHeaders({} as never)).toMatchObject({ "X-Robots-Tag": "noindex", "Cache-Control": "no-store" });
      const signUp = new Headers(
        subscribeHeaders({ parentHeaders: new Headers(), loaderHeaders: new Headers(), actionHeaders: new Headers({ "Retry-After": "60" }) } as never),
      );
      expect(Object.fromEntries(signUp)).toEqual({ "x-robots-tag": "noindex", "cache-control": "no-store", "retry-after": "60" });
    });

    describe("the footer form sent without JavaScript (/newsletter/subscribe)", () => {
      /** The page's view and the answer's status. */
      const signUp = async (path: string, fields: Record<string, string>, ip = "203.0.113.7") => {
        const { data, init } = await subscribeAction(route.args(form(`http://shop.test${path}`, fields), ip) as never);
        return { view: data.view, status: init?.status ?? 200 };
      };
      const subscriber = (email: string) =>
        route.db
          .select({ status: newsletterSubscribers.status, lang: newsletterSubscribers.lang })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, email));

      it("signs the address up, pending its confirmation mail, in the page's language", async () => {
        expect(await signUp("/es/newsletter/subscribe", { email: " Form@Example.com ", website: "" })).toEqual({ view: { state: "done" }, status: 200 });
        expect(await subscriber("form@example.com")).toEqual([{ status: "pending", lang: "es" }]);
      });

      it("refuses a bad address with its message code and stores nothing", async () => {
        expect(await signUp("/fr/newsletter/subscribe", { email: "not-an-address" })).toEqual({
          view: { state: "refused", code: "email_invalid" },
          status: 422,
        });
        expect(await signUp("/newsletter/subscribe", {})).toEqual({ view: { state: "refused", code: "email_required" }, status: 422 });
        expect(await subscriber("not-an-address")).toEqual([]);
      });

      it("answers a filled honeypot like a person, storing nothing", async () => {
        expect(await signUp("/newsletter/subscribe", { email: "bot@example.com", website: "https://spam.example" })).toEqual({
          view: { state: "done" },
          status: 200,
        });
        expect(await subscriber("bot@example.com")).toEqual([]);
      });

      it("shares the API's rate limit per client", async () => {
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push(await signUp("/newsletter/subscribe", { email: `limit${i}@example.com` }, "198.51.100.9"));
        expect(answers.slice(0, 5).every((a) => a.status === 200)).toBe(true);
        expect(answers[5]).toEqual({ view: { state: "refused", code: "rate_limited" }, status: 429 });
      });
    });
  });
}
