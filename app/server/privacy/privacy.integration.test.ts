import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION, erasedEmail, ERASED } from "~/domain/privacy";
import {
  campaignRecipients,
  campaigns,
  contactMessages,
  deliveryProofs,
  emailOutbox,
  newsletterSubscribers,
  orderItems,
  orders,
  payments,
  privacyRequests,
  privacyRuns,
  reviews,
} from "../../../db/schema";
import { fillBusyShop, type BusyShop } from "../../../tests/fixtures/busy-shop";
import { newOrder, BUYER } from "../../../tests/fixtures/orders";
import { TEST_SITE } from "../../../tests/fixtures/site";
import { fakePayPalConfig, useFakePayPal } from "../../../tests/setup/fake-paypal";
import { localMediaStorage } from "../../../tests/setup/local-media";
import { snapshotShop, type ShopSnapshot } from "../../../tests/setup/shop-snapshot";
import { backupToFile } from "../backup/backup.server";
import { restoreBackup } from "../backup/restore.server";
import { saveContactMessage } from "../contact/contact.server";
import { submitReview } from "../catalogue/reviews.server";
import { suppressAddress } from "../mail/suppressions.server";
import { subscribe } from "../newsletter/newsletter.server";
import { subscribeRestockAlert } from "../reminders/restock.server";
import { applyOrderAction } from "../orders/console-actions.server";
import { createOrder, type NewOrder } from "../orders/orders.server";
import { openDatabase, type Database, type Db } from "../platform/db.server";
import { createPayPalAdapter } from "../paypal/adapter.server";
import { buyerExport } from "./export.server";
import { confirmDeletion, confirmExport, requestPrivacyAction } from "./requests.server";
import { applyRetention } from "./retention.server";

const fake = useFakePayPal();
const MONTH_MS = 31 * 24 * 60 * 60_000;
/** Past the default 24 months for everything the busy shop made "now". */
const LATER = () => new Date(Date.now() + 25 * MONTH_MS);

/** What the policy may change, table by table (docs/decisions/041); anything else changed fails the test. */
const MAY_CHANGE: Record<string, string[]> = {
  orders: ["email", "name", "community_username", "game_username", "client_key", "payer_id", "seller_note", "delivery_note", "pseudonymised_at"],
  order_deliveries: ["public_note", "private_note"],
  problem_report_entries: ["body"],
  email_outbox: ["to", "subject", "text", "html", "reply_to", "headers", "last_error", "status"],
  order_logins: ["ciphertext", "deleted_at", "deleted_reason"],
  payments: ["raw"],
  payment_events: ["payload"],
  disputes: ["raw", "evidence_text"],
  seller_actions: ["detail"],
  privacy_requests: ["email"],
};
/** Tables whose rows the policy deletes (past RETENTION_VISIT_DAYS) or adds (the run's record). */
const DELETED_AFTER_DAYS = ["order_page_views", "rate_limits"];

type Row = Record<string, unknown>;
const parse = (snapshot: ShopSnapshot, table: string): Row[] => (snapshot.tables[table] ?? []).map((j) => JSON.parse(j) as Row);

/** The order a row belongs to, where the row says (directly, or as a console action's target). */
function orderOf(table: string, row: Row): string | null {
  if (table === "orders") return row.id as string;
  if (table === "seller_actions") return row.target as string;
  return (row.order_id as string | undefined) ?? null;
}

async function openBusyShop(): Promise<{ database: Database; shop: BusyShop }> {
  const database = await openDatabase({ dataDir: "memory://" });
  const shop = await fillBusyShop(database.db, createPayPalAdapter(fakePayPalConfig(fake())), fake());
  return { database, shop };
}

/** Every text, varchar and jsonb column of every table in the schema where `needle` appears (case-insensitive). */
async function whereItAppears(db: Db, needle: string): Promise<string[]> {
  const columns = (await db.execute(
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'character')`,
  )) as unknown as { rows: { table_name: string; column_name: string }[] };
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    const hits = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where lower(${sql.identifier(column)}::text) like ${`%${needle.toLowerCase()}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if (hits.rows[0]!.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** The link the request's mail carries, as its token. */
async function mailedToken(db: Db, requestId: number): Promise<string> {
  const [request] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, requestId));
  const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, request!.orderId)).orderBy(asc(emailOutbox.id));
  const link = mails
    .reverse()
    .map((m) => m.text.match(/https?:\/\/\S*privacy-request\?t=\S+/)?.[0])
    .find(Boolean);
  if (!link) throw new Error("no privacy link mailed");
  return new URL(link).searchParams.get("t")!;
}

describe("the retention job over the busy shop", () => {
  let database: Database;
  let shop: BusyShop;
  let before: ShopSnapshot;
  const dir = mkdtempSync(path.join(tmpdir(), "privacy-retention-"));
  let backupFile: string;

  beforeAll(async () => {
    ({ database, shop } = await openBusyShop());
    const backup = await backupToFile(
      { database, media: localMediaStorage(path.join(dir, "media")), sessionSecret: "privacy-test-secret-0123456789abcdef" },
      path.join(dir, "pre-retention.tar.gz"),
      {
        key: null,
        trigger: "command",
        now: () => new Date(),
      },
    );
    backupFile = backup.location;
    before = await snapshotShop(database.db);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("does nothing before the policy's time", async () => {
    const run = await applyRetention(database.db, DEFAULT_RETENTION, new Date());
    expect(run.ordersPseudonymised).toBe(0);
  });

  it("pseudonymises finished orders past the policy without a dispute or open report, deletes old visits and rate-limit rows, and changes nothing else", async () => {
    const run = await applyRetention(database.db, DEFAULT_RETENTION, LATER());
    // Cancelled and refunded are finished and free; delivered has an open report, paid a dispute; the rest run.
    const due = [shop.orders.cancelled, shop.orders.refunded].sort();
    expect([...run.orderIds].sort()).toEqual(due);
    expect(run.ordersPseudonymised).toBe(2);
    expect(run.visitsDeleted).toBeGreaterThan(0);
    expect(run.rateLimitsDeleted).toBeGreaterThan(0);

    const after = await snapshotShop(database.db);
    const changed: string[] = [];
    for (const table of Object.keys(before.tables)) {
      const old = parse(before, table);
      const now = parse(after, table);
      if (DELETED_AFTER_DAYS.includes(table)) {
        expect(now, table).toEqual([]);
        continue;
      }
      if (table === "privacy_runs") {
        expect(now.length, table).toBeGreaterThan(old.length);
        continue;
      }
      expect(now.length, `${table} rows`).toBe(old.length);
      old.forEach((row, i) => {
        for (const column of Object.keys(row)) {
          if (JSON.stringify(row[column]) === JSON.stringify(now[i]![column])) continue;
          changed.push(`${table}.${column}`);
          expect(MAY_CHANGE[table] ?? [], `${table}.${column} changed`).toContain(column);
          const owner = orderOf(table, row);
          if (owner !== null && table !== "seller_actions") expect(due, `${table}.${column} of ${owner}`).toContain(owner);
        }
      });
    }
    expect(changed).toContain("orders.email");

    // The due orders keep their money, items and dates, and lose the buyer.
    const rows = await database.db.select().from(orders).where(inArray(orders.id, due));
    for (const order of rows) {
      expect(order.email).toBe(erasedEmail(order.id));
      expect([order.name, order.gameUsername, order.communityUsername]).toEqual([ERASED, ERASED, ERASED]);
      const old = parse(before, "orders").find((o) => o.id === order.id)!;
      expect(order.totalCents).toBe(old.total_cents);
      expect(order.createdAt.toISOString()).toBe(new Date(old.created_at as string).toISOString());
    }
    const dueRows = JSON.stringify(parse(after, "orders").filter((o) => due.includes(o.id as string)));
    for (const personal of [BUYER.email, BUYER.name, BUYER.gameUsername, BUYER.communityUsername]) expect(dueRows).not.toContain(personal);
    // The others are untouched.
    const kept = await database.db.select().from(orders).where(eq(orders.id, shop.orders.delivered));
    expect(kept[0]!.email).toBe(BUYER.email);

    // A second run finds nothing more.
    expect((await applyRetention(database.db, DEFAULT_RETENTION, LATER())).ordersPseudonymised).toBe(0);
  });

  it("a restore of a backup made before the run is pseudonymised again by the next run", async () => {
    const target = path.join(dir, "restored");
    await restoreBackup(backupFile, { dataDir: target, media: localMediaStorage(path.join(dir, "restored-media")) }, { key: null });
    const restored = await openDatabase({ dataDir: target });
    try {
      // Resurrected by the restore...
      const [back] = await restored.db.select().from(orders).where(eq(orders.id, shop.orders.cancelled));
      expect(back!.email).toBe(BUYER.email);
      // ...and gone again at the next run.
      const run = await applyRetention(restored.db, DEFAULT_RETENTION, LATER());
      expect([...run.orderIds].sort()).toEqual([shop.orders.cancelled, shop.orders.refunded].sort());
      const rows = await restored.db.select().from(orders).where(inArray(orders.id, run.orderIds));
      expect(rows.map((r) => r.email).sort()).toEqual(run.orderIds.map(erasedEmail).sort());
      expect(JSON.stringify(rows)).not.toContain(BUYER.email);
      expect(await restored.db.select().from(privacyRuns)).toHaveLength(2); // the busy shop's own run, then this one
    } finally {
      await restored.close();
    }
  }, 240_000);
});

describe("buyers' data requests", () => {
  let database: Database;
  let shop: BusyShop;
  const seller = { id: null, actor: "seller:owner@shop.test" };

  const buyer = (email: string, name: string, game: string) => ({ email, name, communityUsername: `${name.toLowerCase()}#1234`, gameUsername: game });
  const place = async (over: Partial<NewOrder>) => {
    const created = await createOrder(database.db, TEST_SITE, newOrder(over), new Date());
    if (!created.ok) throw new Error(created.code);
    return created.order;
  };
  const act = async (orderId: string, action: Parameters<typeof applyOrderAction>[2]) => {
    const done = await applyOrderAction({ db: database.db, site: TEST_SITE, paypal: null, seller, now: new Date() }, orderId, action);
    if (!done.ok) throw new Error(JSON.stringify(done));
  };

  beforeAll(async () => {
    ({ database, shop } = await openBusyShop());
    // Another buyer, who must never appear in the busy buyer's export.
    await place({ buyer: buyer("other@example.com", "Olivia", "OliviaGame"), channel: "manual" });
    await saveContactMessage(
      database.db,
      TEST_SITE,
      { name: "Olivia", email: "other@example.com", message: "Hello there", lang: "en", clientKey: "client-o" },
      new Date(),
    );
    await subscribe(database.db, TEST_SITE, "other@example.com", "en", new Date());
    // The busy buyer writes and subscribes too.
    await saveContactMessage(
      database.db,
      TEST_SITE,
      { name: "Sam", email: BUYER.email, message: "Where is my order?", lang: "en", clientKey: "client-s" },
      new Date(),
    );
    await subscribe(database.db, TEST_SITE, BUYER.email, "en", new Date());
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  it("export holds every row about the email and none about another", async () => {
    const request = await requestPrivacyAction(database.db, TEST_SITE, { orderId: shop.orders.delivered, kind: "export", lang: "en" }, new Date());
    if (!request.ok) throw new Error(request.code);
    const token = await mailedToken(database.db, request.id);
    const result = await confirmExport(database.db, TEST_SITE.keys, token, new Date());
    if (!result.ok) throw new Error(result.code);
    const data = result.data;
    const theirs = await database.db.select().from(orders).where(eq(orders.email, BUYER.email));
    expect(data.orders.map((o) => o.id).sort()).toEqual(theirs.map((o) => o.id).sort());
    const items = await database.db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          theirs.map((o) => o.id),
        ),
      );
    expect(data.orders.flatMap((o) => o.items)).toHaveLength(items.length);
    const money = await database.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.orderId,
          theirs.map((o) => o.id),
        ),
      );
    expect(data.orders.flatMap((o) => o.payments)).toHaveLength(money.length);
    expect(data.orders.find((o) => o.id === shop.orders.delivered)!.problemReports[0]!.messages.length).toBeGreaterThanOrEqual(2);
    expect(data.orders.find((o) => o.id === shop.orders.paid)!.disputes).toHaveLength(1);
    expect(data.orders.find((o) => o.id === shop.orders.paid)!.loginHandover.events.length).toBeGreaterThan(0);
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, BUYER.email));
    expect(data.mails).toHaveLength(mails.length);
    expect(data.contactMessages.map((m) => m.message)).toEqual(["Where is my order?"]);
    expect(data.newsletter.map((n) => n.email)).toEqual([BUYER.email]);
    const text = JSON.stringify(data);
    for (const foreign of ["other@example.com", "Olivia", "alex@example.com", "news@example.com", "Sealed-Password-1", "SamGameLogin"])
      expect(text).not.toContain(foreign);
    // The link worked once.
    expect(await confirmExport(database.db, TEST_SITE.keys, token, new Date())).toEqual({ ok: false, code: "privacy_link_used" });
  });

  it("a link is refused when tampered with or past its time", async () => {
    const request = await requestPrivacyAction(database.db, TEST_SITE, { orderId: shop.orders.delivered, kind: "export", lang: "fr" }, new Date());
    if (!request.ok) throw new Error(request.code);
    const token = await mailedToken(database.db, request.id);
    expect(await confirmExport(database.db, TEST_SITE.keys, `${token}x`, new Date())).toEqual({ ok: false, code: "privacy_link_invalid" });
    expect(await confirmDeletion(database.db, TEST_SITE.keys, token, new Date())).toEqual({ ok: false, code: "privacy_link_invalid" });
    expect(await confirmExport(database.db, TEST_SITE.keys, token, new Date(Date.now() + 25 * 3600_000))).toEqual({ ok: false, code: "privacy_link_expired" });
  });

  it("delete leaves no trace of the email in any table while the order's amounts stay", async () => {
    const gone = buyer(`gone-${randomUUID().slice(0, 8)}@example.com`, "Gwendolyn", "GwenGameAccount");
    const delivered = await place({ buyer: gone, channel: "manual", clientKey: "client-gone" });
    await act(delivered.id, { intent: "mark_paid", method: "crypto", reference: `TX-${randomUUID()}` });
    await act(delivered.id, { intent: "start" });
    await act(delivered.id, { intent: "deliver", publicNote: "Sent to GwenGameAccount", privateNote: "Uploaded to GwenGameAccount" });
    const cancelled = await place({ buyer: gone, channel: "manual", clientKey: "client-gone" });
    await act(cancelled.id, { intent: "cancel", reason: "Asked by the buyer" });
    await saveContactMessage(
      database.db,
      TEST_SITE,
      { name: gone.name, email: gone.email, message: "My account is GwenGameAccount", lang: "en", clientKey: "client-gone" },
      new Date(),
    );
    await subscribe(database.db, TEST_SITE, gone.email.toUpperCase(), "en", new Date());
    await suppressAddress(database.db, gone.email, "manual", null, new Date());
    // Waiting for the out-of-stock Bunker Room, and mailed by a campaign (docs/decisions/045, 046).
    await subscribeRestockAlert(database.db, TEST_SITE, { productId: "8", email: gone.email, lang: "en" }, new Date());
    const [campaign] = await database.db.select({ id: campaigns.id }).from(campaigns).limit(1);
    await database.db.insert(campaignRecipients).values({ campaignId: campaign!.id, email: gone.email, lang: "en", status: "queued" });
    // A delivery screenshot (it shows the buyer's game account): its row goes and its file is removed.
    const proofKey = `delivery-proofs/${delivered.id}/a1b2c3d4.jpg`;
    await database.db.insert(deliveryProofs).values({ orderId: delivered.id, key: proofKey, contentType: "image/jpeg", size: 10, width: 10, height: 10 });
    const removed: string[] = [];
    const files = { delete: async (key: string) => void removed.push(key) };
    const review = await submitReview(
      database.db,
      { productId: "2", name: gone.name, rating: 5, comment: "Great trigger, fast delivery." },
      "client-gone",
      new Date(),
    );
    expect(review.ok).toBe(true);
    const totals = await database.db
      .select({ id: orders.id, total: orders.totalCents })
      .from(orders)
      .where(inArray(orders.id, [delivered.id, cancelled.id]));
    expect(await whereItAppears(database.db, gone.email)).toContain("orders.email");

    const request = await requestPrivacyAction(database.db, TEST_SITE, { orderId: delivered.id, kind: "delete", lang: "es" }, new Date());
    if (!request.ok) throw new Error(request.code);
    const outcome = await confirmDeletion(database.db, TEST_SITE.keys, await mailedToken(database.db, request.id), new Date(), files);
    expect(outcome).toEqual({ ok: true, status: "done" });
    expect(removed).toEqual([proofKey]);
    expect(await database.db.select().from(deliveryProofs).where(eq(deliveryProofs.orderId, delivered.id))).toEqual([]);

    for (const personal of [gone.email, gone.name, gone.gameUsername, gone.communityUsername, "client-gone"]) {
      expect(await whereItAppears(database.db, personal), personal).toEqual([]);
    }
    // The accounts keep the orders: ids, amounts, items, payments.
    const after = await database.db
      .select({ id: orders.id, total: orders.totalCents })
      .from(orders)
      .where(inArray(orders.id, [delivered.id, cancelled.id]));
    expect(after.sort((a, b) => a.id.localeCompare(b.id))).toEqual(totals.sort((a, b) => a.id.localeCompare(b.id)));
    expect(await database.db.select().from(orderItems).where(eq(orderItems.orderId, delivered.id))).toHaveLength(1);
    expect((await database.db.select().from(payments).where(eq(payments.orderId, delivered.id))).map((p) => p.amountCents)).toEqual([delivered.totalCents]);
    expect(await database.db.select().from(reviews).where(eq(reviews.name, ERASED))).toHaveLength(1);
    const [row] = await database.db.select().from(privacyRequests).where(eq(privacyRequests.id, request.id));
    expect(row).toMatchObject({ status: "done", email: null });
    // Nobody else lost anything.
    expect(await database.db.select().from(contactMessages).where(eq(contactMessages.email, "other@example.com"))).toHaveLength(1);
    expect(await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "other@example.com"))).toHaveLength(1);
  });

  it("a deletion that an open order, dispute or report forbids is applied where it can and scheduled with the reason", async () => {
    const request = await requestPrivacyAction(database.db, TEST_SITE, { orderId: shop.orders.cancelled, kind: "delete", lang: "en" }, new Date());
    if (!request.ok) throw new Error(request.code);
    const outcome = await confirmDeletion(database.db, TEST_SITE.keys, await mailedToken(database.db, request.id), new Date());
    if (!outcome.ok || outcome.status !== "scheduled") throw new Error(JSON.stringify(outcome));
    expect([...outcome.blockers].sort()).toEqual(["open_dispute", "open_report", "order_open"]);
    expect(outcome.orderIds).toContain(shop.orders.paid);
    expect(outcome.orderIds).not.toContain(shop.orders.cancelled);
    const [cancelled] = await database.db.select().from(orders).where(eq(orders.id, shop.orders.cancelled));
    expect(cancelled!.email).toBe(erasedEmail(shop.orders.cancelled));
    const [waiting] = await database.db.select().from(orders).where(eq(orders.id, shop.orders.paid));
    expect(waiting!.email).toBe(BUYER.email);
    const [row] = await database.db.select().from(privacyRequests).where(eq(privacyRequests.id, request.id));
    expect(row).toMatchObject({ status: "scheduled", email: BUYER.email });
    expect(row!.reason!.split(",").sort()).toEqual(["open_dispute", "open_report", "order_open"]);
    // The messages and the subscription went at once.
    expect(await database.db.select().from(contactMessages).where(eq(contactMessages.email, BUYER.email))).toEqual([]);
    expect(await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, BUYER.email))).toEqual([]);
    // The export of what is left works on the same address.
    expect((await buyerExport(database.db, BUYER.email, new Date())).orders.length).toBeGreaterThan(0);
  });
});
