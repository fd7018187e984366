import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const dir = () => mkdtempSync(path.join(tmpdir(), "env-"));

describe("parseEnv", () => {
  it("applies defaults for a bare development environment", () => {
    const dataDir = dir();
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.PORT).toBe(3000);
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toHaveLength(64);
  });

  it("keeps VAPID keys from the environment, or generates one pair into the data dir once (docs/decisions/053)", () => {
    const dataDir = dir();
    const first = parseEnv({ DATA_DIR: dataDir });
    expect(first.VAPID_PUBLIC_KEY).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(first.VAPID_PUBLIC_KEY!, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.VAPID_PRIVATE_KEY!, "base64url")).toHaveLength(32);
    expect(first.VAPID_SUBJECT).toBe("mailto:support@triggershop.example");
    expect(parseEnv({ DATA_DIR: dataDir }).VAPID_PUBLIC_KEY).toBe(first.VAPID_PUBLIC_KEY);
    const given = { VAPID_PUBLIC_KEY: first.VAPID_PUBLIC_KEY!, VAPID_PRIVATE_KEY: first.VAPID_PRIVATE_KEY! };
    const production = parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/shop", SESSION_SECRET: "s".repeat(32), DATA_DIR: dir(), ...given });
    expect(production.VAPID_PUBLIC_KEY).toBe(given.VAPID_PUBLIC_KEY);
    // Production on PostgreSQL without keys: pushes off, nothing generated per process.
    expect(
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/shop", SESSION_SECRET: "s".repeat(32), DATA_DIR: dir() }).VAPID_PUBLIC_KEY,
    ).toBeUndefined();
    expect(() => parseEnv({ DATA_DIR: dir(), VAPID_PUBLIC_KEY: given.VAPID_PUBLIC_KEY })).toThrow(
      "Invalid environment variable VAPID_PRIVATE_KEY: required with the other VAPID key (both or neither) (got unset)",
    );
    expect(() => parseEnv({ DATA_DIR: dir(), ...given, VAPID_SUBJECT: "seller@shop.test" })).toThrow(/VAPID_SUBJECT: must be a mailto: or https: URL/);
  });

  it("keeps the generated development secret in the data dir across starts", () => {
    const dataDir = dir();
    const first = parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET;
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(first);
    expect(parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(first);
  });

  it("requires SESSION_SECRET in production on PostgreSQL, where several processes share it", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/shop", DATA_DIR: dir() })).toThrow(
      "Invalid environment variable SESSION_SECRET: required in production with DATABASE_URL (got unset)",
    );
    // One process on the embedded database keeps its own generated secret.
    expect(parseEnv({ NODE_ENV: "production", DATA_DIR: dir() }).SESSION_SECRET).toHaveLength(64);
  });

  it("names the bad variable and its value in one line", () => {
    expect(() => parseEnv({ PORT: "abc", DATA_DIR: dir() })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "abc", DATA_DIR: dir() })).toThrow(/^Invalid environment variable PORT: .*\(got "abc"\)$/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", DATA_DIR: dir() })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseEnv({ WHATSAPP_NUMBER: "+44 77", DATA_DIR: dir() })).toThrow(/WHATSAPP_NUMBER/);
  });

  it("treats empty values as unset and strips a trailing slash from SITE_URL", () => {
    const env = parseEnv({ SITE_URL: "https://shop.example/", PAYPAL_CLIENT_ID: "", DATA_DIR: dir() });
    expect(env.SITE_URL).toBe("https://shop.example");
    expect(env.PAYPAL_CLIENT_ID).toBeUndefined();
  });

  it("reads TRUST_PROXY as Express's trust proxy setting: loopback unless told, hops, or proxies by address", () => {
    const trust = (value?: string) => parseEnv({ TRUST_PROXY: value, DATA_DIR: dir() }).TRUST_PROXY;
    expect(trust()).toEqual(["loopback"]);
    expect(trust("false")).toBe(false);
    expect(trust("true")).toBe(true);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.0/8, 172.17.0.1, fd00::/8, uniquelocal")).toEqual(["10.0.0.0/8", "172.17.0.1", "fd00::/8", "uniquelocal"]);
    for (const bad of ["10.0.0.0/33", "proxy.example", "10.0.0.1,,", "-1", "::1/129"]) {
      expect(() => trust(bad), bad).toThrow(/^Invalid environment variable TRUST_PROXY: /);
    }
  });
});
