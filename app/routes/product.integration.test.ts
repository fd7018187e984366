import { describe, expect, it } from "vitest";
import { productInput } from "../../tests/fixtures/product-input";
import { testDatabases } from "../../tests/setup/databases";
import { routeContext } from "../../tests/setup/route-context";
import { createProduct, setArchived } from "~/server/catalogue/console-products.server";
import { createSeller } from "~/server/seller-auth/sellers.server";
import { signSessionToken } from "~/server/seller-auth/session-cookie.server";
import { createSession } from "~/server/seller-auth/sessions.server";
import { headers, loader } from "./product";

const SELLER = { id: null, actor: "seller:ops@example.com" };

/** The loader's answer as a status (200, or what it threw) and its payload when it rendered. */
async function open(route: ReturnType<typeof routeContext>, id: string, lang = "", cookie?: string) {
  const request = new Request(`http://localhost:3000${lang}/product/${id}`, { headers: cookie ? { cookie: `seller_session=${cookie}` } : {} });
  try {
    const result = (await loader({ ...route.args(request, "192.0.2.60"), params: { id, lang: lang.slice(1) || undefined } } as Parameters<
      typeof loader
    >[0])) as {
      data: { product: { title: string }; preview: boolean };
      init?: { headers?: Record<string, string> } | null;
    };
    return { status: 200, data: result.data, headers: new Headers(result.init?.headers ?? {}) };
  } catch (thrown) {
    return { status: (thrown as { init?: { status?: number } }).init?.status ?? -1 };
  }
}

for (const target of testDatabases()) {
  describe(`a product's page on ${target.name}: drafts and archived products`, () => {
    const route = routeContext(target);

    it("shows a draft to a signed-in seller only, never as a page the render cache may share; archived answers 404 to everyone", async () => {
      const created = await createProduct(route.db, SELLER, productInput({ listed: false }, "Preview Trigger"), new Date());
      if (!created.ok) throw new Error("refused");
      const seller = await createSeller(route.db, "preview@shop.test", "a long enough password 123", new Date());
      if (!seller.ok) throw new Error("no seller");
      const session = await createSession(route.db, { sellerId: seller.seller.id, stage: "active" }, new Date());
      const cookie = signSessionToken(session.token, route.services.keys.key("session"));

      expect((await open(route, created.id)).status).toBe(404);
      const preview = await open(route, created.id, "/fr", cookie);
      expect(preview).toMatchObject({ status: 200, data: { preview: true, product: { title: "Preview Trigger FR" } } });
      const sent = headers({ loaderHeaders: preview.headers!, parentHeaders: new Headers({ "X-Shared-Page": "1" }) } as Parameters<typeof headers>[0]);
      expect(new Headers(sent).get("X-Shared-Page")).toBeNull();
      expect(new Headers(sent).get("Cache-Control")).toContain("no-store");
      // A session still at the second step is not a signed-in seller.
      const half = await createSession(route.db, { sellerId: seller.seller.id, stage: "totp" }, new Date());
      expect((await open(route, created.id, "", signSessionToken(half.token, route.services.keys.key("session")))).status).toBe(404);

      // A listed product is public, and its page stays shareable.
      const listed = await open(route, "2");
      expect(listed).toMatchObject({ status: 200, data: { preview: false } });
      expect(
        new Headers(headers({ loaderHeaders: listed.headers!, parentHeaders: new Headers({ "X-Shared-Page": "1" }) } as Parameters<typeof headers>[0])).get(
          "X-Shared-Page",
        ),
      ).toBe("1");

      await setArchived(route.db, SELLER, "2", true, new Date());
      expect((await open(route, "2")).status).toBe(404);
      expect((await open(route, "2", "", cookie)).status).toBe(404);
      await setArchived(route.db, SELLER, "2", false, new Date());
      expect((await open(route, "2")).status).toBe(200);
    });
  });
}
