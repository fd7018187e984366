import type { Transporter } from "nodemailer";
import { PermanentRefusal, RetryLater, type OutboxRow, type OutboxSenders } from "./outbox.server";

export interface SenderSettings {
  SMTP_URL?: string;
  MAIL_FROM: string;
  SELLER_DISCORD_WEBHOOK?: string;
  COMMUNITY_DISCORD_WEBHOOK?: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
}

/** What nodemailer signs every message with (docs/decisions/044). */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export function dkimSettings(env: Pick<SenderSettings, "DKIM_DOMAIN" | "DKIM_SELECTOR" | "DKIM_PRIVATE_KEY">): DkimSettings | null {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY) return null;
  return { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY };
}

/** SMTP commands whose 5xx answer is about this recipient or this message, not about our connection. */
const RECIPIENT_COMMANDS = /^(RCPT|DATA)/i;

interface SmtpError {
  responseCode?: number;
  command?: string;
  response?: string;
  message?: string;
}

/**
 * A 5xx answer to RCPT TO or DATA is the receiving server saying "never": the address does not exist,
 * the mailbox is closed, the message is refused. Anything else (4xx, a dropped connection, a 5xx to
 * our login or MAIL FROM, which is about our own set-up) is worth retrying.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const e = error as SmtpError | null;
  const code = e?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600 && RECIPIENT_COMMANDS.test(e?.command ?? "");
}

/** Sends a mail row through SMTP_URL (nodemailer keeps a pooled connection between rows), DKIM-signed when configured. */
export function smtpSender(smtpUrl: string, from: string, dkim: DkimSettings | null = null): (row: OutboxRow) => Promise<void> {
  // nodemailer is loaded with the first mail, not when the server starts (≈ 12 MB resident;
  // docs/decisions/061); the transport is made once and kept.
  let transport: Promise<Transporter> | undefined;
  return async (row) => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    const mailer = await transport;
    try {
      await mailer.sendMail({
        from,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        headers: row.headers ?? undefined,
        ...(dkim ? { dkim } : {}),
      });
    } catch (error) {
      if (isPermanentRefusal(error)) {
        const e = error as SmtpError;
        throw new PermanentRefusal(`${e.responseCode} on ${e.command}: ${e.response ?? e.message ?? ""}`.trim());
      }
      throw error;
    }
  };
}

const DISCORD_TIMEOUT_MS = 10_000;
/** Discord's 429 says how long to wait; a missing or silly value waits this long. */
const DISCORD_DEFAULT_WAIT_MS = 5_000;
const DISCORD_MAX_WAIT_MS = 15 * 60_000;

/** How long Discord asks us to wait: `retry_after` (seconds) in the JSON body, else the Retry-After header. */
async function retryAfterMs(response: Response): Promise<number> {
  let seconds: number | undefined;
  try {
    const body = (await response.json()) as { retry_after?: unknown };
    if (typeof body?.retry_after === "number") seconds = body.retry_after;
  } catch {
    // Not JSON: the header may still say.
  }
  if (seconds === undefined) {
    const header = Number(response.headers.get("retry-after"));
    if (Number.isFinite(header)) seconds = header;
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return DISCORD_DEFAULT_WAIT_MS;
  return Math.min(Math.ceil(seconds * 1000), DISCORD_MAX_WAIT_MS);
}

/**
 * Posts a discord row's JSON body to a webhook. A 429 becomes RetryLater with Discord's retry_after
 * (the outbox waits exactly that long); anything else but 2xx is a failure to retry with backoff.
 */
export function discordSender(webhookUrl: string, fetchImpl: typeof fetch = fetch): (row: OutboxRow) => Promise<void> {
  return async (row) => {
    const response = await fetchImpl(webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: row.text,
      signal: AbortSignal.timeout(DISCORD_TIMEOUT_MS),
    });
    if (response.status === 429) throw new RetryLater(await retryAfterMs(response), "Discord webhook answered 429");
    if (!response.ok) throw new Error(`Discord webhook answered ${response.status}`);
  };
}

/** The senders this environment configures; a channel without settings keeps its rows waiting. */
export function outboxSenders(env: SenderSettings): OutboxSenders {
  return {
    email: env.SMTP_URL ? smtpSender(env.SMTP_URL, env.MAIL_FROM, dkimSettings(env)) : null,
    discord: env.SELLER_DISCORD_WEBHOOK ? discordSender(env.SELLER_DISCORD_WEBHOOK) : null,
    community_discord: env.COMMUNITY_DISCORD_WEBHOOK ? discordSender(env.COMMUNITY_DISCORD_WEBHOOK) : null,
  };
}
