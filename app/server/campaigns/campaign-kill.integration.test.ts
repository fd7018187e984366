/**
 * Resumable sending (issue 30, docs/decisions/046): a sender process killed with SIGKILL in the
 * middle of a 2,000-mail campaign, then started again, skips nobody; the only repeats are the mails
 * that were in flight at the kill (at most one per killed process: the outbox sends one row at a
 * time), and a repeat carries the same Message-ID. On PostgreSQL the restart is two processes at
 * once, which must not send any row twice between them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../../db/schema";
import { createFreshPostgres } from "../../../tests/setup/databases";
import { useFakeMail } from "../../../tests/setup/fake-mail";
import { seedDatabase } from "../catalogue/seed.server";
import { openDatabase, type Database } from "../platform/db.server";
import { createCampaign, getCampaign, startCampaign } from "./campaigns.server";

const RECIPIENTS = 2000;
/** Mails a sender process may have in flight when it dies: the outbox sends one row at a time. */
const IN_FLIGHT_PER_PROCESS = 1;
const ROOT = path.resolve(__dirname, "../../..");

/** Senders still running when a test fails are killed after it. */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
});

interface Sender {
  child: ChildProcess;
  exited: Promise<number | null>;
  ready: Promise<void>;
}

function startSender(env: Record<string, string>): Sender {
  // tsx as a loader in this one process (its CLI would run the script in a grandchild that SIGKILL misses).
  const child = spawn(process.execPath, ["--import", "tsx", "tests/processes/campaign-sender.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (process.env.DEBUG_SENDER) process.stderr.write(chunk);
  });
  child.stdout!.on("data", (chunk: Buffer) => {
    if (process.env.DEBUG_SENDER) process.stdout.write(chunk);
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.once("exit", () => reject(new Error(`sender exited before it was ready: ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      if (code !== 0 && code !== null) console.error(stderr);
      resolve(code);
    }),
  );
  ready.catch(() => {});
  return { child, exited, ready };
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const pgUrl = process.env.TEST_DATABASE_URL;
const targets: { name: string; concurrentRestart: number }[] = [
  { name: "pglite", concurrentRestart: 1 },
  ...(pgUrl ? [{ name: "postgres", concurrentRestart: 2 }] : []),
];

for (const target of targets) {
  describe(`a campaign sender killed mid-send on ${target.name}`, () => {
    const fake = useFakeMail();
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("sends every address at least once after kill -9 and a restart, repeating only the in-flight mail with the same Message-ID", async () => {
      // The database: PostgreSQL, or an embedded one on disk (one process at a time may open it).
      let connection: Record<string, string>;
      let open: () => Promise<Database>;
      if (target.name === "postgres") {
        const fresh = await createFreshPostgres(pgUrl!);
        cleanups.push(fresh.drop);
        connection = { DATABASE_URL: fresh.url };
        open = () => openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
      } else {
        const dir = await mkdtemp(path.join(tmpdir(), "campaign-kill-"));
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        connection = { DATA_DIR: dir };
        open = () => openDatabase({ dataDir: dir });
      }
      const t0 = new Date();
      let database = await open();
      await seedDatabase(database.db);
      const emails = Array.from({ length: RECIPIENTS }, (_, i) => `buyer${String(i).padStart(5, "0")}@example.com`);
      for (let i = 0; i < emails.length; i += 500) {
        await database.db.insert(newsletterSubscribers).values(
          emails.slice(i, i + 500).map((email, j) => ({
            email,
            lang: (["en", "fr", "es"] as const)[(i + j) % 3],
            status: "confirmed" as const,
            nonce: `n${String(i + j).padStart(21, "0")}`,
            createdAt: t0,
          })),
        );
      }
      const system = { id: null, actor: "system" };
      const id = await createCampaign(
        database.db,
        { subject: { en: "Hello", fr: "Bonjour", es: "Hola" }, body: { en: "Hi", fr: "Salut", es: "Hola" }, productIds: [] },
        system,
        t0,
      );
      expect(await startCampaign(database.db, id, system, t0)).toEqual({ ok: true, recipients: RECIPIENTS });
      if (target.name === "pglite") await database.close();

      const env = { ...connection, SMTP_URL: `${fake().smtpUrl}?pool=true`, SITE_URL: "http://shop.test", CAMPAIGN_ID: String(id), PER_SECOND: "250" };
      const first = startSender(env);
      await first.ready;
      // Killed once a good part has left, in the middle of its sending.
      await until(() => fake().mails.length >= 600, 90_000);
      first.child.kill("SIGKILL");
      await first.exited;
      const atKill = fake().mails.length;
      expect(atKill).toBeLessThan(RECIPIENTS);

      // Restarted later than the outbox's claim window, so rows claimed by the dead process go again.
      const restarted = Array.from({ length: target.concurrentRestart }, () => startSender({ ...env, CLOCK_OFFSET_MS: String(6 * 60_000) }));
      const codes = await Promise.all(restarted.map((s) => s.exited));
      expect(codes).toEqual(restarted.map(() => 0));

      const byAddress = new Map<string, string[]>();
      for (const mail of fake().mails) {
        const list = byAddress.get(mail.to[0]!) ?? [];
        list.push(mail.headers["message-id"]!);
        byAddress.set(mail.to[0]!, list);
      }
      // Nobody skipped.
      expect([...byAddress.keys()].sort()).toEqual(emails);
      // Repeats: only what was in flight in the one killed process, each with its first Message-ID.
      const repeated = [...byAddress.entries()].filter(([, ids]) => ids.length > 1);
      expect(repeated.length).toBeLessThanOrEqual(IN_FLIGHT_PER_PROCESS);
      for (const [, ids] of repeated) expect(new Set(ids).size).toBe(1);
      expect(fake().mails.length).toBeLessThanOrEqual(RECIPIENTS + IN_FLIGHT_PER_PROCESS);

      database = await open();
      expect((await getCampaign(database.db, id))?.status).toBe("sent");
      await database.close();
    }, 360_000);
  });
}
