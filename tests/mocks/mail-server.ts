/**
 * The fake for the shop's outgoing notifications, reused by Vitest, Playwright and `npm run dev:mail`:
 * a real SMTP peer on loopback (smtp-server) whose mails are parsed with mailparser, and an HTTP
 * side that stands in for the seller's Discord webhook and lets a test read what arrived.
 *   GET  /messages            every mail received, oldest first (JSON)
 *   GET  /messages/count      how many: {"count": n} (the bench reads it while thousands arrive)
 *   POST /discord/webhook     a Discord webhook delivery (recorded; answers 204 like Discord)
 *   GET  /discord             every webhook body received
 *   POST /discord/community   the community server's webhook (product announcements; recorded apart)
 *   GET  /discord/community   every announcement body received
 *   POST /control             {"failing": true|false}: SMTP refuses (451) and Discord answers 503 while failing;
 *                             {"refuse": ["a@b.c"]}: SMTP answers 550 to RCPT TO for these addresses (permanently);
 *                             {"rateLimit": {"times": n, "retryAfter": seconds}}: the next n webhook posts get 429
 *   DELETE /messages          forgets everything received
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The message as it arrived (for a DKIM check by a library that did not sign it). */
  raw: string;
  receivedAt: string;
}

export interface FakeMail {
  smtpPort: number;
  /** smtp://127.0.0.1:port — the shop's SMTP_URL. */
  smtpUrl: string;
  /** The HTTP side: inbox and Discord webhook. */
  httpUrl: string;
  discordWebhookUrl: string;
  communityWebhookUrl: string;
  readonly mails: ReceivedMail[];
  readonly discord: unknown[];
  readonly community: unknown[];
  /** Webhook posts answered 429 (with when they arrived), for a test of retry_after. */
  readonly rateLimited: { path: string; at: number }[];
  setFailing(failing: boolean): void;
  /** RCPT TO these addresses gets "550 mailbox unavailable" (a permanent refusal). */
  refuse(addresses: string[]): void;
  /** The next `times` webhook posts are answered 429 with this retry_after (seconds). */
  rateLimit(times: number, retryAfter: number): void;
  reset(): void;
  close(): Promise<void>;
}

export interface FakeMailOptions {
  smtpPort?: number;
  httpPort?: number;
  /** Called with each mail as it arrives (the dev launcher prints it). */
  onMail?: (mail: ReceivedMail) => void;
}

function addresses(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry: { value?: { address?: string }[] }) => (entry.value ?? []).map((a) => a.address ?? "")).filter(Boolean);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : null;
}

export async function startFakeMail({ smtpPort = 0, httpPort = 0, onMail }: FakeMailOptions = {}): Promise<FakeMail> {
  const mails: ReceivedMail[] = [];
  const discord: unknown[] = [];
  const community: unknown[] = [];
  const rateLimited: { path: string; at: number }[] = [];
  let refused = new Set<string>();
  let limit = { times: 0, retryAfter: 0 };
  let failing = false;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error("Fake mail server: 5.1.1 mailbox unavailable"), { responseCode: 550 });
        return callback(error);
      }
      if (failing) {
        const error = Object.assign(new Error("Fake mail server: temporarily failing"), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.on("end", () => resolve(Buffer.concat(chunks)));
        stream.on("error", reject);
      })
        .then(async (source) => ({ parsed: await simpleParser(source), raw: source.toString("utf8") }))
        .then(({ parsed, raw }) => {
          const headers: Record<string, string> = {};
          for (const [key, value] of parsed.headers) headers[key] = typeof value === "string" ? value : JSON.stringify(value);
          for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(":") + 1).trim();
          const mail: ReceivedMail = {
            to: addresses(parsed.to),
            from: addresses(parsed.from)[0] ?? "",
            replyTo: addresses(parsed.replyTo)[0] ?? null,
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers,
            raw,
            receivedAt: new Date().toISOString(),
          };
          mails.push(mail);
          onMail?.(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(smtpPort, "127.0.0.1", () => resolve());
  });
  const actualSmtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((req, res) => {
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const path = (req.url ?? "/").split("?")[0];
    void (async () => {
      if (req.method === "GET" && path === "/messages") return send(200, mails);
      if (req.method === "GET" && path === "/messages/count") return send(200, { count: mails.length });
      if (req.method === "DELETE" && path === "/messages") {
        mails.length = 0;
        discord.length = 0;
        community.length = 0;
        rateLimited.length = 0;
        return send(204);
      }
      if (req.method === "GET" && path === "/discord") return send(200, discord);
      if (req.method === "GET" && path === "/discord/community") return send(200, community);
      if (req.method === "POST" && (path === "/discord/webhook" || path === "/discord/community")) {
        const body = await readJson(req);
        if (failing) return send(503, { message: "failing" });
        if (limit.times > 0) {
          limit.times--;
          rateLimited.push({ path, at: Date.now() });
          // Discord's shape: retry_after in seconds in the body, and the same in Retry-After.
          res.writeHead(429, { "Content-Type": "application/json", "Retry-After": String(Math.ceil(limit.retryAfter)) });
          return res.end(JSON.stringify({ message: "You are being rate limited.", retry_after: limit.retryAfter, global: false }));
        }
        (path === "/discord/webhook" ? discord : community).push(body);
        return send(204);
      }
      if (req.method === "POST" && path === "/control") {
        const body = (await readJson(req)) as { failing?: boolean; refuse?: string[]; rateLimit?: { times: number; retryAfter: number } } | null;
        if (body?.refuse) refused = new Set(body.refuse.map((a) => a.toLowerCase()));
        else if (body?.rateLimit) limit = { ...body.rateLimit };
        else failing = body?.failing === true;
        return send(200, { failing });
      }
      send(404, { error: "not found" });
    })().catch((error: Error) => send(400, { error: error.message }));
  });
  await new Promise<void>((resolve) => http.listen(httpPort, "127.0.0.1", () => resolve()));
  const httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    smtpPort: actualSmtpPort,
    smtpUrl: `smtp://127.0.0.1:${actualSmtpPort}`,
    httpUrl,
    discordWebhookUrl: `${httpUrl}/discord/webhook`,
    communityWebhookUrl: `${httpUrl}/discord/community`,
    mails,
    discord,
    community,
    rateLimited,
    setFailing(value) {
      failing = value;
    },
    refuse(addresses) {
      refused = new Set(addresses.map((a) => a.toLowerCase()));
    },
    rateLimit(times, retryAfter) {
      limit = { times, retryAfter };
    },
    reset() {
      mails.length = 0;
      discord.length = 0;
      community.length = 0;
      rateLimited.length = 0;
      refused = new Set();
      limit = { times: 0, retryAfter: 0 };
      failing = false;
    },
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
