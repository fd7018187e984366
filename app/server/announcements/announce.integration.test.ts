/**
 * "Announce on Discord" (issue 30, docs/decisions/044): the embed — JPEG picture at an absolute URL,
 * title, price, link — reaches the fake community webhook through the outbox, after waiting out a
 * 429's retry_after; a draft or archived product is refused, and so is any product without the hook.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, sellerActions } from "../../../db/schema";
import { photo } from "../../../tests/fixtures/product-media";
import { testSite } from "../../../tests/fixtures/site";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { useFakeMail } from "../../../tests/setup/fake-mail";
import { appendProductMedia } from "../catalogue/product-media.server";
import { setArchived } from "../catalogue/console-products.server";
import { deliverDueMail } from "../mail/outbox.server";
import { discordSender } from "../mail/senders.server";
import { announceProduct, embedPicture } from "./announce.server";

const at = new Date("2026-11-27T15:00:00Z");
const SITE = testSite({ SITE_URL: "https://shop.test" });
const SELLER = { id: null, actor: "seller:owner@shop.test" };
const ON = { mediaBase: "/media", communityWebhook: true };

describe("the announcement's picture", () => {
  it("is the widest JPEG/PNG up to 1280 px at an absolute URL, never AVIF/WebP/SVG, and none for SVG-only media", () => {
    expect(embedPicture([{ media: photo }], "/media", "https://shop.test")).toBe("https://shop.test/media/img/jpeg-1280w.jpeg");
    expect(embedPicture([{ media: photo }], "https://cdn.test/m", "https://shop.test")).toBe("https://cdn.test/m/img/jpeg-1280w.jpeg");
    const svg = { ...photo, fallback: "svg" as const, variants: [{ format: "svg" as const, width: 800, height: 600, key: "seed/x.svg", bytes: 1 }] };
    expect(embedPicture([{ media: svg }], "/media", "https://shop.test")).toBeNull();
  });
});

for (const target of testDatabases()) {
  describe(`announcing a product on ${target.name}`, () => {
    const database = seededDatabase(target);
    const fake = useFakeMail();

    it("posts the embed to the community webhook (not the seller's), retrying a 429 after its retry_after, audited", async () => {
      const { db } = database;
      const [product] = await db
        .select()
        .from(products)
        .where(and(eq(products.listed, true), isNull(products.archivedAt)))
        .limit(1);
      await appendProductMedia(db, product.id, [{ media: photo }]);
      expect(await announceProduct(db, SITE, ON, SELLER, product.id, at)).toMatchObject({ ok: true });

      fake().rateLimit(1, 1.5);
      const senders = { email: null, discord: discordSender(fake().discordWebhookUrl), community_discord: discordSender(fake().communityWebhookUrl) };
      expect(await deliverDueMail(db, senders, { now: at })).toMatchObject({ retried: 1 });
      expect(fake().community).toHaveLength(0);
      expect(await deliverDueMail(db, senders, { now: new Date(at.getTime() + 1000) })).toMatchObject({ sent: 0 });
      expect(await deliverDueMail(db, senders, { now: new Date(at.getTime() + 1500) })).toMatchObject({ sent: 1 });
      expect(fake().discord).toHaveLength(0);
      expect(fake().community).toHaveLength(1);
      const body = fake().community[0] as {
        allowed_mentions: unknown;
        embeds: { title: string; url: string; image: { url: string }; fields: { name: string; value: string }[] }[];
      };
      expect(body.allowed_mentions).toEqual({ parse: [] });
      const [embed] = body.embeds;
      expect(embed.title).toBe(product.title);
      expect(embed.url).toBe(`https://shop.test/product/${product.id}`);
      expect(embed.image.url).toBe("https://shop.test/media/img/jpeg-1280w.jpeg");
      expect(embed.fields[0]).toMatchObject({ name: "Price", value: expect.stringContaining(`$${(product.priceCents / 100).toFixed(2)}`) });
      const audit = await db.select().from(sellerActions).where(eq(sellerActions.action, "product_announce"));
      expect(audit.map((a) => a.target)).toEqual([`product:${product.id}`]);
    });

    it("refuses a draft or archived product, and any product while COMMUNITY_DISCORD_WEBHOOK is unset", async () => {
      const { db } = database;
      const [draft] = await db.select().from(products).where(eq(products.listed, true)).limit(1);
      await setArchived(db, SELLER, draft.id, true, at);
      expect(await announceProduct(db, SITE, ON, SELLER, draft.id, at)).toEqual({ ok: false, code: "not_published" });
      expect(await announceProduct(db, SITE, { ...ON, communityWebhook: false }, SELLER, draft.id, at)).toEqual({ ok: false, code: "not_configured" });
      expect(await announceProduct(db, SITE, ON, SELLER, "no-such-product", at)).toEqual({ ok: false, code: "not_found" });
      await setArchived(db, SELLER, draft.id, false, at);
    });
  });
}
