import { createHash } from "node:crypto";
import type { Database, Db } from "./db.server";
import { safeErrorSerializer } from "./safe-error.server";

/** Background work that runs at start and then every interval (register it in jobs/index.server.ts). */
export interface Job {
  /** Unique; it also names the job's lock, so every process sharing the database agrees on it. */
  name: string;
  intervalMs: number;
  /**
   * Up to this fraction of the interval is added at random to each wait (0.1 → 60 to 66 minutes for
   * an hourly job), so processes started together drift apart instead of contending every time.
   */
  jitter: number;
  /** `now` is the runner's clock (services.now): a job reads the time from it, never from the system clock. */
  run(db: Db, now: () => Date): Promise<void>;
}

/** Runs `fn` unless another process is running the same job; resolves false when it was skipped. */
export type JobLock = (name: string, fn: () => Promise<void>) => Promise<boolean>;

/** Pino's logger fits; tests pass a spy. */
export interface JobLogger {
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  jobs: readonly Job[];
  lock: JobLock;
  /** The clock handed to every run (services.now; a test passes its own). */
  now: () => Date;
  logger?: JobLogger;
  /** Math.random by default; tests fix it to check the jitter. */
  random?: () => number;
  /** Told of every run (ok, failed, or skipped for another process's lock): /metrics counts them. */
  onRun?: (event: { name: string; outcome: "ok" | "failed" | "skipped"; durationMs: number; lagMs: number }) => void;
}

export interface JobRunner {
  /** Clears every timer and resolves once the jobs running now have finished. */
  stop(): Promise<void>;
}

const consoleLogger: JobLogger = {
  error: (details, message) => console.error(message, { ...details, err: safeErrorSerializer((details as { err?: unknown }).err) }),
};

/**
 * Runs each job at start and then `intervalMs` (plus jitter) after the previous run ended, so a slow
 * run never overlaps the next one in this process; the lock keeps other processes out. A failing run
 * is logged and the job is simply tried again at its next time.
 */
export function startJobs({ db, jobs, lock, now, logger = consoleLogger, random = Math.random, onRun }: JobRunnerOptions): JobRunner {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    if (!(job.intervalMs > 0)) throw new Error(`Job ${job.name} needs a positive interval`);
    names.add(job.name);
  }

  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const running = new Set<Promise<void>>();

  async function runOnce(job: Job, lagMs: number): Promise<void> {
    const started = Date.now();
    let outcome: "ok" | "failed" | "skipped";
    try {
      outcome = (await lock(job.name, () => job.run(db, now))) ? "ok" : "skipped";
    } catch (error) {
      outcome = "failed";
      logger.error({ err: error, job: job.name }, `Job ${job.name} failed`);
    }
    onRun?.({ name: job.name, outcome, durationMs: Date.now() - started, lagMs });
  }

  function schedule(job: Job, delayMs: number): void {
    const due = Date.now() + delayMs;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = runOnce(job, Date.now() - due).finally(() => {
        running.delete(run);
        if (!stopped) schedule(job, job.intervalMs * (1 + job.jitter * random()));
      });
      running.add(run);
    }, delayMs);
    // Timers alone never keep the process alive; the HTTP server does.
    timer.unref?.();
    timers.add(timer);
  }

  for (const job of jobs) schedule(job, 0);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}

/** Jobs running at once on PostgreSQL: each holds one pool connection for its lock (pool max 10). */
const JOBS_AT_ONCE = 3;

/** A stable 64-bit advisory lock key per job name (a hash: names are free text). */
function lockKey(name: string): string {
  return createHash("sha256").update(`trigger-shop job ${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * On PostgreSQL, a session advisory lock held on a connection of its own while the job runs on the
 * ordinary pool, so the job may commit its work in as many transactions as it likes. If that
 * connection breaks, the server ends the session and frees the lock. The embedded database has
 * a single process, which never overlaps a job with itself: no lock is needed.
 */
export function jobLock(database: Pick<Database, "pool">): JobLock {
  const pool = database.pool;
  if (!pool) {
    return async (_name, fn) => {
      await fn();
      return true;
    };
  }
  // A job holds its lock connection while its work takes others from the same pool: with every job
  // due at once (at start), more jobs than the pool has connections would each hold one and wait
  // forever for a second. At most JOBS_AT_ONCE jobs run together; the rest wait their turn.
  let active = 0;
  const queue: (() => void)[] = [];
  const turn = () => (active < JOBS_AT_ONCE ? (active++, Promise.resolve()) : new Promise<void>((resolve) => queue.push(resolve)));
  const done = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  return async (name, fn) => {
    await turn();
    try {
      return await lockedRun(name, fn);
    } finally {
      done();
    }
  };

  async function lockedRun(name: string, fn: () => Promise<void>): Promise<boolean> {
    const key = lockKey(name);
    const client = await pool!.connect();
    let locked = false;
    let broken: Error | undefined;
    try {
      try {
        const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1::bigint) as locked", [key]);
        locked = rows[0]?.locked === true;
      } catch (error) {
        broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      }
      if (locked) await fn();
      return locked;
    } finally {
      if (locked) {
        await client.query("select pg_advisory_unlock($1::bigint)", [key]).catch((error: unknown) => {
          broken = error instanceof Error ? error : new Error(String(error));
        });
      }
      // A broken connection is destroyed rather than reused: closing it ends the session and its lock.
      client.release(broken);
    }
  }
}
