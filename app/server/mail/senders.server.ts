import nodemailer from "nodemailer";
import type { OutboxRow, OutboxSenders } from "./outbox.server";

export interface SenderSettings {
  SMTP_URL?: string;
  MAIL_FROM: string;
  SELLER_DISCORD_WEBHOOK?: string;
}

/** Sends a mail row through SMTP_URL (nodemailer keeps a pooled connection between rows). */
export function smtpSender(smtpUrl: string, from: string): (row: OutboxRow) => Promise<void> {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (row) => {
    await transport.sendMail({
      from,
      to: row.to,
      replyTo: row.replyTo ?? undefined,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      headers: row.headers ?? undefined,
    });
  };
}

const DISCORD_TIMEOUT_MS = 10_000;

/** Posts a discord row's JSON body to the seller's webhook; anything but 2xx is a failure to retry. */
export function discordSender(webhookUrl: string, fetchImpl: typeof fetch = fetch): (row: OutboxRow) => Promise<void> {
  return async (row) => {
    const response = await fetchImpl(webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: row.text,
      signal: AbortSignal.timeout(DISCORD_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Discord webhook answered ${response.status}`);
  };
}

/** The senders this environment configures; a channel without settings keeps its rows waiting. */
export function outboxSenders(env: SenderSettings): OutboxSenders {
  return {
    email: env.SMTP_URL ? smtpSender(env.SMTP_URL, env.MAIL_FROM) : null,
    discord: env.SELLER_DISCORD_WEBHOOK ? discordSender(env.SELLER_DISCORD_WEBHOOK) : null,
  };
}
