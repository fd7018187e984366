/**
 * A fake Amazon SNS for the SES bounce webhook (docs/decisions/044), like the fake PayPal: its own
 * RSA key and self-signed certificate (made with openssl for the test run), the certificate served
 * over loopback HTTP at a `.pem` path as SNS serves it, a subscription link that records its visit,
 * and messages signed exactly as SNS signs them (SignatureVersion 1 or 2). Point the shop at it with
 * SES_SNS_CERT_HOST="127\.0\.0\.1:<port>".
 *   GET /SimpleNotificationService-fake.pem     the signing certificate
 *   GET /confirm?Token=…                        SubscribeURL (each visit recorded in `confirmed`)
 */
import { execFileSync } from "node:child_process";
import { createSign, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { snsStringToSign } from "~/server/mail/ses-notifications.server";

export interface FakeSns {
  /** The regular expression for SES_SNS_CERT_HOST that lets this fake in. */
  certHostPattern: string;
  origin: string;
  certUrl: string;
  /** Tokens whose SubscribeURL was visited. */
  readonly confirmed: string[];
  /** A signed SNS message (a JSON string, as SNS posts it). */
  message(fields: SignedFields, options?: SignOptions): string;
  bounce(topicArn: string, email: string, options?: SignOptions & { bounceType?: string }): string;
  complaint(topicArn: string, email: string, options?: SignOptions): string;
  subscriptionConfirmation(topicArn: string, options?: SignOptions & { subscribeUrl?: string }): string;
  close(): Promise<void>;
}

export interface SignedFields {
  Type: "Notification" | "SubscriptionConfirmation" | "UnsubscribeConfirmation";
  TopicArn: string;
  Message: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

export interface SignOptions {
  signatureVersion?: "1" | "2";
  /** Sign with another key than the served certificate's (a forgery). */
  forgeKey?: boolean;
  /** Name another certificate URL (a host the shop must not fetch from). */
  certUrl?: string;
}

function makeKeys(): { key: string; cert: string; otherKey: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "fake-sns-"));
  try {
    const run = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    run(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "cert.pem", "-days", "2", "-subj", "/CN=sns.fake.amazonaws.com"]);
    run(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "other.pem"]);
    const read = (name: string) => readFileSync(path.join(dir, name), "utf8");
    return { key: read("key.pem"), cert: read("cert.pem"), otherKey: read("other.pem") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startFakeSns(): Promise<FakeSns> {
  const { key, cert, otherKey } = makeKeys();
  const confirmed: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/SimpleNotificationService-fake.pem") {
      res.writeHead(200, { "Content-Type": "application/x-pem-file" });
      return res.end(cert);
    }
    if (req.method === "GET" && url.pathname === "/confirm") {
      confirmed.push(url.searchParams.get("Token") ?? "");
      res.writeHead(200, { "Content-Type": "text/xml" });
      return res.end("<ConfirmSubscriptionResponse/>");
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const certUrl = `${origin}/SimpleNotificationService-fake.pem`;

  const message = (fields: SignedFields, options: SignOptions = {}): string => {
    const version = options.signatureVersion ?? "2";
    const body = {
      ...fields,
      MessageId: randomUUID(),
      Timestamp: new Date().toISOString(),
      SignatureVersion: version,
      SigningCertURL: options.certUrl ?? certUrl,
    };
    const signature = createSign(version === "1" ? "RSA-SHA1" : "RSA-SHA256")
      .update(snsStringToSign(body), "utf8")
      .sign(options.forgeKey ? otherKey : key, "base64");
    return JSON.stringify({ ...body, Signature: signature });
  };
  const ses = (topicArn: string, event: object, options?: SignOptions) =>
    message({ Type: "Notification", TopicArn: topicArn, Message: JSON.stringify(event) }, options);

  return {
    certHostPattern: `127\\.0\\.0\\.1:${port}`,
    origin,
    certUrl,
    confirmed,
    message,
    bounce: (topicArn, email, options = {}) =>
      ses(
        topicArn,
        {
          notificationType: "Bounce",
          bounce: {
            bounceType: options.bounceType ?? "Permanent",
            bounceSubType: "General",
            bouncedRecipients: [{ emailAddress: email, action: "failed", status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 user unknown" }],
            timestamp: new Date().toISOString(),
          },
          mail: { destination: [email], messageId: randomUUID() },
        },
        options,
      ),
    complaint: (topicArn, email, options) =>
      ses(
        topicArn,
        {
          notificationType: "Complaint",
          complaint: { complainedRecipients: [{ emailAddress: email }], complaintFeedbackType: "abuse", timestamp: new Date().toISOString() },
          mail: { destination: [email], messageId: randomUUID() },
        },
        options,
      ),
    subscriptionConfirmation: (topicArn, options = {}) => {
      const token = randomUUID();
      return message(
        {
          Type: "SubscriptionConfirmation",
          TopicArn: topicArn,
          Token: token,
          Message: `You have chosen to subscribe to the topic ${topicArn}.`,
          SubscribeURL: options.subscribeUrl ?? `${origin}/confirm?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(topicArn)}&Token=${token}`,
        },
        options,
      );
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
