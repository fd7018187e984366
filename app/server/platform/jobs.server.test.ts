import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "./db.server";
import { jobLock, startJobs, type Job, type JobRunner } from "./jobs.server";

const db = {} as Db;
const noLock = jobLock({});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The clock the runner hands to every run (services.now in the shop). */
const clock = () => new Date("2030-01-01T00:00:00Z");

describe("startJobs", () => {
  let runner: JobRunner | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    vi.useRealTimers();
  });

  it("runs a job at start and then every interval", async () => {
    const run = vi.fn(async () => {});
    runner = startJobs({ db, now: clock, jobs: [{ name: "tick", intervalMs: 1000, jitter: 0, run }], lock: noLock });
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(db, clock); // the runner hands each run its clock
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(5);
  });

  it("adds up to `jitter` of the interval to each wait", async () => {
    const run = vi.fn(async () => {});
    const job: Job = { name: "jittery", intervalMs: 1000, jitter: 0.5, run };
    runner = startJobs({ db, now: clock, jobs: [job], lock: noLock, random: () => 1 });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1499);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("reports every run with its outcome, duration and lag (for /metrics)", async () => {
    const onRun = vi.fn();
    let fail = false;
    const jobs: Job[] = [
      { name: "works", intervalMs: 1000, jitter: 0, run: async () => void (fail && (await Promise.reject(new Error("down")))) },
      { name: "elsewhere", intervalMs: 1000, jitter: 0, run: async () => {} },
    ];
    const lock = async (name: string, fn: () => Promise<void>) => (name === "elsewhere" ? false : (await fn(), true));
    runner = startJobs({ db, now: clock, jobs, lock, onRun, logger: { error: () => {} } });
    await vi.advanceTimersByTimeAsync(0);
    fail = true;
    await vi.advanceTimersByTimeAsync(1000);
    const seen = onRun.mock.calls.map(([event]) => [event.name, event.outcome]);
    expect(seen).toEqual([
      ["works", "ok"],
      ["elsewhere", "skipped"],
      ["works", "failed"],
      ["elsewhere", "skipped"],
    ]);
    for (const [event] of onRun.mock.calls) expect(event).toMatchObject({ durationMs: expect.any(Number), lagMs: expect.any(Number) });
  });

  it("logs a failing run and keeps running the job afterwards", async () => {
    const logger = { error: vi.fn() };
    const failure = new Error("database away");
    const run = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    runner = startJobs({ db, now: clock, jobs: [{ name: "flaky", intervalMs: 1000, jitter: 0, run }], lock: noLock, logger });
    await vi.advanceTimersByTimeAsync(0);
    expect(logger.error).toHaveBeenCalledWith({ err: failure, job: "flaky" }, "Job flaky failed");
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(3);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it("waits for a slow run to end before counting the next interval", async () => {
    const slow = deferred();
    const run = vi.fn().mockReturnValueOnce(slow.promise).mockResolvedValue(undefined);
    runner = startJobs({ db, now: clock, jobs: [{ name: "slow", intervalMs: 1000, jitter: 0, run }], lock: noLock });
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
    slow.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("stop() waits for the running job and schedules nothing more", async () => {
    const slow = deferred();
    const run = vi.fn().mockReturnValueOnce(slow.promise).mockResolvedValue(undefined);
    const active = startJobs({ db, now: clock, jobs: [{ name: "slow", intervalMs: 1000, jitter: 0, run }], lock: noLock });
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = active.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    slow.resolve();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("stop() before the first run cancels it", async () => {
    const run = vi.fn(async () => {});
    await startJobs({ db, now: clock, jobs: [{ name: "never", intervalMs: 1000, jitter: 0, run }], lock: noLock }).stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).not.toHaveBeenCalled();
  });

  it("skips the run when another process holds the job's lock", async () => {
    const run = vi.fn(async () => {});
    const busy = vi.fn(async () => false);
    runner = startJobs({ db, now: clock, jobs: [{ name: "elsewhere", intervalMs: 1000, jitter: 0, run }], lock: busy });
    await vi.advanceTimersByTimeAsync(2000);
    expect(busy).toHaveBeenCalledTimes(3);
    expect(run).not.toHaveBeenCalled();
  });

  it("refuses two jobs with the same name, which would share one lock", () => {
    const job: Job = { name: "twin", intervalMs: 1000, jitter: 0, run: async () => {} };
    expect(() => startJobs({ db, now: clock, jobs: [job, job], lock: noLock })).toThrow("Two jobs are named twin");
  });
});
