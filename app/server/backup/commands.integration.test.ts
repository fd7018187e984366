import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { backupRuns } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { openDatabase } from "../platform/db.server";
import { createOrder } from "../orders/orders.server";
import { seedDatabase } from "../catalogue/seed.server";
import { readArchive } from "./archive.server";
import { backupControlHandler } from "./control-handler.server";
import { claimDataDir, controlSocketPath, DataDirBusy } from "./control-socket.server";
import { TEST_SITE } from "../../../tests/fixtures/site";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../..");

/** Runs `npm run backup|restore` as a seller would (tsx, the real scripts), with this environment. */
async function command(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const result = await run(path.join(root, "node_modules/.bin/tsx"), [path.join(root, `scripts/${script}.ts`), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "silent", ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
  return result;
}

describe("npm run backup and npm run restore on the embedded database", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ops-cli-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("holds the data folder for one process at a time, freeing it after a crash", async () => {
    const dataDir = path.join(dir, "claims");
    const first = await claimDataDir(dataDir);
    await expect(claimDataDir(dataDir)).rejects.toBeInstanceOf(DataDirBusy);
    await first.release();
    const second = await claimDataDir(dataDir);
    await second.release();
    // A process killed while holding it leaves its socket behind: the next one takes over.
    const killed = spawnSync(process.execPath, [
      "-e",
      `require("net").createServer().listen(${JSON.stringify(controlSocketPath(dataDir))}, () => process.kill(process.pid, "SIGKILL"))`,
    ]);
    expect(killed.signal).toBe("SIGKILL");
    expect(existsSync(controlSocketPath(dataDir))).toBe(true);
    const third = await claimDataDir(dataDir);
    await third.release();
  });

  it("copies a running shop through its socket, then restores the copy into an empty folder", async () => {
    const dataDir = path.join(dir, "shop");
    // The running shop: holds the folder, its database open, answering on the socket.
    const claim = await claimDataDir(dataDir);
    const database = await openDatabase({ dataDir });
    const archive = path.join(dir, "copies", "from-running-shop.tar.gz");
    let orderId: string;
    try {
      await seedDatabase(database.db);
      const created = await createOrder(database.db, TEST_SITE, newOrder(), new Date());
      if (!created.ok) throw new Error(created.code);
      orderId = created.order.id;
      claim.handle(
        backupControlHandler(
          () => ({ database, media: null, sessionSecret: null }),
          null,
          () => new Date(),
        ),
      );

      const backup = await command("backup", [archive], { DATA_DIR: dataDir });
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backup written: ${archive}`);
      expect(backup.stdout).toContain(`(made by the shop running on ${dataDir})`);
      const { manifest } = await readArchive(archive, null);
      expect(manifest.tables.find((t) => t.name === "orders")?.rows).toBe(1);
      // The shop recorded the backup, where the command put it.
      const [recorded] = await database.db.select().from(backupRuns);
      expect(recorded).toMatchObject({ status: "ok", trigger: "command", location: archive });

      // Restoring into the running shop's folder is refused: it is in use.
      const busy = await command("restore", [archive], { DATA_DIR: dataDir });
      expect(busy.code).toBe(1);
      expect(busy.stderr.trim().split("\n")).toHaveLength(1);
      expect(busy.stderr).toMatch(/^Refused: Another process is using the embedded database/);
    } finally {
      await database.close();
      await claim.release();
    }

    const restoredDir = path.join(dir, "restored");
    const restore = await command("restore", [archive], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored into .*restored: \d+ rows, 0 media files/);
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const { orders } = await import("../../../db/schema");
      expect((await restored.db.select().from(orders)).map((o) => o.id)).toEqual([orderId!]);
    } finally {
      await restored.close();
    }

    // No shop running now: the command opens the folder itself (holding it meanwhile).
    const direct = await command("backup", [path.join(dir, "copies", "direct.tar.gz.enc")], {
      DATA_DIR: restoredDir,
      BACKUP_KEY: Buffer.alloc(32, 7).toString("base64"),
    });
    expect(direct.stderr).toBe("");
    expect(direct.stdout).toContain("encrypted");
    expect(existsSync(controlSocketPath(restoredDir))).toBe(false);
  }, 300_000); // four commands through tsx and three embedded databases: slow on a busy machine

  it("refuses a damaged archive in one line, leaving the target empty", async () => {
    const good = path.join(dir, "copies", "from-running-shop.tar.gz");
    const cut = path.join(dir, "copies", "cut.tar.gz");
    const bytes = readFileSync(good);
    writeFileSync(cut, bytes.subarray(0, bytes.length >> 1));
    const target = path.join(dir, "never");
    const result = await command("restore", [cut], { DATA_DIR: target });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("Refused: truncated: the archive ends before its checksums\n");
    expect(existsSync(path.join(target, "pglite"))).toBe(false);
  }, 120_000);
});
