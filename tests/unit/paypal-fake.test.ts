import { describe, expect, it } from "vitest";
import { useFakePayPal } from "../setup/fake-paypal";

// The fake PayPal is only worth its green tests if it rejects what real PayPal would: these send
// raw requests (not through the adapter) that break PayPal's published contracts.
const fakePayPal = useFakePayPal();

async function token(): Promise<string> {
  const fake = fakePayPal();
  const response = await fetch(`${fake.url}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${fakePayPal().url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id?: string; details?: { issue: string }[] } };
}

const validOrder = {
  intent: "CAPTURE",
  purchase_units: [{ invoice_id: "ORD261122141500-AB12", amount: { currency_code: "USD", value: "34.99" } }],
};

describe("fake PayPal contract checks", () => {
  it("rejects and records a create body that violates the Orders v2 schema", async () => {
    const bad = {
      purchase_units: [{ amount: { currency_code: "USD", value: "34.999.1" } }],
      payment_source: { paypal: { experience_context: { shipping_preference: "NONE" } } },
    };

    const answer = await post("/v2/checkout/orders", bad, { "PayPal-Request-Id": "ORD261122141500-AB12-create" });

    expect(answer.status).toBe(400);
    const messages = fakePayPal()
      .takeViolations()
      .map((v) => v.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^body must have required property 'intent'/),
        expect.stringMatching(/^body\/purchase_units\/0\/amount\/value must match pattern/),
        expect.stringMatching(/^body\/payment_source\/paypal\/experience_context\/shipping_preference must be equal to one of the allowed values/),
      ]),
    );
    expect(fakePayPal().orders.size).toBe(0);
  });

  it("accepts a conforming body (the checks are not rejecting everything)", async () => {
    const answer = await post("/v2/checkout/orders", validOrder, { "PayPal-Request-Id": "ORD261122141500-AB12-create" });

    expect(answer.status).toBe(201);
    expect(fakePayPal().takeViolations()).toEqual([]);
  });

  it("applies PayPal's amount rules: total must equal the breakdown", async () => {
    const unit = {
      amount: { currency_code: "USD", value: "30.00", breakdown: { item_total: { currency_code: "USD", value: "34.99" } } },
      items: [{ name: "King Cummy", unit_amount: { currency_code: "USD", value: "34.99" }, quantity: "1" }],
    };

    const answer = await post("/v2/checkout/orders", { intent: "CAPTURE", purchase_units: [unit] }, { "PayPal-Request-Id": "r-1" });

    expect(answer.status).toBe(422);
    expect(answer.body.details?.[0].issue).toBe("AMOUNT_MISMATCH");
    expect(
      fakePayPal()
        .takeViolations()
        .map((v) => v.message),
    ).toEqual([expect.stringMatching(/^AMOUNT_MISMATCH/)]);
  });

  it("records a capture without PayPal-Request-Id and an order id PayPal could not have issued", async () => {
    await post("/v2/checkout/orders/not-a-paypal-id/capture", {});

    const messages = fakePayPal()
      .takeViolations()
      .map((v) => v.message);
    expect(messages).toEqual(
      expect.arrayContaining([expect.stringMatching(/^path id must match pattern/), expect.stringMatching(/PayPal-Request-Id is missing/)]),
    );
  });

  it("lets another process approve an order through its control route, as the fake SDK will", async () => {
    const created = await post("/v2/checkout/orders", validOrder, { "PayPal-Request-Id": "r-2" });
    const approved = await fetch(`${fakePayPal().url}/__fake/orders/${created.body.id}/approve`, {
      method: "POST",
      body: JSON.stringify({ givenName: "Sam" }),
    });

    expect(approved.status).toBe(200);
    const captured = await post(`/v2/checkout/orders/${created.body.id}/capture`, {}, { "PayPal-Request-Id": "r-3" });
    expect(captured.status).toBe(201);
    expect(fakePayPal().orders.get(created.body.id!)?.payerGivenName).toBe("Sam");
  });
});
