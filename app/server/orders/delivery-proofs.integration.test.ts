/**
 * Delivery proofs (issue 29, docs/decisions/043), through the console's routes: screenshots posted
 * with the deliver form (multipart) are re-encoded without EXIF into the private storage, recorded
 * with the delivery, served to the signed-in seller and, under the order's signed link, to its buyer
 * only — never by the public media storage; non-images, too large files and too many are refused
 * with their reason and leave nothing behind; the dispute evidence carries them to the fake PayPal.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryProofs, orders } from "../../../db/schema";
import { BUYER } from "../../../tests/fixtures/orders";
import { payThroughPayPal, placeOrder } from "../../../tests/fixtures/paid-order";
import { testDatabases } from "../../../tests/setup/databases";
import { fakePayPalConfig, useFakePayPal } from "../../../tests/setup/fake-paypal";
import { sidewaysJpegWithGps, solidImage } from "../../../tests/setup/media-fixtures";
import { routeContext } from "../../../tests/setup/route-context";
import * as consoleOrderRoute from "../../routes/admin/order";
import * as consoleProofRoute from "../../routes/admin/order-proof";
import * as buyerProofRoute from "../../routes/order-proof";
import * as consoleReportRoute from "../../routes/admin/report";
import { openProblemReport } from "../problem-reports/reports.server";
import { applyDisputeAction } from "../disputes/actions.server";
import { mediaLimits } from "../media/media-env.server";
import { createMedia } from "../media/media.server";
import { createPrivateStorage } from "../media/private-storage.server";
import { createPayPalAdapter, type PayPalAdapter } from "../paypal/adapter.server";
import { handlePayPalWebhook } from "../payments/payments.server";
import { createSeller } from "../seller-auth/sellers.server";
import { signSessionToken } from "../seller-auth/session-cookie.server";
import { createSession } from "../seller-auth/sessions.server";
import { orderAccessKey } from "./links.server";

const SITE = "http://localhost:3000";
const fake = useFakePayPal();
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "delivery-proofs-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The outcome of a loader or action, thrown or returned: its status and message. */
async function outcome(run: () => unknown): Promise<{ status: number; message?: string; response?: Response }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    if (thrown instanceof Error) throw thrown;
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, response: value };
  const reply = value as { type?: string; init: ResponseInit | null; data: { message?: string } | null };
  if (reply?.type === "DataWithResponseInit") return { status: reply.init?.status ?? 200, message: reply.data?.message };
  return { status: 200 };
}

for (const target of testDatabases()) {
  describe(`delivery proofs on ${target.name}`, () => {
    let media: ReturnType<typeof createMedia>;
    let privateFiles: ReturnType<typeof createPrivateStorage>;
    const overrides = {
      get media() {
        return media;
      },
      get privateFiles() {
        return privateFiles;
      },
    };
    beforeAll(() => {
      const dir = path.join(root, target.name);
      media = createMedia({
        storage: { kind: "local", root: path.join(dir, "media"), publicBase: "/media" },
        limits: mediaLimits({ MEDIA_MAX_IMAGE_MB: 1, MEDIA_MAX_VIDEO_MB: 2 }),
        uploadTempDir: path.join(dir, "upload-tmp"),
        ffmpegPath: null,
      });
      privateFiles = createPrivateStorage({ kind: "local", root: path.join(dir, "private") });
    });
    // The services are built in routeContext's beforeAll, after the storages above.
    const context = routeContext(target, overrides as never);
    let paypal: PayPalAdapter;
    beforeAll(() => {
      paypal = createPayPalAdapter(fakePayPalConfig(fake()));
    });

    let cookie = "";
    beforeAll(async () => {
      const created = await createSeller(context.db, `proofs-${target.name}@shop.test`, "a long proof password", new Date(), "staff");
      if (!created.ok) throw new Error("seller exists");
      const session = await createSession(context.db, { sellerId: created.seller.id, stage: "active" }, new Date());
      cookie = `seller_session=${signSessionToken(session.token, context.services.keys.key("session"))}`;
    });

    let n = 0;
    async function paidOrder() {
      const unique = `${target.name.slice(0, 2)}${++n}${Date.now().toString(36)}`;
      const placed = await placeOrder(context.db, { buyer: { ...BUYER, email: `${unique}@example.com`, gameUsername: `G${unique}` } });
      await payThroughPayPal(context.db, paypal, fake(), placed.id);
      // Delivered from "in progress" (the state table): the seller starts it first.
      const start = new FormData();
      start.append("intent", "start");
      expect(await post(placed.id, start)).toMatchObject({ status: 200 });
      return placed.id;
    }

    function deliverForm(files: { name: string; type: string; bytes: Buffer | Uint8Array }[], note = "Gift sent to the username at 14:02 UTC") {
      const form = new FormData();
      form.append("intent", "deliver");
      form.append("publicNote", "Enjoy!");
      form.append("privateNote", note);
      for (const file of files) form.append("proofs", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      return form;
    }

    const post = (orderId: string, form: FormData) =>
      outcome(() =>
        consoleOrderRoute.action({
          ...context.args(new Request(`${SITE}/admin/orders/${orderId}`, { method: "POST", headers: { cookie, origin: SITE }, body: form }), "198.51.100.7"),
          params: { id: orderId },
        } as never),
      );
    const sellerGet = (orderId: string, proof: string, withCookie = true) =>
      outcome(() =>
        consoleProofRoute.loader({
          ...context.args(new Request(`${SITE}/admin/orders/${orderId}/proofs/${proof}`, { headers: withCookie ? { cookie } : {} }), "198.51.100.7"),
          params: { id: orderId, proof },
        } as never),
      );
    const buyerGet = (orderId: string, proof: string, key: string | null) =>
      outcome(() =>
        buyerProofRoute.loader({
          ...context.args(new Request(`${SITE}/order/${orderId}/proofs/${proof}${key === null ? "" : `?k=${key}`}`), "198.51.100.8"),
          params: { id: orderId, proof },
        } as never),
      );
    const proofsOf = (orderId: string) => context.db.select().from(deliveryProofs).where(eq(deliveryProofs.orderId, orderId)).orderBy(deliveryProofs.id);
    async function privateKeys(): Promise<string[]> {
      const keys: string[] = [];
      for await (const { key } of privateFiles.list("delivery-proofs/")) keys.push(key);
      return keys;
    }

    it("stores two screenshots privately without their EXIF, with the delivery; the seller and the order's link open them, nobody else", async () => {
      const orderId = await paidOrder();
      const camera = await sidewaysJpegWithGps(800, 600);
      const screen = await solidImage(300, 500, "png", true);
      const reply = await post(
        orderId,
        deliverForm([
          { name: "inventory.jpg", type: "image/jpeg", bytes: camera },
          { name: "gift.png", type: "image/png", bytes: screen },
        ]),
      );
      expect(reply).toMatchObject({ status: 200, message: expect.stringContaining("with 2 screenshots") });
      const [order] = await context.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order.status).toBe("delivered");

      const rows = await proofsOf(orderId);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.deliveryId).toBeNull();
        expect(row.key).toMatch(new RegExp(`^delivery-proofs/${orderId}/[0-9a-f]{32}\\.jpg$`));
        expect(row.contentType).toBe("image/jpeg");
        // In the private storage only: the public media storage (what /media serves) has no such file.
        expect(await privateFiles.head(row.key)).toMatchObject({ size: row.size });
        expect(await media.storage.head(row.key)).toBeNull();
      }
      // Upright (the camera's orientation applied), metadata gone.
      expect(rows[0]).toMatchObject({ width: 600, height: 800 });
      const stored = await sharp(Buffer.from(await (await sellerGet(orderId, String(rows[0].id))).response!.arrayBuffer())).metadata();
      expect(stored.format).toBe("jpeg");
      expect(stored.exif).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.orientation).toBeUndefined();

      // The seller's route.
      const seen = await sellerGet(orderId, String(rows[1].id));
      expect(seen.status).toBe(200);
      expect(seen.response!.headers.get("content-type")).toBe("image/jpeg");
      expect(seen.response!.headers.get("cache-control")).toMatch(/^private/);
      expect((await sellerGet(orderId, String(rows[1].id), false)).status).not.toBe(200);

      // The buyer's route: the order's key opens its own proofs only.
      const key = orderAccessKey(context.services.keys, orderId);
      const opened = await buyerGet(orderId, String(rows[0].id), key);
      expect(opened.status).toBe(200);
      expect((await opened.response!.arrayBuffer()).byteLength).toBe(rows[0].size);
      expect((await buyerGet(orderId, String(rows[0].id), null)).status).toBe(404);
      expect((await buyerGet(orderId, String(rows[0].id), "0".repeat(43))).status).toBe(404);
      const other = await paidOrder();
      expect((await buyerGet(other, String(rows[0].id), orderAccessKey(context.services.keys, other))).status).toBe(404);
      expect((await buyerGet(orderId, String(rows[0].id), orderAccessKey(context.services.keys, other))).status).toBe(404);
      expect((await buyerGet(orderId, "999999", key)).status).toBe(404);
      expect((await buyerGet(orderId, "../x", key)).status).toBe(404);
    });

    it("refuses a file that is not an image, one too large and a fifth one, naming why; the order stays undelivered and nothing is kept", async () => {
      const orderId = await paidOrder();
      const before = (await privateKeys()).length;
      const photo = await solidImage(200, 200, "jpeg");

      const text = await post(orderId, deliverForm([{ name: "log.txt", type: "image/png", bytes: Buffer.from("not a picture at all") }]));
      expect(text.status).toBe(422);
      expect(text.message).toContain("log.txt is not a JPEG, PNG, WebP or AVIF image");

      const pdf = await post(orderId, deliverForm([{ name: "proof.pdf", type: "application/pdf", bytes: Buffer.from("%PDF-1.4\n%%EOF\n") }]));
      expect(pdf.status).toBe(422);
      expect(pdf.message).toContain("PDF");

      const big = await post(orderId, deliverForm([{ name: "huge.jpg", type: "image/jpeg", bytes: Buffer.alloc(1024 * 1024 + 10, 1) }]));
      expect(big.status).toBe(413);
      expect(big.message).toContain("huge.jpg is larger than 1 MB");

      const five = await post(orderId, deliverForm(Array.from({ length: 5 }, (_, i) => ({ name: `shot-${i}.jpg`, type: "image/jpeg", bytes: photo }))));
      expect(five.status).toBe(413);
      expect(five.message).toContain("At most 4 screenshots");

      // A good file beside a bad one: nothing of the good one stays.
      const mixed = await post(
        orderId,
        deliverForm([
          { name: "good.jpg", type: "image/jpeg", bytes: photo },
          { name: "bad.gif", type: "image/gif", bytes: await solidImage(10, 10, "gif") },
        ]),
      );
      expect(mixed.status).toBe(422);
      expect(mixed.message).toContain("bad.gif");

      const [order] = await context.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order.status).toBe("in_progress");
      expect(await proofsOf(orderId)).toEqual([]);
      expect((await privateKeys()).length).toBe(before);
    });

    it("a re-delivery from a problem report carries its own screenshots, recorded with its delivery row", async () => {
      const orderId = await paidOrder();
      expect((await post(orderId, deliverForm([]))).status).toBe(200);
      const opened = await openProblemReport(context.db, context.services.site, { orderId, reason: "not_received", message: "Nothing arrived" }, new Date());
      if (!opened.ok) throw new Error("report not opened");
      const form = new FormData();
      form.append("intent", "redeliver");
      form.append("publicNote", "Sent again");
      form.append("privateNote", "Gifted again at 15:00");
      form.append("proofs", new Blob([new Uint8Array(await solidImage(200, 400, "webp"))], { type: "image/webp" }), "again.webp");
      const reply = await outcome(() =>
        consoleReportRoute.action({
          ...context.args(
            new Request(`${SITE}/admin/reports/${opened.reportId}`, { method: "POST", headers: { cookie, origin: SITE }, body: form }),
            "198.51.100.7",
          ),
          params: { id: String(opened.reportId) },
        } as never),
      );
      expect(reply).toMatchObject({ status: 200, message: expect.stringContaining("with 1 screenshot") });
      const rows = await proofsOf(orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ deliveryId: expect.any(Number), contentType: "image/jpeg", width: 200, height: 400 });
      const key = orderAccessKey(context.services.keys, orderId);
      expect((await buyerGet(orderId, String(rows[0].id), key)).status).toBe(200);
    });

    it("the dispute evidence sends the screenshots beside the note and the PDF, and the fake PayPal accepts them", async () => {
      const orderId = await paidOrder();
      const shots = [await solidImage(320, 640, "png"), await solidImage(640, 320, "jpeg")];
      const delivered = await post(
        orderId,
        deliverForm(shots.map((bytes, i) => ({ name: `shot-${i}.${i ? "jpg" : "png"}`, type: i ? "image/jpeg" : "image/png", bytes }))),
      );
      expect(delivered.status).toBe(200);
      const opened = fake().openDispute({ invoiceId: orderId });
      const created = fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.CREATED", "PROOFSWEBHOOK");
      expect(await handlePayPalWebhook(context.db, context.services.site, paypal, "PROOFSWEBHOOK", created.headers, created.rawBody, new Date())).toBe(
        "processed",
      );
      const seller = { id: null, actor: "seller:owner@shop.test" };
      const notes = `Order ${orderId} delivered; screenshots attached.`;
      const result = await applyDisputeAction({ db: context.db, site: context.services.site, paypal, seller, now: new Date(), privateFiles }, opened.id, {
        intent: "send_evidence",
        notes,
      });
      expect(result).toMatchObject({ ok: true, message: expect.stringContaining("with 2 delivery screenshots") });
      expect(fake().takeViolations()).toEqual([]);
      const sent = fake()
        .requests.filter((r) => r.route === "provide-evidence")
        .at(-1)!;
      expect(sent.parts?.map((p) => [p.name, p.filename, p.contentType])).toEqual([
        ["input", "input.json", "application/json"],
        ["evidence-file", expect.stringMatching(/^evidence-.+\.pdf$/), "application/pdf"],
        ["evidence-file", "delivery-screenshot-1.jpg", "image/jpeg"],
        ["evidence-file", "delivery-screenshot-2.jpg", "image/jpeg"],
      ]);
      const rows = await proofsOf(orderId);
      expect(sent.parts![2].size).toBe(rows[0].size);
      const evidence = fake().disputes.get(opened.id)!.evidences[0] as { documents: { name: string }[] };
      expect(evidence.documents.map((d) => d.name)).toEqual([expect.stringMatching(/\.pdf$/), "delivery-screenshot-1.jpg", "delivery-screenshot-2.jpg"]);
    });
  });
}
