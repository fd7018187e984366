import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "~/domain/zod";
import { defineContract } from "~/domain/api/contract";
import { acceptRequest, jsonAction, methodNotAllowed, refuse } from "./endpoint.server";
import { hit, type RateLimitRule } from "../platform/rate-limit.server";
import type { Services } from "../services.server";

// The helper's own logic only: the services (their database), the client key and the counter are stand-ins.
vi.mock("../platform/client-key.server", () => ({ clientKey: (_keys: unknown, ip: string) => `key-of-${ip}` }));
vi.mock("../platform/rate-limit.server", () => ({ hit: vi.fn() }));

const rule: RateLimitRule = { bucket: "test", limit: 3, windowMs: 60_000 };
const allow = () => vi.mocked(hit).mockResolvedValue({ allowed: true, count: 1, retryAfter: 60 });
const block = (retryAfter: number) => vi.mocked(hit).mockResolvedValue({ allowed: false, count: 4, retryAfter });

const greeting = defineContract<{ ok: true; greeting: string }>()(
  "/api/greeting",
  z.object({
    name: z.string({ error: "name_required" }).check(z.minLength(1, { error: "name_required" })),
    productId: z.string({ error: "product_not_found" }),
  }),
);

/** The services' clock: the request is counted, and handled, at this time. */
const NOW = new Date("2030-06-01T12:00:00Z");
const context = { clientIp: "203.0.113.7", services: { db: { fake: "db" }, now: () => NOW } as unknown as Services };
const post = (body: BodyInit | null, type?: string) =>
  new Request("http://shop.test/api/greeting", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });
const json = (value: unknown) => post(JSON.stringify(value), "application/json");

/** A lookup that must never run for a refused request. */
const lookup = vi.fn(async (name: string) => name);
const action = jsonAction(greeting, rule, async ({ input, client }) => {
  if (input.productId === "missing") return refuse(404, "product_not_found");
  return { body: { ok: true, greeting: `${await lookup(input.name)} (${client})` }, status: 201 };
});

beforeEach(() => {
  vi.mocked(hit).mockReset();
  lookup.mockClear();
  allow();
});

describe("jsonAction", () => {
  it("runs the handler with the validated input and the client's key", async () => {
    const answer = await action({ request: json({ name: "Ada", productId: "2", extra: "dropped" }), context });
    expect(answer.init?.status).toBe(201);
    expect(answer.data).toEqual({ ok: true, greeting: "Ada (key-of-203.0.113.7)" });
    expect(hit).toHaveBeenCalledWith({ fake: "db" }, rule, "key-of-203.0.113.7", NOW);
  });

  it("answers 400 request_invalid to a body that is not JSON, without counting it", async () => {
    const answer = await action({ request: post("{not json", "application/json"), context });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({ ok: false, code: "request_invalid", vars: {} });
    expect(hit).not.toHaveBeenCalled();
  });

  it("answers 413 request_too_large to a body over the size limit, without counting it", async () => {
    const answer = await action({ request: json({ name: "x".repeat(40_000), productId: "2" }), context });
    expect(answer.init?.status).toBe(413);
    expect(answer.data).toMatchObject({ ok: false, code: "request_too_large" });
    expect(hit).not.toHaveBeenCalled();
  });

  it("answers 422 with a code per field before any lookup or rate-limit count", async () => {
    const answer = await action({ request: json({ name: "" }), context });
    expect(answer.init?.status).toBe(422);
    expect(answer.data).toEqual({ ok: false, code: "name_required", vars: {}, fields: { name: "name_required", productId: "product_not_found" } });
    expect(lookup).not.toHaveBeenCalled();
    expect(hit).not.toHaveBeenCalled();
  });

  it("answers 422 request_invalid to JSON that is not an object of fields", async () => {
    const answer = await action({ request: json([1, 2]), context });
    expect(answer.init?.status).toBe(422);
    expect(answer.data).toMatchObject({ ok: false, code: "request_invalid" });
  });

  it("answers 429 rate_limited with Retry-After once the client's limit is spent, before the handler", async () => {
    block(42);
    const answer = await action({ request: json({ name: "Ada", productId: "2" }), context });
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("42");
    expect(answer.data).toEqual({ ok: false, code: "rate_limited", vars: {} });
    expect(lookup).not.toHaveBeenCalled();
  });

  it("sends the handler's own refusal with its status", async () => {
    const answer = await action({ request: json({ name: "Ada", productId: "missing" }), context });
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toEqual({ ok: false, code: "product_not_found", vars: {} });
  });
});

describe("acceptRequest with a form body", () => {
  const form = { body: "form" as const, schema: z.object({ name: z.string().check(z.minLength(1, { error: "name_required" })) }), limit: rule };

  it("accepts an urlencoded form as an object of its fields", async () => {
    const result = await acceptRequest({ request: post("name=Ada&website=", "application/x-www-form-urlencoded"), context }, form);
    expect(result).toMatchObject({ ok: true, input: { name: "Ada" }, client: "key-of-203.0.113.7", now: NOW });
  });

  it("accepts a multipart form", async () => {
    const body = new FormData();
    body.set("name", "Ada");
    const result = await acceptRequest({ request: new Request("http://shop.test/contact", { method: "POST", body }), context }, form);
    expect(result).toMatchObject({ ok: true, input: { name: "Ada" } });
  });

  it("keeps the submitted fields on a 422 so the form can show them back", async () => {
    const result = await acceptRequest({ request: post("name=&message=hello", "application/x-www-form-urlencoded"), context }, form);
    expect(result).toMatchObject({ ok: false, status: 422, raw: { name: "", message: "hello" }, refusal: { fields: { name: "name_required" } } });
  });

  for (const [what, request] of [
    ["JSON", post(JSON.stringify({ name: "Ada" }), "application/json")],
    ["plain text", post("name=Ada", "text/plain")],
    // Bytes: Request adds no content type of its own, as a string body would get text/plain.
    ["no content type", post(new TextEncoder().encode("name=Ada"))],
    ["a broken multipart boundary", post('--nope\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda', "multipart/form-data; boundary=other")],
  ] as const) {
    it(`answers 400 request_invalid to ${what}`, async () => {
      const result = await acceptRequest({ request, context }, form);
      expect(result).toMatchObject({ ok: false, status: 400, refusal: { code: "request_invalid" } });
      expect(hit).not.toHaveBeenCalled();
    });
  }
});

describe("methodNotAllowed", () => {
  it("answers 405", () => {
    let thrown: unknown;
    try {
      methodNotAllowed();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 405 } });
  });
});
