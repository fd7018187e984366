import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, newsletterSubscribers } from "../../../db/schema";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { useFakeMail } from "../../../tests/setup/fake-mail";
import type { Db } from "../platform/db.server";
import { deliverDueMail } from "../mail/outbox.server";
import { smtpSender } from "../mail/senders.server";
import { newsletterToken } from "./links.server";
import { confirmSubscription, inspectNewsletterLink, listSubscribers, subscribe, unsubscribe } from "./newsletter.server";
import { testSite } from "../../../tests/fixtures/site";

const SITE = "http://shop.test";
const SECRET = "newsletter-test-secret-newsletter-test-secret";
const site = testSite({ SESSION_SECRET: SECRET, SITE_URL: SITE, SHOP_EMAIL: "help@shop.test" });

/** The outbox rows written for an address, oldest first. */
const mailsTo = (db: Db, email: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(emailOutbox.id);

const rowOf = async (db: Db, email: string) => (await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

/** The token of the mail's link to `path` (e.g. /fr/newsletter/confirm). */
function tokenIn(text: string, path: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no link to ${path} in:\n${text}`);
  expect(new URL(link).origin).toBe(SITE);
  return new URL(link).searchParams.get("t") ?? "";
}

/** Signs up `email` and returns the confirm and unsubscribe tokens of the mail it queued. */
async function signUp(db: Db, email: string, lang: "en" | "fr" | "es" = "en", now = new Date()) {
  await subscribe(db, site, email, lang, now);
  const mail = (await mailsTo(db, email.trim().toLowerCase())).at(-1)!;
  const prefix = lang === "en" ? "" : `/${lang}`;
  return { mail, confirm: tokenIn(mail.text, `${prefix}/newsletter/confirm`), unsubscribe: tokenIn(mail.text, `${prefix}/newsletter/unsubscribe`) };
}

for (const target of testDatabases()) {
  describe(`newsletter double opt-in on ${target.name}`, () => {
    const database = seededDatabase(target);
    const fake = useFakeMail();

    it("stores a sign-up as pending, not counted, and queues a confirmation in the page's language with an unsubscribe link and List-Unsubscribe headers", async () => {
      const { mail, unsubscribe: unsubscribeToken } = await signUp(database.db, "  Fan@Example.COM ", "fr");
      expect(await rowOf(database.db, "fan@example.com")).toMatchObject({
        status: "pending",
        lang: "fr",
        confirmedAt: null,
        nonce: expect.stringMatching(/^[\w-]{22}$/),
      });
      expect((await listSubscribers(database.db)).length).toBe(0);
      expect((await listSubscribers(database.db)).map((s) => s.email)).not.toContain("fan@example.com");

      expect(mail).toMatchObject({
        kind: "newsletter_confirm",
        lang: "fr",
        status: "pending",
        subject: "Confirmez votre abonnement à la newsletter Trigger Shop",
      });
      expect(mail.text).toContain("Confirmer mon abonnement:\nhttp://shop.test/fr/newsletter/confirm?t=");
      expect(mail.text).toContain(`Se désabonner de la newsletter: http://shop.test/fr/newsletter/unsubscribe?t=${unsubscribeToken}`);
      expect(mail.html).toContain('<html lang="fr">');
      expect(mail.html).toContain(`href="http://shop.test/fr/newsletter/unsubscribe?t=${unsubscribeToken}"`);
      expect(mail.headers).toEqual({
        "List-Unsubscribe": `<http://shop.test/fr/newsletter/unsubscribe?t=${unsubscribeToken}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    });

    it("confirms through the link once: the address then counts, and the link is spent", async () => {
      const { confirm } = await signUp(database.db, "once@example.com");
      expect(await inspectNewsletterLink(database.db, site.keys, "confirm", confirm)).toEqual({ state: "ready", email: "once@example.com" });
      const before = (await listSubscribers(database.db)).length;
      expect(await confirmSubscription(database.db, site.keys, confirm, new Date())).toEqual({ state: "done", email: "once@example.com" });
      expect(await rowOf(database.db, "once@example.com")).toMatchObject({ status: "confirmed", confirmedAt: expect.any(Date) });
      expect((await listSubscribers(database.db)).length).toBe(before + 1);
      expect(await listSubscribers(database.db)).toContainEqual(expect.objectContaining({ email: "once@example.com", lang: "en" }));

      expect(await confirmSubscription(database.db, site.keys, confirm, new Date())).toEqual({ state: "used" });
      expect(await inspectNewsletterLink(database.db, site.keys, "confirm", confirm)).toEqual({ state: "used" });
      expect((await listSubscribers(database.db)).length).toBe(before + 1);
    });

    it("unsubscribes through the link once — the confirmation mail's own link still works after confirming — and then stops counting", async () => {
      const { confirm, unsubscribe: leave } = await signUp(database.db, "leaver@example.com", "es");
      await confirmSubscription(database.db, site.keys, confirm, new Date());
      const counted = (await listSubscribers(database.db)).length;
      expect(await inspectNewsletterLink(database.db, site.keys, "unsubscribe", leave)).toEqual({ state: "ready", email: "leaver@example.com" });
      expect(await unsubscribe(database.db, site.keys, leave, new Date())).toEqual({ state: "done", email: "leaver@example.com" });
      expect(await rowOf(database.db, "leaver@example.com")).toMatchObject({ status: "unsubscribed", unsubscribedAt: expect.any(Date) });
      expect((await listSubscribers(database.db)).length).toBe(counted - 1);

      expect(await unsubscribe(database.db, site.keys, leave, new Date())).toEqual({ state: "used" });
      expect(await confirmSubscription(database.db, site.keys, confirm, new Date())).toEqual({ state: "used" });
      expect((await rowOf(database.db, "leaver@example.com")).status).toBe("unsubscribed");
    });

    it("lets a pending address say 'not me' with the unsubscribe link, which also kills the confirm link", async () => {
      const { confirm, unsubscribe: leave } = await signUp(database.db, "notme@example.com");
      expect(await unsubscribe(database.db, site.keys, leave, new Date())).toMatchObject({ state: "done" });
      expect(await confirmSubscription(database.db, site.keys, confirm, new Date())).toEqual({ state: "used" });
      expect((await rowOf(database.db, "notme@example.com")).status).toBe("unsubscribed");
    });

    it("refuses tampered links, links of the other kind and links signed with another secret, and changes nothing", async () => {
      const { confirm, unsubscribe: leave } = await signUp(database.db, "victim@example.com");
      const row = await rowOf(database.db, "victim@example.com");
      const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);
      const [, nonce] = confirm.split(".");
      // Someone else's address with the victim's nonce and signature.
      const otherAddress = confirm.replace(Buffer.from("victim@example.com").toString("base64url"), Buffer.from("attacker@example.com").toString("base64url"));
      const foreign = newsletterToken(testSite({ SESSION_SECRET: "another-shop-another-secret-0123456789", SITE_URL: SITE }).keys, "confirm", {
        email: "victim@example.com",
        nonce,
      });

      const forged = [flip(confirm, confirm.length - 3), flip(confirm, 20), otherAddress, foreign, leave, confirm.slice(0, -1), "", "garbage", `${confirm}.x`];
      for (const token of forged) {
        expect(await inspectNewsletterLink(database.db, site.keys, "confirm", token)).toEqual({ state: "invalid" });
        expect(await confirmSubscription(database.db, site.keys, token, new Date())).toEqual({ state: "invalid" });
      }
      expect(await unsubscribe(database.db, site.keys, confirm, new Date())).toEqual({ state: "invalid" });
      expect(await unsubscribe(database.db, site.keys, flip(leave, leave.length - 2), new Date())).toEqual({ state: "invalid" });
      expect(await rowOf(database.db, "victim@example.com")).toEqual(row);
      // The genuine link still works afterwards.
      expect(await confirmSubscription(database.db, site.keys, confirm, new Date())).toMatchObject({ state: "done" });
    });

    it("re-signing up: pending → the same working link again; confirmed → an 'already subscribed' mail, nothing changed; unsubscribed → pending with a new link", async () => {
      const first = await signUp(database.db, "again@example.com");
      const second = await signUp(database.db, "again@example.com", "fr");
      expect(second.mail.subject).toBe("Confirmez votre abonnement à la newsletter Trigger Shop");
      expect(second.confirm).toBe(first.confirm); // same nonce: the first mail still works too
      expect((await rowOf(database.db, "again@example.com")).lang).toBe("fr");
      await confirmSubscription(database.db, site.keys, first.confirm, new Date());

      const confirmedRow = await rowOf(database.db, "again@example.com");
      await subscribe(database.db, site, "Again@example.com", "en", new Date());
      expect(await rowOf(database.db, "again@example.com")).toEqual(confirmedRow);
      const already = (await mailsTo(database.db, "again@example.com")).at(-1)!;
      expect(already).toMatchObject({ kind: "newsletter_already_subscribed", subject: "Your Trigger Shop newsletter subscription" });
      expect(already.text).not.toContain("/newsletter/confirm");
      expect(already.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const alreadyLeave = tokenIn(already.text, "/newsletter/unsubscribe");

      expect(await unsubscribe(database.db, site.keys, alreadyLeave, new Date())).toMatchObject({ state: "done" });
      const third = await signUp(database.db, "again@example.com", "es");
      expect(third.mail.kind).toBe("newsletter_confirm");
      expect((await rowOf(database.db, "again@example.com")).status).toBe("pending");
      expect(third.confirm).not.toBe(first.confirm);
      expect(await confirmSubscription(database.db, site.keys, first.confirm, new Date())).toEqual({ state: "used" });
      expect(await confirmSubscription(database.db, site.keys, third.confirm, new Date())).toMatchObject({ state: "done" });
    });

    it("writes at most five mails an hour for one address, however many clients ask; the sign-up still succeeds", async () => {
      const now = new Date("2026-06-01T10:00:00Z");
      for (let i = 0; i < 7; i++) await subscribe(database.db, site, "flooded@example.com", "en", new Date(now.getTime() + i * 1000));
      expect(await mailsTo(database.db, "flooded@example.com")).toHaveLength(5);
      expect((await rowOf(database.db, "flooded@example.com")).status).toBe("pending");
      await subscribe(database.db, site, "flooded@example.com", "en", new Date(now.getTime() + 60 * 60_000));
      expect(await mailsTo(database.db, "flooded@example.com")).toHaveLength(6);
    });

    it("holds one row and one pending link under concurrent sign-ups of one address", async () => {
      await Promise.all(Array.from({ length: 4 }, () => subscribe(database.db, site, "race@example.com", "en", new Date())));
      const mails = await mailsTo(database.db, "race@example.com");
      expect(mails).toHaveLength(4);
      const tokens = new Set(mails.map((m) => tokenIn(m.text, "/newsletter/confirm")));
      expect(tokens.size).toBe(1);
      expect(await confirmSubscription(database.db, site.keys, [...tokens][0], new Date())).toMatchObject({ state: "done" });
    });

    it("delivers the confirmation through SMTP with the List-Unsubscribe headers a mail client reads", async () => {
      const { unsubscribe: leave } = await signUp(database.db, "smtp@example.com");
      await deliverDueMail(database.db, { email: smtpSender(fake().smtpUrl, "Trigger Shop <news@shop.test>"), discord: null }, { now: new Date(), batch: 500 });
      const mail = fake().mails.find((m) => m.to.includes("smtp@example.com"));
      expect(mail?.subject).toBe("Confirm your subscription to the Trigger Shop newsletter");
      expect(mail?.headers["list-unsubscribe"]?.replace(/\s+/g, "")).toBe(`<http://shop.test/newsletter/unsubscribe?t=${leave}>`);
      expect(mail?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      const sent = await database.db
        .select({ status: emailOutbox.status })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, "smtp@example.com"), eq(emailOutbox.kind, "newsletter_confirm")));
      expect(sent).toEqual([{ status: "sent" }]);
    });
  });
}
