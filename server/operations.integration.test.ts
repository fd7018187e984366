import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type RunningShop } from "../tests/setup/running-shop";

let shop: RunningShop;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${shop.port}${path}`, { headers });

beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe("operations endpoints", () => {
  it("answers /healthz while the process runs and /readyz while the database answers", async () => {
    expect(await (await get("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok" });
  });

  it("gives every response a request id for the logs, keeping a proxy's well-formed one", async () => {
    const own = (await get("/robots.txt")).headers.get("x-request-id");
    expect(own).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get("/robots.txt", { "X-Request-Id": "lb-12345678" })).headers.get("x-request-id")).toBe("lb-12345678");
    expect((await get("/robots.txt", { "X-Request-Id": "<script>" })).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
