import { describe, expect, it } from "vitest";
import { PUSH_KINDS, pushPayload, pushSubscriptionSchema, roleGetsPush, type PushKind } from "./push";

// Issue 32 / docs/decisions/053: who gets which push, what a payload may carry, what a device may post.

const KINDS = Object.keys(PUSH_KINDS) as PushKind[];

/** What Chrome's PushSubscription.toJSON() gives: a 65-byte P-256 key and a 16-byte secret, base64url. */
const subscription = {
  endpoint: "https://fcm.googleapis.com/fcm/send/abc:def",
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
};

describe("pushes to the sellers' devices", () => {
  it("reach staff for orders and reports, never disputes; owners for everything", () => {
    expect(KINDS.filter((kind) => roleGetsPush("staff", kind)).sort()).toEqual(
      ["order_late_12h", "order_late_24h", "order_paid", "report_message", "report_opened"].sort(),
    );
    for (const kind of KINDS) expect(roleGetsPush("owner", kind), kind).toBe(true);
  });

  it("carry the order id and a short label, nothing else", () => {
    for (const kind of KINDS) {
      const payload = pushPayload(kind, "ORD-20301231-ABCD");
      expect(Object.keys(payload).sort()).toEqual(["label", "orderId"]);
      expect(payload.orderId).toBe("ORD-20301231-ABCD");
      expect(payload.label.length).toBeLessThanOrEqual(40);
    }
  });

  it("accept a browser's subscription, and refuse a plain-http endpoint or keys that are not base64url", () => {
    expect(pushSubscriptionSchema.safeParse(subscription).success).toBe(true);
    expect(pushSubscriptionSchema.safeParse({ ...subscription, endpoint: "http://fcm.googleapis.com/fcm/send/abc" }).success).toBe(false);
    expect(
      pushSubscriptionSchema.safeParse({ ...subscription, keys: { ...subscription.keys, p256dh: `B${"A".repeat(85)}/` /* base64, not base64url */ } }).success,
    ).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ ...subscription, keys: { ...subscription.keys, auth: "" } }).success).toBe(false);
  });
});
