/**
 * A campaign sender in a process of its own, for the kill -9 test
 * (app/server/campaigns/campaign-kill.integration.test.ts): it runs what the server's jobs run —
 * the `send-campaigns` job and the outbox's `send-outbox` — in a tight loop against the database
 * it is given, until the campaign is sent and the outbox holds nothing of it, then exits 0.
 *
 *   node --import tsx tests/processes/campaign-sender.ts
 *   env: DATABASE_URL or DATA_DIR, SMTP_URL, SITE_URL, CAMPAIGN_ID, PER_SECOND, CLOCK_OFFSET_MS
 * Prints one line per run with what it handed out and sent ("run queued=… sent=…").
 */
import { createServer } from "vite";

const vite = await createServer({ appType: "custom", logLevel: "error", server: { middlewareMode: true, hmr: false, ws: false } });
const load = <T>(path: string) => vite.ssrLoadModule(path) as Promise<T>;
const { openDatabase } = await load<typeof import("../../app/server/platform/db.server")>("/app/server/platform/db.server.ts");
const { runCampaigns, getCampaign } = await load<typeof import("../../app/server/campaigns/campaigns.server")>("/app/server/campaigns/campaigns.server.ts");
const { deliverDueMail } = await load<typeof import("../../app/server/mail/outbox.server")>("/app/server/mail/outbox.server.ts");
const { smtpSender } = await load<typeof import("../../app/server/mail/senders.server")>("/app/server/mail/senders.server.ts");
const { testSite } = await load<typeof import("../fixtures/site")>("/tests/fixtures/site.ts");
const { emailOutbox } = await load<typeof import("../../db/schema")>("/db/schema.ts");
const { and, eq, sql } = await import("drizzle-orm");

const env = process.env;
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, dataDir: "unused" } : { dataDir: env.DATA_DIR! });
const site = testSite({ SITE_URL: env.SITE_URL! });
const senders = { email: smtpSender(env.SMTP_URL!, "Trigger Shop <news@shop.test>"), discord: null };
const campaignId = Number(env.CAMPAIGN_ID);
const perSecond = Number(env.PER_SECOND ?? 200);
const offset = Number(env.CLOCK_OFFSET_MS ?? 0);
const now = () => new Date(Date.now() + offset);

console.log("ready");
const debug = (what: string) => env.DEBUG_SENDER && console.log(`${new Date().toISOString()} ${what}`);
for (;;) {
  debug("run");
  const report = await runCampaigns(database.db, senders, site, { now: now(), perSecond });
  debug(`outbox after queued=${report.queued} sent=${report.sent}`);
  // The outbox's own job: rows whose claim ran out (a process died while sending them) go again.
  const outbox = await deliverDueMail(database.db, senders, { now: now(), batch: 100 });
  console.log(`run queued=${report.queued} sent=${report.sent + outbox.sent}`);
  const campaign = await getCampaign(database.db, campaignId);
  const [left] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "campaign"), eq(emailOutbox.status, "pending")));
  if (campaign?.status === "sent" && left?.count === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
console.log("done");
await database.close();
await vite.close();
process.exit(0);
