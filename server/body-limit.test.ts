import { once } from "node:events";
import net, { type AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postBigBody } from "../tests/setup/big-body";
import { BODY_LIMITS, bodyLimit, DEFAULT_BODY_LIMIT, limitFor } from "./body-limit";

// The middleware on a bare Express app: routes that read their body the way React Router's adapter
// does (the request stream's data events), and one that streams it like an upload to disk.
const KiB = 1024;
const rules = [
  { path: /^\/small$/, maxBytes: 1 * KiB },
  { path: /^\/upload$/, maxBytes: 256 * KiB, stream: true },
];

let server: Server;
let port: number;
/** What each route saw: when it started, how many bytes it read, and how its body ended. */
const seen: { path: string; startedBeforeEnd: boolean; bytes: number; ended: "end" | string }[] = [];

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit(rules, 4 * KiB));
  app.post(/.*/, (req, res) => {
    const record = { path: req.path, startedBeforeEnd: !req.complete, bytes: 0, ended: "" };
    seen.push(record);
    req.on("data", (chunk: Buffer) => (record.bytes += chunk.length));
    req.on("end", () => {
      record.ended = "end";
      if (!res.headersSent) res.json({ bytes: record.bytes });
    });
    req.on("error", (error) => (record.ended = error.name));
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("bodyLimit", () => {
  it("hands a body within the limit to the route whole, chunked or announced", async () => {
    for (const contentLength of [false, true]) {
      const answer = await postBigBody(port, "/form", { totalBytes: 4 * KiB, contentLength });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ bytes: 4 * KiB });
    }
    // Received whole before the route ran: it never saw a body still arriving.
    expect(seen.at(-1)).toMatchObject({ path: "/form", startedBeforeEnd: false, ended: "end" });
  });

  it("answers 413 past the limit before the route runs, whatever the framing, and stops reading", async () => {
    const before = seen.length;
    const chunked = await postBigBody(port, "/form", { totalBytes: 50 * 1024 * KiB });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ ok: false, code: "request_too_large" });
    expect(chunked.headers.connection).toBe("close");
    // The client was told long before it sent everything.
    expect(chunked.sent).toBeLessThan(10 * 1024 * KiB);
    const announced = await postBigBody(port, "/form", { totalBytes: 4 * KiB + 1, contentLength: true });
    expect(announced.status).toBe(413);
    expect(seen.length, "no route ran").toBe(before);
  });

  it("applies the route's own limit, first match wins, to the path the router will match", async () => {
    expect((await postBigBody(port, "/small", { totalBytes: 2 * KiB })).status).toBe(413);
    expect((await postBigBody(port, "/other", { totalBytes: 2 * KiB })).status).toBe(200);
    // Percent-encoding or capitals do not escape a rule (React Router matches /SMALL and /%73mall too).
    expect((await postBigBody(port, "/%73MALL", { totalBytes: 2 * KiB })).status).toBe(413);
    expect(limitFor("/api/coupon", BODY_LIMITS, DEFAULT_BODY_LIMIT).maxBytes).toBe(32 * KiB);
    expect(limitFor("/api/paypal/webhook", BODY_LIMITS, DEFAULT_BODY_LIMIT).maxBytes).toBe(64 * KiB);
    expect(limitFor("/contact.data", BODY_LIMITS, DEFAULT_BODY_LIMIT)).toEqual({ maxBytes: 64 * KiB, stream: false });
  });

  it("lets a streaming route read as the body arrives, and fails its stream at the limit", async () => {
    const within = await postBigBody(port, "/upload", { totalBytes: 200 * KiB });
    expect(JSON.parse(within.body)).toEqual({ bytes: 200 * KiB });
    expect(seen.at(-1)).toMatchObject({ path: "/upload", ended: "end" });

    const over = await postBigBody(port, "/upload", { totalBytes: 100 * 1024 * KiB });
    expect(over.status).toBe(413);
    const upload = seen.at(-1)!;
    expect(upload.startedBeforeEnd).toBe(true);
    // The route read at most the limit, and its body failed rather than ended (a cut body never looks whole).
    expect(upload.bytes).toBeLessThanOrEqual(256 * KiB);
    await expect.poll(() => upload.ended, { timeout: 5000 }).toBe("BodyTooLargeError");
  });

  it("keeps reading a refused client's body for a while, so the client reads the 413 instead of a reset", async () => {
    // Half-open allowed: like a browser still uploading, the client keeps sending after the server has finished.
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    await once(socket, "connect");
    let received = "";
    let failure: Error | null = null;
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", (error) => (failure = error));
    socket.write("POST /form HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n");
    const piece = `${(64 * KiB).toString(16)}\r\n${"a".repeat(64 * KiB)}\r\n`;
    const sendFor = async (ms: number) => {
      for (const end = Date.now() + ms; Date.now() < end && !failure;) {
        if (!socket.write(piece)) await Promise.race([once(socket, "drain"), new Promise((r) => setTimeout(r, 50))]);
      }
    };
    await sendFor(300);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    // A client that has not looked at the answer yet keeps sending: the server drops it, without a reset.
    await sendFor(500);
    expect(failure).toBeNull();
    socket.destroy();
  });

  it("leaves requests without a body alone", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/form`, { method: "POST" });
    expect(await response.json()).toEqual({ bytes: 0 });
  });
});
