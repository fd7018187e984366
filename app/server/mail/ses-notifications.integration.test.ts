/**
 * SES bounces and complaints through the SNS webhook (issue 30, docs/decisions/044), against the
 * fake SNS (its own certificate on loopback): a permanent bounce and a complaint suppress their
 * addresses for marketing; a forged message — bad signature, certificate on another host, another
 * topic, an unknown signature version — changes nothing and is never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/api.ses.notifications";
import { startFakeSns, type FakeSns } from "../../../tests/mocks/sns-fake";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { routeArgs, testServices } from "../../../tests/setup/route-context";
import { parseEnv } from "../platform/env.server";
import type { Services } from "../services.server";
import { isSnsUrl, snsSettings } from "./ses-notifications.server";
import { listSuppressions } from "./suppressions.server";

const TOPIC = "arn:aws:sns:eu-west-1:123456789012:ses-bounces";
const OTHER_TOPIC = "arn:aws:sns:eu-west-1:999999999999:someone-elses";
const at = new Date("2026-11-27T12:00:00Z");

describe("which URLs count as SNS's", () => {
  const settings = snsSettings({
    SES_SNS_TOPIC_ARN: TOPIC,
    SES_SNS_CERT_HOST: parseEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32) }).SES_SNS_CERT_HOST,
  })!;
  it("takes AWS's own regional hosts over https, and nothing that merely contains them", () => {
    expect(isSnsUrl(settings, "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem", true)).toBe(true);
    for (const url of [
      "http://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem",
      "https://sns.eu-west-1.amazonaws.com.evil.example/x.pem",
      "https://evil.example/sns.eu-west-1.amazonaws.com/x.pem",
      "https://user@sns.eu-west-1.amazonaws.com/x.pem",
      "https://sns.eu-west-1.amazonaws.com/x.txt",
      "https://127.0.0.1/x.pem",
      "not a url",
    ])
      expect(isSnsUrl(settings, url, true), url).toBe(false);
  });
});

for (const target of testDatabases()) {
  describe(`SES notifications through SNS on ${target.name}`, () => {
    const database = seededDatabase(target);
    let sns: FakeSns;
    let services: Services;
    beforeAll(async () => {
      sns = await startFakeSns();
      const env = parseEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), SES_SNS_TOPIC_ARN: TOPIC, SES_SNS_CERT_HOST: sns.certHostPattern });
      services = testServices({ db: database.db, kind: target.name, close: async () => {} }, env, { now: () => at });
    });
    afterAll(() => sns?.close());

    const post = async (body: string, over: Services = services) => {
      const request = new Request("http://shop.test/api/ses/notifications", {
        method: "POST",
        headers: { "Content-Type": "text/plain; charset=UTF-8", "x-amz-sns-message-type": "Notification" },
        body,
      });
      const result = await action(routeArgs(request, over) as never);
      return (result as { init?: { status?: number } | null }).init?.status ?? 200;
    };
    const suppressed = async () => (await listSuppressions(database.db)).map((s) => `${s.email} ${s.reason}`).sort();

    it("confirms the subscription by visiting its SubscribeURL, and only on SNS's host", async () => {
      expect(await post(sns.subscriptionConfirmation(TOPIC))).toBe(200);
      expect(sns.confirmed).toHaveLength(1);
      expect(await post(sns.subscriptionConfirmation(TOPIC, { subscribeUrl: "http://127.0.0.1:9/confirm?Token=x" }))).toBe(403);
      expect(sns.confirmed).toHaveLength(1);
    });

    it("suppresses a permanently bounced address (signature version 1) and a complaining one (version 2), with why and when", async () => {
      expect(await post(sns.bounce(TOPIC, "Bounced@Example.com", { signatureVersion: "1" }))).toBe(200);
      expect(await post(sns.complaint(TOPIC, "angry@example.com", { signatureVersion: "2" }))).toBe(200);
      const rows = await listSuppressions(database.db);
      expect(rows.find((r) => r.email === "bounced@example.com")).toMatchObject({ reason: "bounce", detail: "smtp; 550 5.1.1 user unknown", createdAt: at });
      expect(rows.find((r) => r.email === "angry@example.com")).toMatchObject({ reason: "complaint", detail: "Complaint: abuse", createdAt: at });
    });

    it("leaves a transient bounce alone", async () => {
      expect(await post(sns.bounce(TOPIC, "full-mailbox@example.com", { bounceType: "Transient" }))).toBe(200);
      expect(await suppressed()).not.toContain("full-mailbox@example.com bounce");
    });

    it("changes nothing for a forged message: bad signature, certificate elsewhere, another topic, unknown version, a tampered body", async () => {
      const before = await suppressed();
      const victim = "victim@example.com";
      expect(await post(sns.bounce(TOPIC, victim, { forgeKey: true }))).toBe(403);
      expect(await post(sns.bounce(TOPIC, victim, { certUrl: "http://127.0.0.1:9/SimpleNotificationService-x.pem" }))).toBe(403);
      expect(await post(sns.bounce(TOPIC, victim, { certUrl: "https://sns.eu-west-1.amazonaws.com.evil.example/x.pem" }))).toBe(403);
      // A genuine message of another topic (an attacker's own AWS account), replayed here.
      expect(await post(sns.bounce(OTHER_TOPIC, victim))).toBe(403);
      const genuine = JSON.parse(sns.bounce(TOPIC, "someone@example.com")) as Record<string, string>;
      expect(await post(JSON.stringify({ ...genuine, SignatureVersion: "3" }))).toBe(403);
      expect(await post(JSON.stringify({ ...genuine, Message: genuine.Message.replace("someone@example.com", victim) }))).toBe(403);
      expect(await post(JSON.stringify({ ...genuine, TopicArn: OTHER_TOPIC }))).toBe(403);
      expect(await suppressed()).toEqual(before);
    });

    it("answers 400 to what is not an SNS message and 404 while no topic is configured, never 500", async () => {
      for (const body of [
        "",
        "not json",
        "[]",
        "null",
        JSON.stringify({ Type: "Notification" }),
        JSON.stringify({ ...JSON.parse(sns.bounce(TOPIC, "a@b.c")), Type: "Other" }),
      ])
        expect(await post(body), body).toBe(400);
      const off = testServices({ db: database.db, kind: target.name, close: async () => {} }, parseEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32) }));
      expect(await post(sns.bounce(TOPIC, "x@example.com"), off)).toBe(404);
    });
  });
}
