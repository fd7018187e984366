// Keeps the shop up (`npm start`, the Dockerfile): runs server/start.js as a child process and, when
// it dies for any reason — a crash, the heap limit, a kill — starts it again after a short wait
// (docs/decisions/026-body-limits-and-supervision.md). SIGTERM/SIGINT are passed on for a graceful
// stop and end the supervisor with the child.
import { fork } from "node:child_process";

const WORKER = new URL("./start.js", import.meta.url);
/** start.js exits with this when the environment is invalid: a restart would fail the same way. */
const CONFIG_ERROR = 78;
/** Waits before each restart in a row; a worker that ran STABLE_MS resets the sequence. */
const BACKOFF_MS = [250, 1000, 2000, 5000, 10_000];
const STABLE_MS = 60_000;

let worker;
let stopping = false;
let restarts = 0;
let restartTimer;

/** One JSON line, like the shop's own logs (pino levels: 30 info, 50 error). */
function log(level, msg, fields = {}) {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, name: "supervisor", msg, ...fields })}\n`);
}

function start() {
  const startedAt = Date.now();
  // The child inherits this process's Node options (npm start's --max-old-space-size) and stdio.
  const child = fork(WORKER, process.argv.slice(2), { stdio: "inherit" });
  worker = child;
  log(30, "worker started", { worker: child.pid });
  // "exit", not "error" or "disconnect": the embedded database (PGlite) opens its files in one
  // process at a time, so the next worker starts only once this one is gone.
  child.once("exit", (code, signal) => {
    worker = undefined;
    if (stopping) {
      log(30, "worker stopped", { code, signal });
      process.exit(code ?? 0);
    }
    if (code === CONFIG_ERROR) {
      log(50, "worker refused its configuration; not restarting", { code });
      process.exit(CONFIG_ERROR);
    }
    restarts = Date.now() - startedAt >= STABLE_MS ? 0 : restarts + 1;
    const delay = BACKOFF_MS[Math.min(restarts, BACKOFF_MS.length - 1)];
    log(50, "worker exited; restarting", { code, signal, restartInMs: delay });
    restartTimer = setTimeout(start, delay);
  });
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    stopping = true;
    clearTimeout(restartTimer);
    if (worker) worker.kill(signal);
    else process.exit(0);
  });
}

start();
