import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.server";
import { createKeys, deriveKeyFrom } from "./keys.server";

const SECRET = "s".repeat(40);

describe("createKeys", () => {
  const keys = createKeys(SECRET);

  it("gives each purpose its own 32-byte key, none of them the secret itself", () => {
    const derived = (["client-key", "signed-link", "session"] as const).map((purpose) => keys.key(purpose));
    expect(new Set(derived.map((key) => key.toString("hex"))).size).toBe(3);
    for (const key of derived) {
      expect(key).toHaveLength(32);
      expect(key.equals(Buffer.from(SECRET))).toBe(false);
    }
  });

  it("derives the same key from the same secret, so every process agrees", () => {
    expect(keys.key("session").equals(deriveKeyFrom(SECRET, "session"))).toBe(true);
    expect(createKeys(SECRET).key("session").equals(keys.key("session"))).toBe(true);
  });

  it("follows the secret: another secret gives other keys", () => {
    expect(createKeys("t".repeat(40)).key("signed-link").equals(keys.key("signed-link"))).toBe(false);
  });
});

describe("clientKey", () => {
  const keys = createKeys(SECRET);

  it("is a stable pseudonym per address that does not contain the address", () => {
    expect(clientKey(keys, "203.0.113.7")).toBe(clientKey(keys, "203.0.113.7"));
    expect(clientKey(keys, "203.0.113.7")).not.toBe(clientKey(keys, "203.0.113.8"));
    expect(clientKey(keys, "203.0.113.7")).not.toContain("203");
  });

  it("uses its own derived key, never the raw secret", () => {
    const withRawSecret = createHmac("sha256", SECRET).update("203.0.113.7").digest("base64url").slice(0, 22);
    expect(clientKey(keys, "203.0.113.7")).not.toBe(withRawSecret);
  });
});
