import { disputeJob } from "./disputes/disputes.server";
import { DEFAULT_RETENTION } from "~/domain/privacy";
import type { Job } from "./platform/jobs.server";
import { alertLateOrders } from "./orders/late-orders.server";
import { pushEarlyLateOrders } from "./push/push.server";
import { deleteExpiredLogins } from "./login-handoff/retention.server";
import { deliverDueMail } from "./mail/outbox.server";
import { runCampaigns } from "./campaigns/campaigns.server";
import { expireUnpaidOrders } from "./orders/orders.server";
import { sweepPayments } from "./payments/payments.server";
import { applyRetention } from "./privacy/retention.server";
import { pruneRateLimits } from "./platform/rate-limit.server";
import { pruneLoginThrottles } from "./seller-auth/login-throttle.server";
import { pruneSessions } from "./seller-auth/sessions.server";
import { sweepRestockAlerts } from "./reminders/restock.server";
import { remindUnpaidOrders } from "./reminders/unpaid.server";
import { publishScheduled } from "./catalogue/console-products.server";
import type { Services } from "./services.server";

/** UNPAID_REMINDER_MINUTES's default (env.server.ts): an hour after the order, if still unpaid. */
const DEFAULT_UNPAID_REMINDER_MINUTES = 60;

/** How often the outbox is read: a notification waits at most this long after its change commits. */
export const OUTBOX_INTERVAL_MS = 5_000;

/** How often scheduled products are looked for: one goes on sale at most this long after its time. */
export const PUBLISH_INTERVAL_MS = 10_000;

/** Campaigns are paced from one run to the next: a second apart keeps the flow even. */
export const CAMPAIGN_INTERVAL_MS = 1_000;

/**
 * Every background job the server runs; add new ones here. PayPal's sweep needs its adapter (null
 * without credentials); the outbox its senders (a channel without settings keeps its rows waiting);
 * the seller's alerts the site (links, addresses); the unpaid-order reminder its delay from the
 * environment (UNPAID_REMINDER_MINUTES, its default when no env is given; 0 = no reminder job).
 */
export function serverJobs({
  paypal,
  mail: senders,
  site,
  retention = DEFAULT_RETENTION,
  privateFiles,
  env,
}: Pick<Services, "paypal" | "mail" | "site"> &
  Partial<Pick<Services, "retention" | "privateFiles">> & {
    env?: Partial<Pick<Services["env"], "UNPAID_REMINDER_MINUTES" | "CAMPAIGN_MAILS_PER_SECOND">>;
  }): Job[] {
  const unpaidReminderMinutes = env?.UNPAID_REMINDER_MINUTES ?? DEFAULT_UNPAID_REMINDER_MINUTES;
  const perSecond = env?.CAMPAIGN_MAILS_PER_SECOND ?? 5;
  return [
    { name: "send-outbox", intervalMs: OUTBOX_INTERVAL_MS, jitter: 0.2, run: async (db, now) => void (await deliverDueMail(db, senders, { now: now() })) },
    // Windows older than a day are never read again; an hourly sweep keeps the table small.
    { name: "prune-rate-limits", intervalMs: 60 * 60_000, jitter: 0.1, run: (db, now) => pruneRateLimits(db, now()) },
    // Paid orders past the 24-hour promise: the seller is alerted once (the status page says so).
    { name: "alert-late-orders", intervalMs: 10 * 60_000, jitter: 0.2, run: async (db, now) => void (await alertLateOrders(db, site, now())) },
    paypal
      ? // Orders the buyer approved but nobody captured, or whose capture answer was lost, are settled
        // first; then unpaid orders older than 24 h are cancelled so their coupon uses go back.
        { name: "settle-and-expire-orders", intervalMs: 3 * 60_000, jitter: 0.2, run: (db, now) => sweepPayments(db, site, paypal, now()) }
      : { name: "expire-unpaid-orders", intervalMs: 10 * 60_000, jitter: 0.2, run: async (db, now) => void (await expireUnpaidOrders(db, site, now())) },
    // Ended console sessions and day-old login failures are refused anyway; this only keeps the tables small.
    {
      name: "prune-seller-sessions",
      intervalMs: 60 * 60_000,
      jitter: 0.1,
      run: async (db, now) => {
        await pruneSessions(db, now());
        await pruneLoginThrottles(db, now());
      },
    },
    // PayPal disputes: details read again while open, and the seller alerted two days before an answer is due.
    { name: "disputes", intervalMs: 30 * 60_000, jitter: 0.2, run: (db, now) => disputeJob(db, site, paypal, now()) },
    // Game logins never outlive 7 days after payment, whatever happens to the order (docs/decisions/022).
    { name: "delete-expired-logins", intervalMs: 10 * 60_000, jitter: 0.2, run: async (db, now) => void (await deleteExpiredLogins(db, now())) },
    // "Order past 12 h" to the sellers' phones (docs/decisions/053).
    { name: "push-late-orders", intervalMs: 10 * 60_000, jitter: 0.2, run: async (db, now) => void (await pushEarlyLateOrders(db, now())) },
    // The retention policy (docs/decisions/041): finished orders past RETENTION_ORDER_MONTHS pseudonymised,
    // visits and rate-limit rows past RETENTION_VISIT_DAYS deleted, waiting delete requests applied.
    {
      name: "privacy-retention",
      intervalMs: 6 * 60 * 60_000,
      jitter: 0.1,
      run: async (db, now) => void (await applyRetention(db, retention, now(), privateFiles)),
    },
    // Back-in-stock alerts are mailed by the console's save; this catches any a stopped process left waiting (docs/decisions/045).
    { name: "restock-alerts", intervalMs: 10 * 60_000, jitter: 0.2, run: async (db, now) => void (await sweepRestockAlerts(db, site, now())) },
    // One "finish your payment" mail per unpaid PayPal order, UNPAID_REMINDER_MINUTES after it was placed (0: none).
    ...(unpaidReminderMinutes > 0
      ? [
          {
            name: "remind-unpaid-orders",
            intervalMs: 2 * 60_000,
            jitter: 0.2,
            run: async (db, now) => void (await remindUnpaidOrders(db, site, unpaidReminderMinutes, now())),
          } satisfies Job,
        ]
      : []),
    // Scheduled products go on sale within PUBLISH_INTERVAL_MS of their time (issue 33): one UPDATE over the small products table.
    { name: "publish-products", intervalMs: PUBLISH_INTERVAL_MS, jitter: 0.1, run: async (db, now) => void (await publishScheduled(db, now())) },
    // Campaigns: scheduled ones start, sending ones hand their paced share to the outbox (docs/decisions/046).
    {
      name: "send-campaigns",
      intervalMs: CAMPAIGN_INTERVAL_MS,
      jitter: 0,
      run: async (db, now) => void (await runCampaigns(db, senders, site, { now: now(), perSecond })),
    },
  ];
}
