/**
 * Campaigns (issue 30, docs/decisions/046) against a real SMTP sink: one mail per confirmed,
 * non-suppressed subscriber in their language, the newsletter headers, product pictures that load,
 * signed click links that count, the pace, pause/resume/cancel, and product announcements.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignRecipients, emailOutbox, newsletterSubscribers } from "../../../db/schema";
import { serveMedia } from "../../../server/media-route";
import { testSite } from "../../../tests/fixtures/site";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { useFakeMail } from "../../../tests/setup/fake-mail";
import { scratch, solidImage, type Scratch } from "../../../tests/setup/media-fixtures";
import type { Lang } from "~/domain/lang";
import { invalidateCatalogue, setCatalogueMediaBase } from "../catalogue/cache.server";
import { appendProductMedia } from "../catalogue/product-media.server";
import { smtpSender } from "../mail/senders.server";
import type { OutboxSenders } from "../mail/outbox.server";
import { suppressAddress } from "../mail/suppressions.server";
import { ingestImage } from "../media/image-pipeline.server";
import { mediaLimits } from "../media/media-env.server";
import { createLocalStorage } from "../media/local-storage.server";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import {
  campaignFigures,
  campaignMessageId,
  cancelCampaign,
  createCampaign,
  createProductCampaign,
  getCampaign,
  pauseCampaign,
  resumeCampaign,
  runCampaigns,
  startCampaign,
} from "./campaigns.server";
import { followCampaignClick } from "./clicks.server";

const OWNER = { id: null, actor: "seller:owner@shop.test" };
const TEXTS = {
  subject: { en: "Spring triggers", fr: "Déclencheurs de printemps", es: "Disparadores de primavera" },
  body: { en: "Hello!\n\nNew things.", fr: "Bonjour !\n\nDu nouveau.", es: "¡Hola!\n\nNovedades." },
  productIds: ["1"],
};

async function subscriber(db: Db, email: string, lang: Lang, status: "pending" | "confirmed" | "unsubscribed", now: Date) {
  await db.insert(newsletterSubscribers).values({ email, lang, status, nonce: `nonce-${email.replace(/\W/g, "")}`.padEnd(22, "x"), createdAt: now });
}

const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

for (const target of testDatabases()) {
  describe(`campaigns on ${target.name}`, () => {
    const database = seededDatabase(target);
    const fake = useFakeMail();
    let root: string;
    let files: Scratch;
    let server: Server;
    let site: Site;
    let senders: OutboxSenders;

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), "campaign-media-"));
      files = await scratch();
      const storage = createLocalStorage({ root, publicBase: "/media" });
      const app = express();
      app.use("/media", serveMedia(storage));
      server = createServer(app);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      site = testSite({ SITE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, SELLER_EMAIL: "owner@shop.test" });
      senders = { email: smtpSender(fake().smtpUrl, "Trigger Shop <news@shop.test>"), discord: null };
      // Product 1 gets a real photo (the seed's drawings are SVG, which mail clients do not show).
      const limits = mediaLimits({ MEDIA_MAX_IMAGE_MB: 5, MEDIA_MAX_VIDEO_MB: 5 });
      const { media } = await ingestImage(await files.file("photo.jpg", await solidImage(800, 600, "jpeg")), { storage, limits });
      await appendProductMedia(database.db, "1", [{ media }]);
      setCatalogueMediaBase(database.db, "/media");
      await invalidateCatalogue(database.db);
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await files?.close();
      await rm(root, { recursive: true, force: true });
    });

    it("mails each confirmed subscriber once in their language, nobody pending, unsubscribed or suppressed, with the newsletter headers and pictures that load", async () => {
      const { db } = database;
      const t0 = new Date("2026-03-01T10:00:00Z");
      await subscriber(db, "en@example.com", "en", "confirmed", t0);
      await subscriber(db, "fr@example.com", "fr", "confirmed", t0);
      await subscriber(db, "es@example.com", "es", "confirmed", t0);
      await subscriber(db, "pending@example.com", "en", "pending", t0);
      await subscriber(db, "gone@example.com", "fr", "unsubscribed", t0);
      await subscriber(db, "bounced@example.com", "es", "confirmed", t0);
      await suppressAddress(db, "Bounced@example.com", "bounce", "550 no such user", t0);

      const id = await createCampaign(db, TEXTS, OWNER, t0);
      expect(await startCampaign(db, id, OWNER, t0)).toEqual({ ok: true, recipients: 3 });
      // A second start changes nothing: the campaign is sending.
      expect((await startCampaign(db, id, OWNER, t0)).ok).toBe(false);

      const report = await runCampaigns(db, senders, site, { now: at(t0, 5), perSecond: 10 });
      expect(report).toMatchObject({ queued: 3, sent: 3, finished: 1 });
      // Nothing is left to send: another run sends nothing.
      expect((await runCampaigns(db, senders, site, { now: at(t0, 10), perSecond: 10 })).sent).toBe(0);

      const mails = fake().mails;
      expect(mails.map((m) => m.to[0]).sort()).toEqual(["en@example.com", "es@example.com", "fr@example.com"]);
      for (const [email, lang] of [
        ["en@example.com", "en"],
        ["fr@example.com", "fr"],
        ["es@example.com", "es"],
      ] as const) {
        const mail = mails.find((m) => m.to[0] === email)!;
        expect(mail.subject).toBe(TEXTS.subject[lang]);
        expect(mail.html).toContain(`<html lang="${lang}">`);
        expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
        expect(mail.headers["list-unsubscribe"]).toContain("/newsletter/unsubscribe?t=");
        expect(mail.headers["message-id"]).toBe(campaignMessageId(site, id, email));
        expect(mail.text).toContain(lang === "en" ? "$" : "€");
        const pictures = [...mail.html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
        expect(pictures.length).toBe(1);
        for (const src of pictures) {
          expect(src.startsWith(site.url)).toBe(true);
          const response = await fetch(src);
          expect(response.status).toBe(200);
          expect(response.headers.get("content-type")).toMatch(/^image\/(jpeg|png)/);
        }
      }

      const campaign = (await getCampaign(db, id))!;
      expect(campaign.status).toBe("sent");
      expect(await campaignFigures(db, campaign)).toMatchObject({ recipients: 3, processed: 3, sent: 3, accepted: 3, bounced: 0, clicks: 0 });

      // The product link is a signed redirect that counts per campaign and product.
      const french = mails.find((m) => m.to[0] === "fr@example.com")!;
      const link = french.text.match(/https?:\/\/\S+\/c\/\S+/)?.[0];
      expect(link).toBeDefined();
      const token = new URL(link!).pathname.slice("/c/".length);
      expect(await followCampaignClick(db, site.keys, token)).toBe("/fr/product/1");
      expect(await followCampaignClick(db, site.keys, token)).toBe("/fr/product/1");
      expect(await followCampaignClick(db, site.keys, `${token.slice(0, -2)}xx`)).toBeNull();
      expect((await campaignFigures(db, campaign)).clicks).toBe(2);
    });

    it("hands out mails at the configured pace, pauses, resumes without a burst, and a cancel sends nobody else", async () => {
      const { db } = database;
      const t0 = new Date("2026-03-02T10:00:00Z");
      await db.delete(newsletterSubscribers);
      for (let i = 0; i < 30; i++) await subscriber(db, `p${String(i).padStart(2, "0")}@example.com`, "en", "confirmed", t0);
      fake().reset();
      const id = await createCampaign(db, TEXTS, OWNER, t0);
      expect(await startCampaign(db, id, OWNER, t0)).toEqual({ ok: true, recipients: 30 });

      const queued = async () =>
        (await db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id))).filter((r) => r.status === "queued").length;
      await runCampaigns(db, senders, site, { now: at(t0, 1), perSecond: 4 });
      expect(await queued()).toBe(4);
      await runCampaigns(db, senders, site, { now: at(t0, 1.5), perSecond: 4 });
      expect(await queued()).toBe(6);
      await runCampaigns(db, senders, site, { now: at(t0, 2), perSecond: 4 });
      expect(await queued()).toBe(8);

      expect((await pauseCampaign(db, id, OWNER, at(t0, 2))).ok).toBe(true);
      await runCampaigns(db, senders, site, { now: at(t0, 60), perSecond: 4 });
      expect(await queued()).toBe(8);
      expect((await resumeCampaign(db, id, OWNER, at(t0, 60))).ok).toBe(true);
      // A minute paused is not a minute of mails at once.
      await runCampaigns(db, senders, site, { now: at(t0, 61), perSecond: 4 });
      expect(await queued()).toBe(12);
      expect(fake().mails.length).toBe(12);

      expect((await cancelCampaign(db, id, OWNER, at(t0, 61))).ok).toBe(true);
      await runCampaigns(db, senders, site, { now: at(t0, 70), perSecond: 4 });
      expect(await queued()).toBe(12);
      expect((await getCampaign(db, id))!.status).toBe("cancelled");
      expect((await resumeCampaign(db, id, OWNER, at(t0, 71))).ok).toBe(false);
    });

    it("skips an address that unsubscribed after the campaign started", async () => {
      const { db } = database;
      const t0 = new Date("2026-03-03T10:00:00Z");
      await db.delete(newsletterSubscribers);
      await subscriber(db, "stays@example.com", "es", "confirmed", t0);
      await subscriber(db, "leaves@example.com", "fr", "confirmed", t0);
      fake().reset();
      const id = await createCampaign(db, { ...TEXTS, subject: { ...TEXTS.subject, es: "" } }, OWNER, t0);
      await startCampaign(db, id, OWNER, t0);
      await db
        .update(newsletterSubscribers)
        .set({ status: "unsubscribed", unsubscribedAt: at(t0, 1) })
        .where(eq(newsletterSubscribers.email, "leaves@example.com"));
      await runCampaigns(db, senders, site, { now: at(t0, 2), perSecond: 10 });
      expect(fake().mails.map((m) => m.to[0])).toEqual(["stays@example.com"]);
      // No Spanish subject: the Spanish subscriber gets the English text (docs/decisions/046).
      expect(fake().mails[0]!.subject).toBe(TEXTS.subject.en);
      const figures = await campaignFigures(db, (await getCampaign(db, id))!);
      expect(figures).toMatchObject({ recipients: 2, skipped: 1, accepted: 1, unsubscribed: 1 });
    });

    it("announces a product to every subscriber as a one-product campaign, started at once", async () => {
      const { db } = database;
      const t0 = new Date("2026-03-04T10:00:00Z");
      const id = await createProductCampaign(db, "1", t0);
      expect(id).not.toBeNull();
      const campaign = (await getCampaign(db, id!))!;
      expect(campaign).toMatchObject({ status: "sending", productIds: ["1"], recipients: 1 });
      expect(campaign.subject.fr).toContain("Nouveau");
      expect(await createProductCampaign(db, "no-such-product", t0)).toBeNull();
      await runCampaigns(db, senders, site, { now: at(t0, 1), perSecond: 10 });
      const outbox = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "campaign"));
      expect(outbox.length).toBeGreaterThan(0);
    });
  });
}
