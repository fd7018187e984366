import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders } from "../../../db/schema";
import { fillBusyShop, type BusyShop } from "../../../tests/fixtures/busy-shop";
import { createFreshPostgres } from "../../../tests/setup/databases";
import { fakePayPalConfig, useFakePayPal } from "../../../tests/setup/fake-paypal";
import { localMediaStorage } from "../../../tests/setup/local-media";
import { schemaTableNames, snapshotMedia, snapshotShop, type ShopSnapshot } from "../../../tests/setup/shop-snapshot";
import { openDatabase } from "../platform/db.server";
import { createOrder, findOrder } from "../orders/orders.server";
import { createPayPalAdapter } from "../paypal/adapter.server";
import { seedDatabase } from "../catalogue/seed.server";
import { readArchive } from "./archive.server";
import { backupToFile, type BackupResult } from "./backup.server";
import { restoreBackup } from "./restore.server";
import { currentSchemaVersion } from "./schema-version.server";
import { newOrder } from "../../../tests/fixtures/orders";
import { TEST_SITE } from "../../../tests/fixtures/site";

const fake = useFakePayPal();
const SECRET = "busy-shop-session-secret-0123456789abcdef";

/** Media as the catalogue will hold it: photos in a few widths, a video, an empty file, a large one. */
const MEDIA: [string, Buffer, string][] = [
  ["products/2/photo-3f9a.avif", randomBytes(4_321), "image/avif"],
  ["products/2/photo-3f9a-640.webp", randomBytes(2_048), "image/webp"],
  ["products/1/preview-77b1.mp4", randomBytes(300_000), "video/mp4"],
  ["products/1/empty-0000.txt", Buffer.alloc(0), "text/plain"],
];

describe("a backup of a busy embedded shop, restored", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ops-round-trip-"));
  const archives: Record<"plain" | "encrypted", BackupResult | null> = { plain: null, encrypted: null };
  const key = randomBytes(32);
  let before: ShopSnapshot;
  let beforeMedia: Awaited<ReturnType<typeof snapshotMedia>>;
  let shop: BusyShop;

  beforeAll(async () => {
    const source = await openDatabase({ dataDir: path.join(dir, "source") });
    const media = localMediaStorage(path.join(dir, "source-media"));
    try {
      shop = await fillBusyShop(source.db, createPayPalAdapter(fakePayPalConfig(fake())), fake());
      for (const [mediaKey, bytes, contentType] of MEDIA) await media.put(mediaKey, bytes, { contentType });
      // An earlier backup kept in the same storage is not media: it stays out of the archive.
      await media.put("backups/trigger-shop-backup-20260101T000000Z.tar.gz", randomBytes(100), { contentType: "application/octet-stream" });
      before = await snapshotShop(source.db);
      beforeMedia = await snapshotMedia(media);
      const sourceShop = { database: source, media, sessionSecret: SECRET };
      archives.plain = await backupToFile(sourceShop, path.join(dir, "shop.tar.gz"), { key: null, trigger: "command", now: () => new Date() });
      archives.encrypted = await backupToFile(sourceShop, path.join(dir, "shop.tar.gz.enc"), { key, trigger: "command", now: () => new Date() });
    } finally {
      await source.close();
    }
    // The shop is gone: only the archives are left.
    rmSync(path.join(dir, "source"), { recursive: true, force: true });
    rmSync(path.join(dir, "source-media"), { recursive: true, force: true });
  }, 180_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("holds every table of db/schema.ts and only those, each with rows, in foreign-key order", async () => {
    const { manifest } = await readArchive(archives.plain!.location, null);
    expect([...manifest.tables.map((t) => t.name)].sort()).toEqual(schemaTableNames());
    // backup_runs is recorded after its own archive is written: the first backup finds it empty.
    const empty = manifest.tables.filter((t) => t.rows === 0 && t.name !== "backup_runs").map((t) => t.name);
    expect(empty, "tables the busy shop leaves empty: give them rows in tests/fixtures/busy-shop.ts").toEqual([]);
    const position = (name: string) => manifest.tables.findIndex((t) => t.name === name);
    expect(position("orders")).toBeLessThan(position("order_items"));
    expect(position("coupons")).toBeLessThan(position("orders"));
    expect(position("seller_keys")).toBeLessThan(position("order_logins"));
    expect(manifest.schema).toEqual({ tag: currentSchemaVersion().tag, when: currentSchemaVersion().when });
    expect(manifest.media).toEqual({ included: true, storage: "local" });
  });

  it("records each backup with its size and checksum", async () => {
    const { createHash } = await import("node:crypto");
    for (const archive of [archives.plain!, archives.encrypted!]) {
      const bytes = readFileSync(archive.location);
      expect(archive.sizeBytes).toBe(bytes.length);
      expect(archive.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
      expect(archive.mediaFiles).toBe(MEDIA.length);
    }
    expect(before.tables.backup_runs).toEqual([]);
  });

  for (const kind of ["plain", "encrypted"] as const) {
    it(`restores the ${kind} archive into an empty data folder: every row, sequence and media file as it was`, async () => {
      const dataDir = path.join(dir, `restored-${kind}`);
      const media = localMediaStorage(path.join(dir, `restored-${kind}-media`));
      const report = await restoreBackup(archives[kind]!.location, { dataDir, media }, { key: kind === "encrypted" ? key : null });
      expect(report.mediaFiles).toBe(MEDIA.length);
      expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(SECRET);
      const restored = await openDatabase({ dataDir });
      try {
        const after = await snapshotShop(restored.db);
        // backup_runs now remembers the backups themselves; everything else is identical.
        expect({ ...after.tables, backup_runs: [] }).toEqual(before.tables);
        expect({ ...after.typed, backup_runs: [] }).toEqual({ ...before.typed, backup_runs: [] });
        expect(after.sequences).toEqual({ ...before.sequences, backup_runs_id_seq: after.sequences.backup_runs_id_seq });
        const { backup_runs_id_seq: _ignored, ...rest } = after.sequences;
        expect(Object.keys(rest).length).toBeGreaterThan(10);
        expect(await snapshotMedia(media)).toEqual(beforeMedia);
        expect(Object.keys(await snapshotMedia(media))).not.toContain("backups/trigger-shop-backup-20260101T000000Z.tar.gz");
        // The restored shop starts (seed, migrations) and goes on: new ids do not collide with restored ones.
        await seedDatabase(restored.db);
        expect((await findOrder(restored.db, shop.orders.delivered))?.status).toBe("delivered");
        const next = await createOrder(restored.db, TEST_SITE, newOrder(), new Date());
        expect(next.ok).toBe(true);
        if (next.ok) {
          const items = await restored.db.select().from(orderItems).where(eq(orderItems.orderId, next.order.id));
          expect(items).toHaveLength(1);
        }
        expect((await restored.db.select().from(orders)).length).toBe(before.tables.orders.length + 1);
      } finally {
        await restored.close();
      }
    }, 180_000); // an embedded database made from nothing (initdb) then reopened: slow on a busy machine
  }

  const postgresUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!postgresUrl)(
    "moves the embedded shop into an empty PostgreSQL database with everything in it",
    async () => {
      const fresh = await createFreshPostgres(postgresUrl!);
      const dataDir = path.join(dir, "to-postgres");
      const media = localMediaStorage(path.join(dir, "to-postgres-media"));
      try {
        await restoreBackup(archives.encrypted!.location, { databaseUrl: fresh.url, dataDir, media }, { key });
        // Nothing embedded was made: the rows went to PostgreSQL; the secret waits for SESSION_SECRET.
        expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
        expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(SECRET);
        const restored = await openDatabase({ databaseUrl: fresh.url, dataDir });
        try {
          expect(restored.kind).toBe("postgres");
          const after = await snapshotShop(restored.db);
          expect({ ...after.tables, backup_runs: [] }).toEqual(before.tables);
          expect({ ...after.typed, backup_runs: [] }).toEqual({ ...before.typed, backup_runs: [] });
          expect(after.sequences).toEqual({ ...before.sequences, backup_runs_id_seq: after.sequences.backup_runs_id_seq });
          expect(await snapshotMedia(media)).toEqual(beforeMedia);
          const next = await createOrder(restored.db, TEST_SITE, newOrder(), new Date());
          expect(next.ok).toBe(true);
        } finally {
          await restored.close();
        }
      } finally {
        await fresh.drop();
      }
    },
    180_000,
  );
});
