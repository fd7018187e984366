import { createHmac } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { clientKey } from "./client-key.server";
import { parseEnv, setEnv } from "./env.server";
import { deriveKey, deriveKeyFrom } from "./keys.server";

const SECRET = "s".repeat(40);

describe("deriveKey", () => {
  beforeEach(() => setEnv(parseEnv({ SESSION_SECRET: SECRET })));

  it("gives each purpose its own 32-byte key, none of them the secret itself", () => {
    const keys = (["client-key", "signed-link", "session"] as const).map((purpose) => deriveKey(purpose));
    expect(new Set(keys.map((key) => key.toString("hex"))).size).toBe(3);
    for (const key of keys) {
      expect(key).toHaveLength(32);
      expect(key.equals(Buffer.from(SECRET))).toBe(false);
    }
  });

  it("derives the same key from the same secret, so every process agrees", () => {
    expect(deriveKey("session").equals(deriveKeyFrom(SECRET, "session"))).toBe(true);
    expect(deriveKeyFrom(SECRET, "session").equals(deriveKeyFrom(SECRET, "session"))).toBe(true);
  });

  it("follows the secret: another secret gives other keys", () => {
    const before = deriveKey("signed-link");
    setEnv(parseEnv({ SESSION_SECRET: "t".repeat(40) }));
    expect(deriveKey("signed-link").equals(before)).toBe(false);
  });
});

describe("clientKey", () => {
  beforeEach(() => setEnv(parseEnv({ SESSION_SECRET: SECRET })));

  it("is a stable pseudonym per address that does not contain the address", () => {
    expect(clientKey("203.0.113.7")).toBe(clientKey("203.0.113.7"));
    expect(clientKey("203.0.113.7")).not.toBe(clientKey("203.0.113.8"));
    expect(clientKey("203.0.113.7")).not.toContain("203");
  });

  it("uses its own derived key, never the raw secret", () => {
    const withRawSecret = createHmac("sha256", SECRET).update("203.0.113.7").digest("base64url").slice(0, 22);
    expect(clientKey("203.0.113.7")).not.toBe(withRawSecret);
  });
});
