import { describe, expect, it } from "vitest";
import { createPayPalAdapter } from "../paypal/adapter.server";
import { serverJobs } from "./index.server";

const paypal = createPayPalAdapter({ clientId: "id", clientSecret: "secret", apiBase: "http://127.0.0.1:9", siteUrl: "http://shop.test", brandName: "Trigger Shop", softDescriptor: "TRIGGERSHOP" });

describe("serverJobs", () => {
  it("with PayPal, settles payments every 3 minutes in the same job that expires orders, so expiry never runs first", () => {
    const jobs = serverJobs(paypal);
    expect(jobs.map((job) => job.name)).toEqual(["prune-rate-limits", "settle-and-expire-orders"]);
    expect(jobs[1].intervalMs).toBe(3 * 60_000);
  });

  it("without PayPal, only expires unpaid orders", () => {
    expect(serverJobs(null).map((job) => job.name)).toEqual(["prune-rate-limits", "expire-unpaid-orders"]);
  });
});
