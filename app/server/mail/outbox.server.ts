import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { emailOutbox, orders } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { isSuppressed, suppressAddress } from "./suppressions.server";

export type OutboxRow = typeof emailOutbox.$inferSelect;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** What the mail is (order_paid, seller_alert, newsletter_confirm…): for the log and the console. */
  kind: string;
  orderId?: string | null;
  lang?: string | null;
  replyTo?: string | null;
  headers?: Record<string, string> | null;
  /** Not sent before this time (a "finish your payment" reminder waits a little). */
  notBefore?: Date;
}

/** A transaction or the database: a notification commits with the change that causes it. */
type Writer = Pick<Db, "insert">;

export async function enqueueMail(db: Writer, mail: OutgoingMail, now: Date): Promise<void> {
  await enqueueMails(db, [mail], now);
}

/** Several mails in one statement; their outbox ids, in order (a campaign hands out its share this way). */
export async function enqueueMails(db: Writer, mails: readonly OutgoingMail[], now: Date): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insert(emailOutbox)
    .values(
      mails.map((mail) => ({
        channel: "email" as const,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        kind: mail.kind,
        orderId: mail.orderId ?? null,
        lang: mail.lang ?? null,
        replyTo: mail.replyTo ?? null,
        headers: mail.headers ?? null,
        nextAttemptAt: mail.notBefore ?? now,
        createdAt: now,
      })),
    )
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

/** A message for the seller's Discord webhook; `text` holds the JSON body Discord receives. */
export async function enqueueDiscord(db: Writer, message: { kind: string; orderId?: string | null; summary: string; body: object }, now: Date): Promise<void> {
  await db.insert(emailOutbox).values({
    channel: "discord",
    to: "seller-discord-webhook",
    subject: message.summary,
    text: JSON.stringify(message.body),
    kind: message.kind,
    orderId: message.orderId ?? null,
    nextAttemptAt: now,
    createdAt: now,
  });
}

/**
 * A message for the community server's webhook (COMMUNITY_DISCORD_WEBHOOK, product announcements),
 * apart from the seller's alert hook; `body` is what Discord receives.
 */
export async function enqueueCommunityDiscord(db: Writer, message: { kind: string; summary: string; body: object }, now: Date): Promise<void> {
  await db.insert(emailOutbox).values({
    channel: "community_discord",
    to: "community-discord-webhook",
    subject: message.summary,
    text: JSON.stringify(message.body),
    kind: message.kind,
    nextAttemptAt: now,
    createdAt: now,
  });
}

type Sender = (row: OutboxRow) => Promise<void>;

/** How each channel is sent; null (or absent) when it is not configured (the row waits in the outbox). */
export interface OutboxSenders {
  email: Sender | null;
  discord: Sender | null;
  community_discord?: Sender | null;
  /** Pushes to the sellers' devices (push/push.server.ts, docs/decisions/053); the row's `to` names the device. */
  push?: Sender | null;
}

/**
 * A sender throws this when the other side says "never" (an SMTP 5xx to RCPT TO or DATA): the row
 * is failed at once, and a mail's address is suppressed for marketing (docs/decisions/044).
 */
export class PermanentRefusal extends Error {
  override name = "PermanentRefusal";
}

/** A sender throws this when the other side says when to come back (Discord's 429 retry_after). */
export class RetryLater extends Error {
  override name = "RetryLater";
  constructor(
    readonly waitMs: number,
    message: string,
  ) {
    super(message);
  }
}

/** After this many failed attempts a row is marked failed and left for the seller to see. */
const MAX_ATTEMPTS = 10;

/** 1 min, 2, 4… capped at 6 h: a short outage delays a mail by minutes, a long one is retried for two days. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/** A row being sent is hidden this long, so a process that dies mid-send does not lose it. */
const CLAIM_MS = 5 * 60_000;

/**
 * A "we received your order" mail that is still unsent when the order is already paid or closed
 * says something untrue: it is skipped instead.
 */
const STALE_WHEN_ORDER_MOVED: Record<string, readonly string[]> = {
  order_received: ["awaiting_payment", "manual_pending"],
  // The unpaid-order reminder (reminders/unpaid.server.ts) is dropped once the order is paid or cancelled.
  order_unpaid_reminder: ["awaiting_payment"],
};

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
  waiting: number;
}

/**
 * Sends the rows that are due, oldest first. Each row is claimed (its next attempt pushed past the
 * claim window, under SKIP LOCKED) before it is sent, so two processes never send the same row;
 * the result is then recorded on the row alone: a failure never touches the order.
 */
export async function deliverDueMail(
  db: Db,
  senders: OutboxSenders,
  {
    now,
    batch = 25,
    only,
  }: { now: Date; batch?: number; /** Only these rows (a campaign's paced share); the rest wait for the next run. */ only?: readonly number[] },
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, skipped: 0, waiting: 0 };
  const channels = (["email", "discord", "community_discord", "push"] as const).filter((c) => senders[c]);
  if (channels.length === 0 || only?.length === 0) return report;
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "pending"),
          lte(emailOutbox.nextAttemptAt, now),
          inArray(emailOutbox.channel, channels),
          only ? inArray(emailOutbox.id, [...only]) : undefined,
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        inArray(
          emailOutbox.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    if ((await isStale(db, row)) || (await isSuppressedMarketing(db, row))) {
      await db.update(emailOutbox).set({ status: "skipped" }).where(eq(emailOutbox.id, row.id));
      report.skipped++;
      continue;
    }
    const send = senders[row.channel];
    if (!send) continue;
    try {
      await send(row);
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: now, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
        .where(eq(emailOutbox.id, row.id));
      report.sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      const refused = error instanceof PermanentRefusal;
      const failed = refused || attempts >= MAX_ATTEMPTS;
      const waitMs = error instanceof RetryLater ? error.waitMs : backoffMs(attempts);
      await db.transaction(async (tx) => {
        await tx
          .update(emailOutbox)
          .set({
            attempts,
            lastError: describe(error),
            status: failed ? "failed" : "pending",
            nextAttemptAt: new Date(now.getTime() + waitMs),
          })
          .where(eq(emailOutbox.id, row.id));
        if (refused && row.channel === "email") await suppressAddress(tx, row.to, "smtp_refused", describe(error), now);
      });
      if (failed) report.failed++;
      else report.retried++;
    }
  }
  return report;
}

/**
 * Marketing mail (it carries the one-click unsubscribe header) to an address suppressed after it was
 * queued — a bounce or complaint arriving mid-campaign — is skipped; transactional mail always goes.
 */
async function isSuppressedMarketing(db: Db, row: OutboxRow): Promise<boolean> {
  if (row.channel !== "email" || !row.headers?.["List-Unsubscribe-Post"]) return false;
  return isSuppressed(db, row.to);
}

async function isStale(db: Db, row: OutboxRow): Promise<boolean> {
  const stillTrueIn = STALE_WHEN_ORDER_MOVED[row.kind];
  if (!stillTrueIn || !row.orderId) return false;
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId));
  return !order || !stillTrueIn.includes(order.status);
}

/** The error's message only, cut short: a transport error may echo the whole message otherwise. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}
