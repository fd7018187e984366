import { afterEach, describe, expect, it } from "vitest";
import { parseEnv, setEnv } from "./env.server";
import { publicConfig } from "./public-config.server";

const base = { SESSION_SECRET: "s".repeat(40) };

describe("public configuration", () => {
  afterEach(() => setEnv(parseEnv(base)));

  it("gives the browser PayPal's client id and SDK address when PayPal is configured, never the secret", () => {
    setEnv(parseEnv({ ...base, PAYPAL_CLIENT_ID: "client-1", PAYPAL_CLIENT_SECRET: "secret-1", PAYPAL_SDK_URL: "http://127.0.0.1:8790/sdk/js" }));
    const config = publicConfig();
    expect(config.paypal).toEqual({ clientId: "client-1", sdkUrl: "http://127.0.0.1:8790/sdk/js" });
    expect(JSON.stringify(config)).not.toContain("secret-1");
  });

  it("says online payment is off without credentials", () => {
    setEnv(parseEnv({ ...base, PAYPAL_CLIENT_ID: "client-1" }));
    expect(publicConfig().paypal).toBeNull();
  });
});
