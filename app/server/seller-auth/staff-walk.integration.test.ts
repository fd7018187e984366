import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sellerActions } from "../../../db/schema";
import { routeContext } from "../../../tests/setup/route-context";
import { testDatabases } from "../../../tests/setup/databases";
import routes from "../../routes";
import { declaredIntents, refusalMessage, roleMay, type Permission, type RouteAccess, type SellerRole } from "~/domain/seller/permissions";
import { sessionNeededToWrite } from "~/domain/seller-access";
import type { Db } from "../platform/db.server";
import { createSeller } from "./sellers.server";
import { signSessionToken } from "./session-cookie.server";
import { createSession } from "./sessions.server";

// Issue 21: every console loader and action, walked with a staff session (and an owner's). The
// routes come from app/routes.ts and each module's own `access` declaration, so a console route
// added later is walked without editing this test — and fails it until it declares what it needs.

const APP = path.resolve(import.meta.dirname, "../..");
const SITE = "http://localhost:3000";

interface ConsoleModule {
  path: string;
  file: string;
}

/** Every route module under /admin, layouts included (a layout's loader guards the frame). */
function consoleModules(entries: readonly RouteConfigEntry[], parent = ""): ConsoleModule[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const children = consoleModules(entry.children ?? [], full);
    // A pathless layout is reached through its first page.
    const own = entry.path === undefined && !entry.index && children[0] ? children[0].path : full;
    return [{ path: own, file: entry.file }, ...children];
  });
}

const MODULES = [...new Map(consoleModules(routes).map((m) => [m.file, m])).values()].filter(
  // The login steps and logout are reached without an active session: no role applies to them.
  (m) => (m.path === "admin" || m.path.startsWith("admin/")) && sessionNeededToWrite(`/${m.path}`) === "active",
);

const PLACEHOLDER = "ORD-20300101-XXXX";
const urlOf = (pattern: string) => `${SITE}/${pattern.replace(/:\w+\??/g, PLACEHOLDER).replace(/\*$/, "no-such-page")}`;
const paramsOf = (pattern: string): Record<string, string> => {
  const params: Record<string, string> = Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map((m) => [m[1], PLACEHOLDER]));
  if (pattern.endsWith("*")) params["*"] = "no-such-page";
  return params;
};

interface RouteModule {
  access?: RouteAccess;
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
}

/** The HTTP status a loader or action answered with, thrown or returned (redirects, data(), Responses). */
async function statusOf(run: () => unknown): Promise<{ status: number; message?: string }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
    if (thrown instanceof Error) throw thrown;
  }
  if (outcome instanceof Response) return { status: outcome.status };
  if (outcome && typeof outcome === "object" && (outcome as { type?: string }).type === "DataWithResponseInit") {
    const reply = outcome as { init: ResponseInit | null; data: unknown };
    return { status: reply.init?.status ?? 200, message: (reply.data as { message?: string } | null)?.message };
  }
  return { status: 200 };
}

for (const target of testDatabases()) {
  describe(`a staff session walking every console action on ${target.name}`, () => {
    const context = routeContext(target);
    const ids: Partial<Record<SellerRole, number>> = {};

    /** A fresh session per request: an allowed action may end sessions ("log out everywhere"). */
    async function cookieFor(db: Db, role: SellerRole): Promise<string> {
      if (ids[role] === undefined) {
        const created = await createSeller(db, `${role}-walker@shop.test`, "a long walking password", new Date(), role);
        if (!created.ok) throw new Error("seller exists");
        ids[role] = created.seller.id;
      }
      const session = await createSession(db, { sellerId: ids[role]!, stage: "active" }, new Date());
      return `seller_session=${signSessionToken(session.token, context.services.keys.key("session"))}`;
    }

    function request(url: string, cookie: string, intent?: string): Request {
      if (intent === undefined) return new Request(url, { headers: { cookie, accept: "*/*" } });
      return new Request(url, {
        method: "POST",
        headers: { cookie, origin: SITE, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent }).toString(),
      });
    }

    const refusals = async (role: SellerRole) =>
      (
        await context.db
          .select()
          .from(sellerActions)
          .where(and(eq(sellerActions.sellerId, ids[role]!), eq(sellerActions.action, "role_refused")))
      ).length;

    /** Every (module, loader or intent) pair the console has, with the permission it declares. */
    async function calls() {
      const list: { name: string; module: ConsoleModule; run: RouteModule["loader"]; need: Permission; intent?: string }[] = [];
      for (const module of MODULES) {
        const code = (await import(path.join(APP, module.file))) as RouteModule;
        if (code.loader) list.push({ name: `GET ${module.file}`, module, run: code.loader, need: code.access!.read! });
        if (code.action) {
          const intents = declaredIntents(code.access!);
          // One permission for every post: any body shows the door.
          for (const intent of intents.length ? intents : ["walk-probe"])
            list.push({ name: `POST ${module.file} intent=${intent}`, module, run: code.action, need: code.access!.write as Permission, intent });
        }
      }
      for (const call of list) if (call.intent && typeof call.need !== "string") call.need = (call.need as Record<string, Permission>)[call.intent];
      return list;
    }

    it("finds the console's routes, and every one declares what its loader and action need", async () => {
      expect(MODULES.map((m) => m.file)).toEqual(
        expect.arrayContaining(["routes/admin/layout.tsx", "routes/admin/order.tsx", "routes/admin/product.tsx", "routes/admin/orders-export.ts"]),
      );
      for (const module of MODULES) {
        const code = (await import(path.join(APP, module.file))) as RouteModule;
        if (code.loader) expect(code.access?.read, `${module.file} exports a loader: declare access.read (docs/decisions/036)`).toBeDefined();
        if (code.action) expect(code.access?.write, `${module.file} exports an action: declare access.write (docs/decisions/036)`).toBeDefined();
      }
    });

    it("refuses staff with 403 and an audit row exactly where the table denies them", async () => {
      const db = context.db;
      const walked = await calls();
      expect(walked.length).toBeGreaterThan(25);
      const denied: string[] = [];
      for (const call of walked) {
        const cookie = await cookieFor(db, "staff");
        const before = await refusals("staff");
        const url = urlOf(call.module.path);
        const args = {
          request: request(url, cookie, call.intent),
          params: paramsOf(call.module.path),
          context: { clientIp: "192.0.2.7", nonce: "", services: context.services },
        };
        const answer = await statusOf(() => call.run!(args));
        const after = await refusals("staff");
        if (roleMay("staff", call.need)) {
          expect(answer.status, `${call.name} (${call.need}) is allowed to staff`).not.toBe(403);
          expect(after, `${call.name}: no refusal recorded`).toBe(before);
        } else {
          denied.push(call.name);
          expect(answer, `${call.name} (${call.need}) is refused to staff`).toEqual({ status: 403, message: refusalMessage("staff", call.need) });
          expect(after, `${call.name}: the refusal is recorded`).toBe(before + 1);
        }
      }
      // What issue 21 names, at least: refunds, prices, products, coupons, exports, login keys.
      expect(denied).toEqual(
        expect.arrayContaining([
          "POST routes/admin/order.tsx intent=refund",
          // A problem report's refund is a refund (docs/decisions/034).
          "POST routes/admin/report.tsx intent=refund",
          "POST routes/admin/product.tsx intent=save",
          "POST routes/admin/product-new.tsx intent=walk-probe",
          "GET routes/admin/products.tsx",
          "GET routes/admin/coupons.tsx",
          "POST routes/admin/coupon-new.tsx intent=walk-probe",
          "GET routes/admin/orders-export.ts",
          "GET routes/admin/subscribers-export.ts",
          "POST routes/admin/login-keys.tsx intent=walk-probe",
        ]),
      );
      const [row] = await db
        .select()
        .from(sellerActions)
        .where(and(eq(sellerActions.sellerId, ids.staff!), eq(sellerActions.action, "role_refused"), eq(sellerActions.target, `/admin/orders/${PLACEHOLDER}`)));
      expect(row).toMatchObject({
        actor: "seller:staff-walker@shop.test",
        detail: { permission: "orders.refund", role: "staff", method: "POST", intent: "refund" },
      });
    });

    it("lets the owner through everywhere, and refuses an intent no route declares", async () => {
      const db = context.db;
      for (const call of await calls()) {
        const cookie = await cookieFor(db, "owner");
        const url = urlOf(call.module.path);
        const args = {
          request: request(url, cookie, call.intent),
          params: paramsOf(call.module.path),
          context: { clientIp: "192.0.2.8", nonce: "", services: context.services },
        };
        expect((await statusOf(() => call.run!(args))).status, call.name).not.toBe(403);
      }
      expect(await refusals("owner")).toBe(0);
      const order = (await import(path.join(APP, "routes/admin/order.tsx"))) as RouteModule;
      const cookie = await cookieFor(db, "owner");
      const undeclared = {
        request: request(urlOf("admin/orders/:id"), cookie, "delete_everything"),
        params: { id: PLACEHOLDER },
        context: { services: context.services },
      };
      expect(await statusOf(() => order.action!(undeclared))).toEqual({ status: 400, message: "Unknown action." });
    });
  });
}
