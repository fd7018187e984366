import { describe, expect, it } from "vitest";
import { createPayPalAdapter } from "./paypal/adapter.server";
import { OUTBOX_INTERVAL_MS, serverJobs } from "./jobs.server";
import { TEST_SITE } from "../../tests/fixtures/site";

const noSenders = { email: null, discord: null };

const paypal = createPayPalAdapter({
  clientId: "id",
  clientSecret: "secret",
  apiBase: "http://127.0.0.1:9",
  siteUrl: "http://shop.test",
  brandName: "Trigger Shop",
  softDescriptor: "TRIGGERSHOP",
});

describe("serverJobs", () => {
  it("with PayPal, settles payments every 3 minutes in the same job that expires orders, so expiry never runs first", () => {
    const jobs = serverJobs({ paypal, mail: noSenders, site: TEST_SITE });
    expect(jobs.map((job) => job.name)).toEqual([
      "send-outbox",
      "prune-rate-limits",
      "alert-late-orders",
      "settle-and-expire-orders",
      "prune-seller-sessions",
      "disputes",
      "delete-expired-logins",
      "push-late-orders",
      "privacy-retention",
      "restock-alerts",
      "remind-unpaid-orders",
      "publish-products",
      "send-campaigns",
    ]);
    expect(jobs[3].intervalMs).toBe(3 * 60_000);
  });

  it("without PayPal, only expires unpaid orders", () => {
    expect(serverJobs({ paypal: null, mail: noSenders, site: TEST_SITE }).map((job) => job.name)).toEqual([
      "send-outbox",
      "prune-rate-limits",
      "alert-late-orders",
      "expire-unpaid-orders",
      "prune-seller-sessions",
      "disputes",
      "delete-expired-logins",
      "push-late-orders",
      "privacy-retention",
      "restock-alerts",
      "remind-unpaid-orders",
      "publish-products",
      "send-campaigns",
    ]);
  });

  it("deletes game logins past their retention every 10 minutes, with or without PayPal", () => {
    for (const jobs of [serverJobs({ paypal: null, mail: noSenders, site: TEST_SITE }), serverJobs({ paypal, mail: noSenders, site: TEST_SITE })]) {
      expect(jobs.find((job) => job.name === "delete-expired-logins")?.intervalMs).toBe(10 * 60_000);
    }
  });

  it("reminds unpaid orders only when UNPAID_REMINDER_MINUTES is above 0", () => {
    const names = (minutes: number) =>
      serverJobs({ paypal: null, mail: noSenders, site: TEST_SITE, env: { UNPAID_REMINDER_MINUTES: minutes } }).map((job) => job.name);
    expect(names(30)).toContain("remind-unpaid-orders");
    expect(names(0)).not.toContain("remind-unpaid-orders");
  });

  it("reads the outbox every few seconds, so a paid buyer's mail leaves promptly", () => {
    expect(serverJobs({ paypal: null, mail: noSenders, site: TEST_SITE })[0]).toMatchObject({ name: "send-outbox", intervalMs: OUTBOX_INTERVAL_MS });
    expect(OUTBOX_INTERVAL_MS).toBeLessThanOrEqual(10_000);
  });
});
