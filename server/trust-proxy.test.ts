import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../app/server/platform/env.server";

/**
 * TRUST_PROXY as server/app.ts applies it: which address a request from a proxy on 127.0.0.1 gets
 * (the client key behind rate limits and login throttles), for the forms the README documents.
 */
async function clientAddress(trustProxy: string | undefined, forwardedFor: string): Promise<string> {
  const app = express();
  app.set("trust proxy", parseEnv({ TRUST_PROXY: trustProxy, DATA_DIR: mkdtempSync(path.join(tmpdir(), "trust-")) }).TRUST_PROXY);
  app.get("/", (req, res) => void res.send(req.ip));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const { port } = server.address() as AddressInfo;
    return await (await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": forwardedFor } })).text();
  } finally {
    server.close();
  }
}

describe("TRUST_PROXY", () => {
  // The client 203.0.113.9, then a load balancer at 10.0.0.5, then a proxy on this machine.
  const chain = "203.0.113.9, 10.0.0.5";

  it("believes a proxy on this machine only, by default", async () => {
    expect(await clientAddress(undefined, chain)).toBe("10.0.0.5");
  });

  it("believes the proxies it lists, by address or subnet", async () => {
    expect(await clientAddress("loopback, 10.0.0.0/8", chain)).toBe("203.0.113.9");
    expect(await clientAddress("127.0.0.1,10.0.0.5", chain)).toBe("203.0.113.9");
  });

  it("counts hops, or believes nobody", async () => {
    expect(await clientAddress("2", chain)).toBe("203.0.113.9");
    expect(await clientAddress("1", chain)).toBe("10.0.0.5");
    expect(await clientAddress("false", chain)).toBe("127.0.0.1");
  });
});
