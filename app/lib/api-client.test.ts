import { afterEach, describe, expect, it, vi } from "vitest";
import { newsletterApi } from "~/domain/api/newsletter";
import { NEWSLETTER_ENDPOINT } from "~/domain/api/endpoints";
import { postJson } from "./api-client";

const answer = (body: string, status = 200, headers: Record<string, string> = {}) =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status, headers: { "Content-Type": "application/json", ...headers } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("postJson", () => {
  it("POSTs the body as same-origin JSON to the contract's path and returns the success reply", async () => {
    const fetchMock = answer(JSON.stringify({ ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await postJson(newsletterApi, { email: "fan@example.com", website: "", lang: "fr" })).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/newsletter");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" } });
    expect(JSON.parse(init?.body as string)).toEqual({ email: "fan@example.com", website: "", lang: "fr" });
  });

  it("posts to the same path through the contract's Endpoint (no schema loaded)", async () => {
    const fetchMock = answer(JSON.stringify({ ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await postJson(NEWSLETTER_ENDPOINT, { email: "fan@example.com", website: "", lang: "fr" })).toEqual({ ok: true });
    expect(fetchMock.mock.calls[0][0]).toBe(newsletterApi.path);
  });

  it("returns the server's refusal with its code, variables and field errors", async () => {
    vi.stubGlobal("fetch", answer(JSON.stringify({ ok: false, code: "email_invalid", vars: {}, fields: { email: "email_invalid" } }), 422));
    expect(await postJson(newsletterApi, { email: "nope" })).toEqual({
      ok: false,
      reason: "refused",
      status: 422,
      code: "email_invalid",
      vars: {},
      fields: { email: "email_invalid" },
    });
  });

  it("fills in missing variables so a caller can always pass them to t()", async () => {
    vi.stubGlobal("fetch", answer(JSON.stringify({ ok: false, code: "email_invalid" }), 400));
    expect(await postJson(newsletterApi, { email: "nope" })).toMatchObject({ reason: "refused", code: "email_invalid", vars: {} });
  });

  it("tells a rate limit apart, with the seconds to wait from Retry-After", async () => {
    vi.stubGlobal("fetch", answer(JSON.stringify({ ok: false, code: "rate_limited", vars: {} }), 429, { "Retry-After": "120" }));
    expect(await postJson(newsletterApi, { email: "fan@example.com" })).toMatchObject({
      ok: false,
      reason: "rate_limited",
      code: "rate_limited",
      retryAfter: 120,
    });
  });

  it("treats no answer, an HTML page or an unknown code as a network failure", async () => {
    const network = { ok: false, reason: "network", code: null, vars: {} };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    expect(await postJson(newsletterApi, { email: "fan@example.com" })).toEqual({ ...network, status: null });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<!doctype html><h1>Not found</h1>", { status: 404, headers: { "Content-Type": "text/html" } })),
    );
    expect(await postJson(newsletterApi, { email: "fan@example.com" })).toEqual({ ...network, status: 404 });
    vi.stubGlobal("fetch", answer(JSON.stringify({ ok: false, code: "something_else" }), 500));
    expect(await postJson(newsletterApi, { email: "fan@example.com" })).toEqual({ ...network, status: 500 });
  });
});
