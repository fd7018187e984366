/**
 * Mail that reaches the inbox (issue 30, docs/decisions/044): every mail DKIM-signed (checked with
 * mailauth, a library that did not sign it, against the test's own DNS record), a permanent SMTP
 * refusal suppresses the address while a transient one is retried, and a Discord 429 waits exactly
 * its retry_after.
 */
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../../db/schema";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { useFakeMail } from "../../../tests/setup/fake-mail";
import { parseEnv } from "../platform/env.server";
import { deliverDueMail, enqueueCommunityDiscord, enqueueMail } from "./outbox.server";
import { discordSender, dkimSettings, smtpSender } from "./senders.server";
import { isSuppressed, listSuppressions } from "./suppressions.server";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const PUBLIC_B64 = publicKey.export({ type: "spki", format: "der" }).toString("base64");
/** The TXT record the README tells the seller to publish, answered by the test's resolver. */
const DNS: Record<string, string[][]> = { "shop2026._domainkey.shop.test": [[`v=DKIM1; k=rsa; p=${PUBLIC_B64}`]] };
const resolver = async (name: string, type: string) => {
  const answer = type === "TXT" ? DNS[name.toLowerCase()] : undefined;
  if (!answer) throw Object.assign(new Error(`no ${type} for ${name}`), { code: "ENOTFOUND" });
  return answer;
};

const at = new Date("2026-11-27T10:00:00Z");
const FROM = "Trigger Shop <orders@shop.test>";

for (const target of testDatabases()) {
  describe(`mail that reaches the inbox on ${target.name}`, () => {
    const database = seededDatabase(target);
    const fake = useFakeMail();
    const env = () =>
      parseEnv({
        NODE_ENV: "test",
        SESSION_SECRET: "x".repeat(32),
        SMTP_URL: fake().smtpUrl,
        MAIL_FROM: FROM,
        DKIM_DOMAIN: "shop.test",
        DKIM_SELECTOR: "shop2026",
        // One line, as in a .env file: "\n" stands for a newline.
        DKIM_PRIVATE_KEY: PRIVATE_PEM.trim().replace(/\n/g, "\\n"),
      });

    it("signs every mail with DKIM, and the signature verifies against the published key (and fails against another)", async () => {
      const { db } = database;
      const settings = dkimSettings(env());
      expect(settings?.domainName).toBe("shop.test");
      await enqueueMail(
        db,
        {
          to: "buyer@example.com",
          subject: "Paiement confirmé — Trigger Shop",
          text: "Merci ! Voici votre commande.\n\n.\nUne ligne qui commence par un point.",
          html: "<p>Merci&nbsp;!</p>",
          kind: "order_paid",
          headers: { "List-Unsubscribe": "<https://shop.test/u>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        },
        at,
      );
      await deliverDueMail(db, { email: smtpSender(fake().smtpUrl, FROM, settings), discord: null }, { now: at });
      const mail = fake().mails.find((m) => m.to.includes("buyer@example.com"));
      expect(mail?.headers["dkim-signature"]).toMatch(/d=shop\.test/);
      const verified = await dkimVerify(mail!.raw, { resolver });
      expect(verified.results.map((r: { status: { result: string } }) => r.status.result)).toEqual(["pass"]);
      const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "der" }).toString("base64");
      const wrongKey = async (name: string, type: string) =>
        type === "TXT" && name.startsWith("shop2026.") ? [[`v=DKIM1; k=rsa; p=${other}`]] : resolver(name, type);
      const forged = await dkimVerify(mail!.raw, { resolver: wrongKey });
      expect(forged.results[0].status.result).toBe("fail");
    });

    it("reads the key from DKIM_PRIVATE_KEY_FILE (a mounted secret), and refuses both at once", () => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "dkim-")), "dkim.pem");
      writeFileSync(file, PRIVATE_PEM);
      const base = { NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), DKIM_DOMAIN: "shop.test", DKIM_SELECTOR: "shop2026" };
      expect(dkimSettings(parseEnv({ ...base, DKIM_PRIVATE_KEY_FILE: file }))?.privateKey).toBe(PRIVATE_PEM.trim());
      expect(() => parseEnv({ ...base, DKIM_PRIVATE_KEY_FILE: file, DKIM_PRIVATE_KEY: PRIVATE_PEM })).toThrow(/not both/);
      expect(() => parseEnv({ ...base, DKIM_PRIVATE_KEY_FILE: `${file}.missing` })).toThrow(/DKIM_PRIVATE_KEY_FILE: no such file/);
    });

    it("refuses a DKIM set-up that is half there or whose key is not a key", () => {
      expect(() => parseEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), DKIM_DOMAIN: "shop.test" })).toThrow(/DKIM_SELECTOR/);
      expect(() =>
        parseEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), DKIM_DOMAIN: "shop.test", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: "not a key" }),
      ).toThrow(/DKIM_PRIVATE_KEY: must be a PEM private key/);
    });

    it("suppresses an address the receiving server refuses for good (550 on RCPT TO), and retries one it refuses for now (451)", async () => {
      const { db } = database;
      fake().refuse(["gone@example.com"]);
      await enqueueMail(db, { to: "Gone@Example.com", subject: "Your order", text: "…", kind: "order_paid" }, at);
      await deliverDueMail(db, { email: smtpSender(fake().smtpUrl, FROM), discord: null }, { now: at });
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "Gone@Example.com"));
      expect(row.status).toBe("failed");
      expect(row.lastError).toMatch(/^550 on RCPT TO/);
      const [suppression] = (await listSuppressions(db)).filter((s) => s.email === "gone@example.com");
      expect(suppression).toMatchObject({ reason: "smtp_refused", createdAt: at });
      expect(suppression.detail).toMatch(/550/);

      fake().setFailing(true);
      await enqueueMail(db, { to: "later@example.com", subject: "Your order", text: "…", kind: "order_paid" }, at);
      await deliverDueMail(db, { email: smtpSender(fake().smtpUrl, FROM), discord: null }, { now: at });
      const [later] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "later@example.com"));
      expect(later).toMatchObject({ status: "pending", attempts: 1 });
      expect(await isSuppressed(db, "later@example.com")).toBe(false);
    });

    it("skips a queued marketing mail to an address suppressed since, but still sends its order mails", async () => {
      const { db } = database;
      const marketing = { "List-Unsubscribe": "<https://shop.test/u>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
      await enqueueMail(db, { to: "gone@example.com", subject: "New trigger", text: "…", kind: "newsletter", headers: marketing }, at);
      await enqueueMail(db, { to: "gone@example.com", subject: "Delivered", text: "…", kind: "order_delivered" }, at);
      const report = await deliverDueMail(db, { email: smtpSender(fake().smtpUrl, FROM), discord: null }, { now: at });
      expect(report).toMatchObject({ skipped: 1 });
      expect(fake().mails.map((m) => m.subject)).toEqual(["Delivered"]);
    });

    it("waits out a Discord 429 for exactly its retry_after, then delivers the announcement", async () => {
      const { db } = database;
      fake().rateLimit(1, 2.5);
      await enqueueCommunityDiscord(db, { kind: "product_announcement", summary: "New: X", body: { embeds: [{ title: "X" }] } }, at);
      const senders = { email: null, discord: null, community_discord: discordSender(fake().communityWebhookUrl) };
      expect(await deliverDueMail(db, senders, { now: at })).toMatchObject({ retried: 1 });
      expect(fake().rateLimited).toHaveLength(1);
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.channel, "community_discord"));
      expect(row.nextAttemptAt).toEqual(new Date(at.getTime() + 2500));
      expect(await deliverDueMail(db, senders, { now: new Date(at.getTime() + 2400) })).toMatchObject({ sent: 0 });
      expect(await deliverDueMail(db, senders, { now: new Date(at.getTime() + 2500) })).toMatchObject({ sent: 1 });
      expect(fake().community).toEqual([{ embeds: [{ title: "X" }] }]);
    });
  });
}
