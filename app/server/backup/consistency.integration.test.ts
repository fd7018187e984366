import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { createOrder } from "../orders/orders.server";
import { readArchive } from "./archive.server";
import { backupToFile } from "./backup.server";
import { TEST_SITE } from "../../../tests/fixtures/site";

type Row = Record<string, unknown>;

/** The rows of a few tables as the archive holds them. */
async function archivedRows(file: string, tables: string[]): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = Object.fromEntries(tables.map((t) => [t, []]));
  const { manifest } = await readArchive(file, null, {
    data: async (name, body) => {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      const table = tables.find((t) => name.endsWith(`-${t}.jsonl`));
      if (table)
        out[table] = Buffer.concat(chunks)
          .toString("utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Row);
    },
  });
  for (const table of tables) expect(manifest.tables.find((t) => t.name === table)?.rows).toBe(out[table].length);
  return out;
}

for (const target of testDatabases()) {
  describe(`a backup taken while orders are being placed on ${target.name}`, () => {
    const database = seededDatabase(target);
    const dir = mkdtempSync(path.join(tmpdir(), "ops-consistency-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("holds each order with all its items, its history and its mail, or none of them", async () => {
      const db = database.db;
      let stop = false;
      let placed = 0;
      const writer = async () => {
        while (!stop) {
          const created = await createOrder(
            db,
            TEST_SITE,
            // Manual orders: each is written with its instructions mail (PayPal orders get none at placement, ADR 045).
            newOrder({
              channel: "manual",
              lines: [
                { id: "2", quantity: 1 },
                { id: "1", quantity: 2 },
              ],
            }),
            new Date(),
          );
          if (!created.ok) throw new Error(created.code);
          placed++;
          // Orders arrive as requests, between turns of the event loop (PGlite answers without leaving it).
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const writers = Array.from({ length: 3 }, writer);
      const failed = Promise.all(writers).then(() => new Error("the writers stopped"));
      const files: string[] = [];
      try {
        while (placed < 5) {
          const stopped = await Promise.race([failed, new Promise((r) => setTimeout(r, 20))]);
          if (stopped instanceof Error) throw stopped;
        }
        for (let i = 0; i < 2; i++) {
          const shop = { database: { db, kind: target.name, close: async () => {} }, media: null, sessionSecret: null };
          files.push((await backupToFile(shop, path.join(dir, `during-${i}.tar.gz`), { key: null, trigger: "command", now: () => new Date() })).location);
        }
      } finally {
        stop = true;
        await Promise.all(writers);
      }
      let previous = -1;
      for (const file of files) {
        const rows = await archivedRows(file, ["orders", "order_items", "order_events", "email_outbox"]);
        const ids = new Set(rows.orders.map((o) => o.id as string));
        expect(ids.size).toBeGreaterThan(0);
        const count = (table: string, id: string) => rows[table].filter((r) => r.order_id === id).length;
        for (const id of ids) {
          expect(count("order_items", id), `items of ${id}`).toBe(2);
          expect(count("order_events", id), `history of ${id}`).toBe(1);
          expect(count("email_outbox", id), `mail of ${id}`).toBe(1);
        }
        for (const table of ["order_items", "order_events", "email_outbox"]) {
          const strays = rows[table].filter((r) => !ids.has(r.order_id as string));
          expect(strays, `${table} rows whose order is not in the archive`).toEqual([]);
        }
        expect(ids.size).toBeGreaterThanOrEqual(previous);
        previous = ids.size;
      }
      expect(placed).toBeGreaterThanOrEqual(previous);
    }, 240_000); // writers and backups contend for one embedded connection: slow on a busy machine
  });
}
