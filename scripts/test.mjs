#!/usr/bin/env node
// `npm test`: checks what the suite needs on this machine, then runs every layer in order.
// A fresh Debian machine has Node and PostgreSQL but no Chromium: the browser is installed here
// (as root, through apt) or the run stops at once with one line saying what to install.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";

const DEFAULT_PG_URL = "postgresql://postgres@127.0.0.1:5432/test";

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  return result.status ?? 1;
}

function stop(line) {
  console.error(`npm test: ${line}`);
  process.exit(1);
}

function commandExists(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(path)) return;
  if (process.env.CHROMIUM_PATH) stop(`CHROMIUM_PATH=${path} does not exist.`);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !commandExists("apt-get")) {
    stop("end-to-end tests need Debian's Chromium: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then `npm test` again.");
  }
  console.log("npm test: Chromium is missing; installing Debian's chromium package (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["update", "-qq"], env) !== 0 || run("apt-get", ["install", "-y", "-qq", "chromium"], env) !== 0 || !existsSync(path)) {
    stop("installing Chromium with apt-get failed; install it by hand: `apt-get install -y chromium`.");
  }
}

/** Resolves true when something accepts TCP connections at the URL's host and port. */
function reachable(url, timeoutMs = 1500) {
  return new Promise((resolve) => {
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      resolve(false);
      return;
    }
    const socket = net.connect({ host: parsed.hostname || "127.0.0.1", port: Number(parsed.port || 5432) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** PostgreSQL suites run when a server answers (TEST_DATABASE_URL, else the machine's local one). */
async function postgresEnv() {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_PG_URL;
  if (await reachable(url)) {
    console.log(`npm test: PostgreSQL suites run on ${url.replace(/\/\/[^@/]*@/, "//")}`);
    return { TEST_DATABASE_URL: url };
  }
  if (process.env.TEST_DATABASE_URL) stop(`TEST_DATABASE_URL is set but nothing answers at ${url}.`);
  console.log(`npm test: PostgreSQL suites skipped — no server at ${url} (set TEST_DATABASE_URL to run them).`);
  return { TEST_DATABASE_URL: "" };
}

ensureChromium();
const env = { ...process.env, ...(await postgresEnv()) };
if (!env.TEST_DATABASE_URL) delete env.TEST_DATABASE_URL;

const steps = [
  ["npm", ["run", "lint"]],
  ["npm", ["run", "typecheck"]],
  ["npx", ["vitest", "run"]],
  ["npm", ["run", "test:e2e"]],
];
for (const [command, args] of steps) {
  const status = run(command, args, env);
  if (status !== 0) process.exit(status);
}
