import { describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/setup/databases";
import { routeArgs, routeContext } from "../../tests/setup/route-context";
import { action, loader } from "./api.paypal.webhook";

// Issue 27: PUT, PATCH and DELETE answered 503 on a shop without PAYPAL_WEBHOOK_ID (its "not
// configured" refusal) where GET got 405. Every method but POST is 405 with Allow: POST, whatever the
// configuration; POST keeps its own answers (503 unconfigured, 400 unverified).

const request = (method: string) =>
  new Request("http://shop.test/api/paypal/webhook", {
    method,
    headers: { "Content-Type": "application/json" },
    ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
  });

interface Thrown {
  data: unknown;
  init: { status: number; headers?: Record<string, string> } | null;
}

async function answer(run: () => unknown): Promise<{ status: number; allow?: string }> {
  try {
    const value = (await run()) as Thrown;
    return { status: value.init?.status ?? 200, allow: value.init?.headers?.Allow };
  } catch (thrown) {
    const { init } = thrown as Thrown;
    return { status: init?.status ?? 500, allow: init?.headers?.Allow };
  }
}

for (const target of testDatabases()) {
  describe(`PayPal webhook methods on ${target.name}`, () => {
    const unconfigured = routeContext(target);
    // The method is refused before PayPal is reached: a stand-in adapter is enough to be "configured".
    const configured = {
      args: (req: Request, ip: string) =>
        routeArgs(req, { ...unconfigured.services, paypal: {} as never, env: { ...unconfigured.services.env, PAYPAL_WEBHOOK_ID: "WH-TEST" } }, ip),
    };

    for (const [name, route] of [
      ["without PAYPAL_WEBHOOK_ID", unconfigured],
      ["with PAYPAL_WEBHOOK_ID", configured],
    ] as const) {
      it(`answers 405 with Allow: POST to GET, HEAD, PUT, PATCH and DELETE ${name}`, async () => {
        for (const method of ["GET", "HEAD"]) {
          expect(await answer(() => loader()), method).toEqual({ status: 405, allow: "POST" });
        }
        for (const method of ["PUT", "PATCH", "DELETE"]) {
          expect(await answer(() => action(route.args(request(method), "198.51.100.9") as never)), method).toEqual({ status: 405, allow: "POST" });
        }
      });
    }

    it("still answers POST on a shop without PAYPAL_WEBHOOK_ID with 503, so PayPal delivers again later", async () => {
      expect((await answer(() => action(unconfigured.args(request("POST"), "198.51.100.9") as never))).status).toBe(503);
    });
  });
}
