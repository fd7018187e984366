import { describe, expect, it } from "vitest";
import { parseEnv } from "../platform/env.server";
import type { PayPalAdapter } from "../paypal/adapter.server";
import { publicConfig } from "./public-config.server";

const base = { SESSION_SECRET: "s".repeat(40) };
const someAdapter = {} as PayPalAdapter;

describe("public configuration", () => {
  it("gives the browser PayPal's client id and SDK address when PayPal is configured, never the secret", () => {
    const env = parseEnv({ ...base, PAYPAL_CLIENT_ID: "client-1", PAYPAL_CLIENT_SECRET: "secret-1", PAYPAL_SDK_URL: "http://127.0.0.1:8790/sdk/js" });
    const config = publicConfig({ env, paypal: someAdapter });
    expect(config.paypal).toEqual({ clientId: "client-1", sdkUrl: "http://127.0.0.1:8790/sdk/js" });
    expect(JSON.stringify(config)).not.toContain("secret-1");
  });

  it("says online payment is off when the shop started without PayPal", () => {
    expect(publicConfig({ env: parseEnv({ ...base, PAYPAL_CLIENT_ID: "client-1" }), paypal: null }).paypal).toBeNull();
  });
});
