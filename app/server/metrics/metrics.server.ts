/**
 * What /metrics shows (docs/decisions/032-metrics.md), in prom-client's own Registry per shop (never
 * the global one: tests run several shops in one process). Requests, the render cache, webhooks,
 * login throttles and jobs are counted as they happen; everything read from the database is
 * queried when Prometheus scrapes (one set of queries per scrape), never on a shopper's request.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { sql } from "drizzle-orm";
import { ORDER_STATES } from "~/domain/order-state";
import { queryRows } from "../backup/query.server";
import type { Database } from "../platform/db.server";

export interface JobRunEvent {
  name: string;
  outcome: "ok" | "failed" | "skipped";
  durationMs: number;
  /** How late the run started after its planned time (timers, a busy event loop). */
  lagMs: number;
}

export interface ShopMetrics {
  readonly registry: Registry;
  /** The exposition text, with the database read afresh for this scrape. */
  scrape(): Promise<string>;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  renderCacheLookup(hit: boolean): void;
  webhookVerificationFailed(): void;
  loginThrottled(): void;
  jobRun(event: JobRunEvent): void;
}

interface DatabaseFigures {
  up: boolean;
  ordersByStatus: Map<string, number>;
  ordersWaitingOver24h: number;
  paidRevenueCents: number;
  refundedCents: number;
  outboxPending: number;
  outboxFailed: number;
  outboxOldestPendingSeconds: number;
  lastBackupAt: number;
  lastBackupBytes: number;
}

const OPEN_STATES = ["paid", "in_progress"];
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Everything the gauges show, in one round of queries. */
async function readFigures(database: Database): Promise<DatabaseFigures> {
  const db = database.db;
  const byStatus = await queryRows<{ status: string; n: string }>(db, sql`select status, count(*)::text as n from orders group by status`);
  const [totals] = await queryRows<{ waiting: string; paid: string; refunded: string }>(
    db,
    sql`select
          (select count(*) from orders where status in ('paid', 'in_progress') and paid_at < now() - interval '24 hours')::text as waiting,
          (select coalesce(sum(total_cents), 0) from orders where paid_at is not null)::text as paid,
          (select coalesce(sum(amount_cents), 0) from payments where kind = 'refund')::text as refunded`,
  );
  const [outbox] = await queryRows<{ pending: string; failed: string; oldest: string | null }>(
    db,
    sql`select count(*) filter (where status = 'pending')::text as pending,
               count(*) filter (where status = 'failed')::text as failed,
               extract(epoch from now() - min(created_at) filter (where status = 'pending'))::text as oldest
        from email_outbox`,
  );
  const [backup] = await queryRows<{ at: string | null; size: string | null }>(
    db,
    sql`select extract(epoch from finished_at)::text as at, size_bytes::text as size from backup_runs where status = 'ok' order by finished_at desc limit 1`,
  );
  return {
    up: true,
    ordersByStatus: new Map(byStatus.map((r) => [r.status, Number(r.n)])),
    ordersWaitingOver24h: Number(totals.waiting),
    paidRevenueCents: Number(totals.paid),
    refundedCents: Number(totals.refunded),
    outboxPending: Number(outbox.pending),
    outboxFailed: Number(outbox.failed),
    outboxOldestPendingSeconds: outbox.oldest === null ? 0 : Number(outbox.oldest),
    lastBackupAt: backup?.at ? Number(backup.at) : 0,
    lastBackupBytes: backup?.size ? Number(backup.size) : 0,
  };
}

const DOWN: DatabaseFigures = {
  up: false,
  ordersByStatus: new Map(),
  ordersWaitingOver24h: 0,
  paidRevenueCents: 0,
  refundedCents: 0,
  outboxPending: 0,
  outboxFailed: 0,
  outboxOldestPendingSeconds: 0,
  lastBackupAt: 0,
  lastBackupBytes: 0,
};

export function createShopMetrics(database: Database): ShopMetrics {
  const registry = new Registry();
  // Memory, CPU, handles, GC and event-loop lag (nodejs_eventloop_lag_*), as prom-client measures them.
  collectDefaultMetrics({ register: registry });

  // One round of queries per scrape, shared by every gauge's collect.
  let figures: Promise<DatabaseFigures> | null = null;
  const current = (): Promise<DatabaseFigures> => (figures ??= readFigures(database).catch(() => DOWN));
  const fromDatabase = <T extends "" | string>(name: string, help: string, labelNames: readonly T[], fill: (gauge: Gauge<T>, f: DatabaseFigures) => void) =>
    new Gauge<T>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        fill(this, await current());
      },
    });

  const requests = new Histogram<"route" | "method" | "status">({
    name: "http_request_duration_seconds",
    help: "Requests by route pattern (language prefix folded), method and status, with their latency",
    labelNames: ["route", "method", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const renderCache = new Counter<"result">({
    name: "shop_render_cache_lookups_total",
    help: "Shared pages asked of the render cache: hit (served from memory) or miss (rendered)",
    labelNames: ["result"],
    registers: [registry],
  });
  const webhookFailures = new Counter({
    name: "shop_webhook_verifications_failed_total",
    help: "PayPal webhook deliveries whose signature PayPal did not vouch for",
    registers: [registry],
  });
  const throttled = new Counter({
    name: "shop_login_throttled_total",
    help: "Console logins refused because of earlier failures (the throttle's 429)",
    registers: [registry],
  });
  const jobRuns = new Counter<"job" | "outcome">({
    name: "shop_job_runs_total",
    help: "Background job runs in this process by outcome (skipped: another process held the job's lock)",
    labelNames: ["job", "outcome"],
    registers: [registry],
  });
  const jobDuration = new Histogram<"job">({
    name: "shop_job_duration_seconds",
    help: "How long background job runs took",
    labelNames: ["job"],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const jobLag = new Gauge<"job">({
    name: "shop_job_lag_seconds",
    help: "How late the job's last run started after its planned time",
    labelNames: ["job"],
    registers: [registry],
  });
  const jobLastSuccess = new Gauge<"job">({
    name: "shop_job_last_success_timestamp_seconds",
    help: "When the job last ran to completion in this process",
    labelNames: ["job"],
    registers: [registry],
  });

  fromDatabase("shop_metrics_database_up", "1 when the database answered this scrape's queries", [], (g, f) => g.set(f.up ? 1 : 0));
  fromDatabase("shop_orders", "Orders by status", ["status"], (g, f) => {
    for (const status of ORDER_STATES) g.set({ status }, f.ordersByStatus.get(status) ?? 0);
  });
  fromDatabase("shop_orders_waiting_over_24h", `Orders paid more than 24 hours ago and not delivered (${OPEN_STATES.join(", ")})`, [], (g, f) =>
    g.set(f.ordersWaitingOver24h),
  );
  fromDatabase("shop_paid_revenue_usd", "Total of every paid order, less refunds, in US dollars", [], (g, f) =>
    g.set((f.paidRevenueCents - f.refundedCents) / 100),
  );
  fromDatabase("shop_refunded_usd", "Total refunded, in US dollars", [], (g, f) => g.set(f.refundedCents / 100));
  fromDatabase("shop_outbox_messages", "Notifications in the outbox waiting to be sent (pending) or given up (failed)", ["status"], (g, f) => {
    g.set({ status: "pending" }, f.outboxPending);
    g.set({ status: "failed" }, f.outboxFailed);
  });
  fromDatabase("shop_outbox_oldest_pending_seconds", "Age of the oldest notification still waiting (0 when none)", [], (g, f) =>
    g.set(f.outboxOldestPendingSeconds),
  );
  fromDatabase("shop_backup_last_success_timestamp_seconds", "When the last good backup finished (0 when there is none)", [], (g, f) => g.set(f.lastBackupAt));
  fromDatabase("shop_backup_last_size_bytes", "Size of the last good backup archive", [], (g, f) => g.set(f.lastBackupBytes));

  // PostgreSQL's pool; PGlite serialises queries behind a private mutex that cannot be observed, so nothing is shown for it.
  const pool = database.pool;
  if (pool) {
    new Gauge<"state">({
      name: "shop_db_pool_connections",
      help: "PostgreSQL pool: connections open (total), idle, and queries waiting for one",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
  }

  // Labelled children kept by key: one Map lookup per request instead of prom-client hashing the labels.
  const children = new Map<string, ReturnType<typeof requests.labels>>();
  return {
    registry,
    async scrape() {
      figures = null;
      return registry.metrics();
    },
    observeRequest(route, method, status, seconds) {
      const m = KNOWN_METHODS.has(method) ? method : "other";
      const key = `${route}\u0000${m}\u0000${status}`;
      let child = children.get(key);
      if (!child) {
        child = requests.labels(route, m, String(status));
        children.set(key, child);
      }
      child.observe(seconds);
    },
    renderCacheLookup: (hit) => renderCache.inc({ result: hit ? "hit" : "miss" }),
    webhookVerificationFailed: () => webhookFailures.inc(),
    loginThrottled: () => throttled.inc(),
    jobRun(event) {
      jobRuns.inc({ job: event.name, outcome: event.outcome });
      if (event.outcome === "skipped") return;
      jobDuration.observe({ job: event.name }, event.durationMs / 1000);
      jobLag.set({ job: event.name }, Math.max(0, event.lagMs) / 1000);
      if (event.outcome === "ok") jobLastSuccess.set({ job: event.name }, Date.now() / 1000);
    },
  };
}
