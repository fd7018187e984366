/**
 * Amazon SES bounces and complaints, delivered by SNS to POST /api/ses/notifications
 * (docs/decisions/044). Nothing is believed before its signature is: the message's SigningCertURL
 * must be on SNS's own host (`sns.<region>.amazonaws.com`, SES_SNS_CERT_HOST), over https, and the
 * certificate it serves must verify the signature (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA)
 * over SNS's canonical string; the TopicArn must be one of SES_SNS_TOPIC_ARN (anybody with an AWS
 * account can sign SNS messages for a topic of their own). Then a permanent bounce or a complaint
 * suppresses its addresses for marketing; transient bounces and deliveries change nothing.
 */
import { createPublicKey, createVerify, type KeyObject } from "node:crypto";
import type { Db } from "../platform/db.server";
import { suppressAddress } from "./suppressions.server";

export interface SnsSettings {
  /** The topics SES publishes to; a message from any other topic is refused. */
  topicArns: readonly string[];
  /** Hosts (host[:port]) certificates and subscription links may come from; matched whole. */
  certHost: RegExp;
  fetch: typeof fetch;
}

/** The settings from the environment, or null when SES_SNS_TOPIC_ARN is unset (the endpoint is off). */
export function snsSettings(env: { SES_SNS_TOPIC_ARN?: string; SES_SNS_CERT_HOST: string }, fetchImpl: typeof fetch = fetch): SnsSettings | null {
  if (!env.SES_SNS_TOPIC_ARN) return null;
  return {
    topicArns: env.SES_SNS_TOPIC_ARN.split(",").map((arn) => arn.trim()),
    certHost: new RegExp(`^(?:${env.SES_SNS_CERT_HOST})$`, "i"),
    fetch: fetchImpl,
  };
}

export type SnsOutcome =
  /** A bounce or complaint: these addresses are suppressed now. */
  | { kind: "suppressed"; addresses: string[] }
  /** Verified, but nothing to do (a transient bounce, a delivery, an unsubscribe confirmation). */
  | { kind: "ignored" }
  /** A subscription confirmed by visiting its SubscribeURL. */
  | { kind: "confirmed" }
  /** Not JSON, or not an SNS message. */
  | { kind: "invalid"; why: string }
  /** The signature, the certificate's host or the topic is wrong: nothing was changed. */
  | { kind: "forged"; why: string }
  /** The certificate or the SubscribeURL could not be fetched: SNS should try again. */
  | { kind: "unavailable"; why: string };

interface SnsMessage {
  Type: "Notification" | "SubscriptionConfirmation" | "UnsubscribeConfirmation";
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

const TYPES = new Set(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]);
const REQUIRED = ["Type", "MessageId", "TopicArn", "Message", "Timestamp", "SignatureVersion", "Signature", "SigningCertURL"] as const;

function parseMessage(rawBody: string): SnsMessage | string {
  let value: unknown;
  try {
    value = JSON.parse(rawBody);
  } catch {
    return "not JSON";
  }
  if (!value || typeof value !== "object") return "not an object";
  const record = value as Record<string, unknown>;
  for (const key of REQUIRED) if (typeof record[key] !== "string") return `no ${key}`;
  for (const key of ["Subject", "Token", "SubscribeURL"])
    if (record[key] !== undefined && record[key] !== null && typeof record[key] !== "string") return `bad ${key}`;
  if (!TYPES.has(record.Type as string)) return "unknown Type";
  return record as unknown as SnsMessage;
}

/** SNS's canonical string: the listed fields, each as "Name\nvalue\n", in this order, absent ones left out. */
export function snsStringToSign(message: Pick<SnsMessage, "Type"> & Partial<SnsMessage>): string {
  const fields =
    message.Type === "Notification"
      ? (["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"] as const)
      : (["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"] as const);
  return fields
    .filter((name) => typeof message[name] === "string")
    .map((name) => `${name}\n${message[name]}\n`)
    .join("");
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * A URL the shop may fetch for SNS: the configured host, over https (plain http only on loopback,
 * for the test fake, and only when the host pattern lets it in).
 */
export function isSnsUrl(settings: Pick<SnsSettings, "certHost">, value: string, pem = false): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
  if (!secure || !settings.certHost.test(url.host)) return false;
  return !pem || url.pathname.endsWith(".pem");
}

const FETCH_TIMEOUT_MS = 5_000;
/** Certificates by URL: SNS signs with few, long-lived ones. Kept small: a handful of regions. */
const certificates = new Map<string, KeyObject>();
const MAX_CACHED = 16;

async function signingKey(settings: SnsSettings, url: string): Promise<KeyObject | "unavailable" | "bad"> {
  const cached = certificates.get(url);
  if (cached) return cached;
  let pem: string;
  try {
    const response = await settings.fetch(url, { redirect: "error", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) return "unavailable";
    pem = await response.text();
  } catch {
    return "unavailable";
  }
  if (!pem.includes("-----BEGIN CERTIFICATE-----")) return "bad";
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    return "bad";
  }
  if (certificates.size >= MAX_CACHED) certificates.delete(certificates.keys().next().value!);
  certificates.set(url, key);
  return key;
}

/** Whether the message is SNS's, from an allowed topic; the reason when not. */
async function verify(settings: SnsSettings, message: SnsMessage): Promise<{ ok: true } | { ok: false; outcome: SnsOutcome }> {
  const forged = (why: string) => ({ ok: false as const, outcome: { kind: "forged" as const, why } });
  if (!settings.topicArns.includes(message.TopicArn)) return forged("topic not configured");
  const algorithm = message.SignatureVersion === "1" ? "RSA-SHA1" : message.SignatureVersion === "2" ? "RSA-SHA256" : null;
  if (!algorithm) return forged("unknown SignatureVersion");
  if (!isSnsUrl(settings, message.SigningCertURL, true)) return forged("certificate not on an SNS host");
  const key = await signingKey(settings, message.SigningCertURL);
  if (key === "unavailable") return { ok: false, outcome: { kind: "unavailable", why: "certificate unreachable" } };
  if (key === "bad") return forged("not a certificate");
  let valid: boolean;
  try {
    valid = createVerify(algorithm).update(snsStringToSign(message), "utf8").verify(key, message.Signature, "base64");
  } catch {
    valid = false;
  }
  return valid ? { ok: true } : forged("bad signature");
}

interface SesRecipient {
  emailAddress?: unknown;
  diagnosticCode?: unknown;
}

interface SesEvent {
  notificationType?: unknown;
  eventType?: unknown;
  bounce?: { bounceType?: unknown; bounceSubType?: unknown; bouncedRecipients?: SesRecipient[] };
  complaint?: { complaintFeedbackType?: unknown; complainedRecipients?: SesRecipient[] };
}

const looksLikeAddress = (value: unknown): value is string => typeof value === "string" && value.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(value);

/** The addresses an SES event asks us to stop marketing to, with why. */
export function suppressionsFromSes(event: SesEvent): { email: string; reason: "bounce" | "complaint"; detail: string | null }[] {
  const type = event.notificationType ?? event.eventType;
  if (type === "Bounce" && event.bounce?.bounceType === "Permanent") {
    const sub = typeof event.bounce.bounceSubType === "string" ? event.bounce.bounceSubType : "";
    return (event.bounce.bouncedRecipients ?? [])
      .filter((r) => looksLikeAddress(r?.emailAddress))
      .map((r) => ({
        email: r.emailAddress as string,
        reason: "bounce" as const,
        detail: typeof r.diagnosticCode === "string" ? r.diagnosticCode : `Permanent${sub ? ` (${sub})` : ""}`,
      }));
  }
  if (type === "Complaint") {
    const feedback = typeof event.complaint?.complaintFeedbackType === "string" ? event.complaint.complaintFeedbackType : null;
    return (event.complaint?.complainedRecipients ?? [])
      .filter((r) => looksLikeAddress(r?.emailAddress))
      .map((r) => ({ email: r.emailAddress as string, reason: "complaint" as const, detail: feedback ? `Complaint: ${feedback}` : "Complaint" }));
  }
  return [];
}

/** One delivery to the webhook, from its raw body to what it changed. Never throws for bad input. */
export async function handleSnsDelivery(db: Db, settings: SnsSettings, rawBody: string, now: Date): Promise<SnsOutcome> {
  const message = parseMessage(rawBody);
  if (typeof message === "string") return { kind: "invalid", why: message };
  const verified = await verify(settings, message);
  if (!verified.ok) return verified.outcome;
  if (message.Type === "SubscriptionConfirmation") {
    if (!message.SubscribeURL || !isSnsUrl(settings, message.SubscribeURL)) return { kind: "forged", why: "SubscribeURL not on an SNS host" };
    try {
      const response = await settings.fetch(message.SubscribeURL, { redirect: "error", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) return { kind: "unavailable", why: `SubscribeURL answered ${response.status}` };
    } catch {
      return { kind: "unavailable", why: "SubscribeURL unreachable" };
    }
    return { kind: "confirmed" };
  }
  if (message.Type === "UnsubscribeConfirmation") return { kind: "ignored" };
  let event: SesEvent;
  try {
    event = JSON.parse(message.Message) as SesEvent;
  } catch {
    return { kind: "ignored" };
  }
  if (!event || typeof event !== "object") return { kind: "ignored" };
  const found = suppressionsFromSes(event);
  if (found.length === 0) return { kind: "ignored" };
  await db.transaction(async (tx) => {
    for (const s of found) await suppressAddress(tx, s.email, s.reason, s.detail, now);
  });
  return { kind: "suppressed", addresses: found.map((s) => s.email.toLowerCase()) };
}
