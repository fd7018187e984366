import { describe, expect, it } from "vitest";
import { done, refused, refusedFields, retryAfter } from "./forms.server";

/** What React Router sends for a data() reply: its body and its status. */
const sent = (reply: { data: unknown; init: ResponseInit | null }) => ({
  body: reply.data,
  status: reply.init?.status ?? 200,
  headers: new Headers(reply.init?.headers),
});

describe("the console's action replies", () => {
  it("answers a success with its message, and what a script caller asked for beside it", () => {
    expect(sent(done("Coupon enabled."))).toMatchObject({ body: { ok: true, message: "Coupon enabled." }, status: 200 });
    expect(sent(done("The sealed login.", { keyId: 3, ok: false, message: "not this" })).body).toEqual({ ok: true, message: "The sealed login.", keyId: 3 });
  });

  it("answers a refusal with its status, its message and no field errors unless some field is wrong", () => {
    expect(sent(refused(404, "No such coupon."))).toMatchObject({ body: { ok: false, message: "No such coupon.", fieldErrors: {} }, status: 404 });
    const waited = sent(refused(429, "Try again in 5 seconds.", retryAfter(5)));
    expect(waited.headers.get("Retry-After")).toBe("5");
  });

  it("refuses a form for its fields with 422, the form-wide message when there is one", () => {
    expect(sent(refusedFields({ price: "Price is required" }))).toMatchObject({
      body: { ok: false, message: "Nothing was saved: correct the fields marked below.", fieldErrors: { price: "Price is required" } },
      status: 422,
    });
    expect(sent(refusedFields({ form: "The coupon could not be created.", code: "Taken" }, 409))).toMatchObject({
      body: { message: "The coupon could not be created." },
      status: 409,
    });
  });
});
