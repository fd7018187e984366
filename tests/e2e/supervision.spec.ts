import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { postBigBody } from "../setup/big-body";

/**
 * The production command as the README gives it (`npm start`: the supervisor and its shop process,
 * the build of this run, a fresh embedded database): a shop process killed for any reason is
 * replaced and answers again within seconds, a 300 MB body neither kills it nor grows it, and
 * SIGTERM stops everything for good (docs/decisions/026). No browser: processes and HTTP only.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 2003;
const base = `http://127.0.0.1:${port}`;
const dataDir = `.e2e-data/${port}-supervised`;
const MiB = 1024 * 1024;

interface LogLine {
  name?: string;
  msg?: string;
  pid?: number;
  worker?: number;
}

test.describe("npm start under its supervisor", () => {
  test.describe.configure({ mode: "serial" });
  let npm: ChildProcess;
  const lines: LogLine[] = [];
  const supervisorLines = () => lines.filter((line) => line.name === "supervisor");
  /** Shop processes the supervisor started, oldest first. */
  const workers = () => supervisorLines().flatMap((line) => (line.msg === "worker started" && line.worker ? [line.worker] : []));
  const healthy = async () => (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) }).catch(() => null))?.status ?? 0;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  /** Resident memory of a process, from the kernel. */
  const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) * 1024;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    rmSync(dataDir, { recursive: true, force: true });
    // Its own process group, so the whole tree can be stopped whatever happens to the test.
    npm = spawn("npm", ["start"], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SITE_URL: base, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    });
    let pending = "";
    npm.stdout?.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const complete = pending.split("\n");
      pending = complete.pop() ?? "";
      for (const text of complete) {
        try {
          lines.push(JSON.parse(text) as LogLine);
        } catch {
          // npm's own banner and the shop's "listening" line
        }
      }
    });
    await expect.poll(healthy, { timeout: 150_000, message: "npm start answers /healthz" }).toBe(200);
  });

  test.afterAll(async () => {
    // The whole group this test started (npm, the supervisor, its shop process), whatever is left of it.
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-npm.pid!, signal);
      } catch {
        // already gone
      }
    };
    if (npm?.pid) {
      const exited = npm.exitCode === null && npm.signalCode === null ? new Promise((resolve) => npm.once("exit", resolve)) : null;
      signalGroup("SIGTERM");
      const late = setTimeout(() => signalGroup("SIGKILL"), 15_000);
      await exited;
      clearTimeout(late);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a 300 MB chunked post is refused with 413 while the shop process keeps running at the same size", async () => {
    const [worker] = workers();
    expect(worker).toBeGreaterThan(0);
    const before = rssOf(worker);
    for (const path of ["/contact", "/order", "/admin/login"]) {
      const answer = await postBigBody(port, path, {
        totalBytes: 300 * MiB,
        headers: { origin: base, "content-type": path === "/order" ? "multipart/form-data; boundary=x" : "application/x-www-form-urlencoded" },
      });
      expect(answer.status, path).toBe(413);
      expect(await healthy(), `/healthz right after ${path}`).toBe(200);
    }
    expect(workers(), "the shop process was not replaced").toEqual([worker]);
    expect(rssOf(worker) - before).toBeLessThan(48 * MiB);
  });

  test("a shop process killed with SIGKILL is replaced, and /healthz answers again within seconds", async () => {
    test.setTimeout(90_000);
    const [first] = workers();
    process.kill(first, "SIGKILL");
    const killedAt = Date.now();
    await expect.poll(() => alive(first)).toBe(false);
    await expect.poll(() => workers().length, { message: "a new shop process" }).toBe(2);
    await expect.poll(healthy, { timeout: 60_000, message: "the new process answers" }).toBe(200);
    const seconds = (Date.now() - killedAt) / 1000;
    test.info().annotations.push({ type: "back after", description: `${seconds.toFixed(1)} s` });
    expect(seconds).toBeLessThan(30);
    expect(supervisorLines().some((line) => line.msg === "worker exited; restarting")).toBe(true);
    // The orders the old process held are still there: it is the same database, reopened.
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  test("SIGTERM stops the shop process gracefully and the supervisor with it: nothing restarts", async () => {
    test.setTimeout(60_000);
    const current = workers().at(-1)!;
    const supervisor = supervisorLines()[0].pid!;
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
    process.kill(supervisor, "SIGTERM");
    expect(await exited).toBe(0);
    expect(alive(current)).toBe(false);
    expect(alive(supervisor)).toBe(false);
    expect(await healthy()).toBe(0);
    expect(workers()).toHaveLength(2);
    expect(supervisorLines().at(-1)?.msg).toBe("worker stopped");
  });
});
