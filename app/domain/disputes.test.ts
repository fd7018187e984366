import { describe, expect, it } from "vitest";
import {
  blockActionSchema,
  countdown,
  disputeActionSchema,
  dueSoon,
  EVIDENCE_NOTES_MAX,
  evidencePacket,
  isLostOutcome,
  normaliseBlockValue,
  type EvidenceFacts,
} from "./disputes";

const at = (iso: string) => new Date(iso);

const facts: EvidenceFacts = {
  orderId: "ORD261122140501-AB12",
  paypalOrderId: "5O190127TN364715T",
  captureId: "3C679366HH908993F",
  totalCents: 5499,
  createdAt: at("2026-11-22T14:05:01Z"),
  paidAt: at("2026-11-22T14:06:00Z"),
  deliveredAt: at("2026-11-22T18:00:00Z"),
  items: [{ title: "King Cummy", quantity: 1 }],
  gameUsername: "SamGame",
  deliveryNote: "Uploaded to SamGame at 17:58",
  sellerNote: "Enjoy!",
  loginRevealedAt: [at("2026-11-22T17:50:00Z")],
  loginDeletedAt: at("2026-11-22T18:00:00Z"),
  mails: [
    { kind: "order_paid", sentAt: at("2026-11-22T14:06:05Z") },
    { kind: "order_delivered", sentAt: at("2026-11-22T18:00:05Z") },
  ],
  visits: [at("2026-11-22T18:10:00Z"), at("2026-11-23T09:00:00Z")],
  termsVersion: "2026-11-01",
  ageConfirmedAt: at("2026-11-22T14:04:00Z"),
};

describe("evidence packet", () => {
  it("tells what the shop recorded: ids, delivery and its account, login times, mails, visits, terms", () => {
    const text = evidencePacket(facts);
    for (const part of [
      "ORD261122140501-AB12",
      "5O190127TN364715T",
      "3C679366HH908993F",
      "54.99 USD",
      'Delivered 2026-11-22 18:00 UTC to game account "SamGame"',
      "Uploaded to SamGame at 17:58",
      "login was used for delivery at 2026-11-22 17:50 UTC",
      "deleted from our records at 2026-11-22 18:00 UTC",
      "order delivered (2026-11-22 18:00 UTC)",
      "status page after delivery 2 time(s): 2026-11-22 18:10 UTC, 2026-11-23 09:00 UTC",
      "terms of service version 2026-11-01",
    ]) {
      expect(text).toContain(part);
    }
  });

  it("never exceeds PayPal's notes limit", () => {
    const long = evidencePacket({ ...facts, deliveryNote: "x".repeat(5000) });
    expect(long.length).toBe(EVIDENCE_NOTES_MAX - 1);
    expect(long.endsWith("…")).toBe(true);
  });

  it("says so when the order was never delivered, and leaves out what was not recorded", () => {
    const text = evidencePacket({ ...facts, deliveredAt: null, deliveryNote: null, loginRevealedAt: [], loginDeletedAt: null, mails: [], visits: [] });
    expect(text).toContain("(not recorded as delivered)");
    expect(text).not.toContain("login");
    expect(text).not.toContain("status page");
  });
});

describe("deadlines and outcomes", () => {
  const now = at("2026-11-25T12:00:00Z");
  it("is due soon within two days, not after the deadline", () => {
    expect(dueSoon(at("2026-11-27T11:00:00Z"), now)).toBe(true);
    expect(dueSoon(at("2026-11-28T12:00:00Z"), now)).toBe(false);
    expect(dueSoon(at("2026-11-25T11:00:00Z"), now)).toBe(false);
    expect(dueSoon(null, now)).toBe(false);
  });
  it("counts down in days, hours or minutes", () => {
    expect(countdown(at("2026-11-28T16:00:00Z"), now)).toBe("3 d 4 h left");
    expect(countdown(at("2026-11-25T17:12:00Z"), now)).toBe("5 h 12 min left");
    expect(countdown(at("2026-11-25T10:00:00Z"), now)).toBe("overdue by 2 h 00 min");
  });
  it("a buyer-favour resolution or an accepted claim is lost", () => {
    expect(isLostOutcome("RESOLVED_BUYER_FAVOUR")).toBe(true);
    expect(isLostOutcome("ACCEPTED")).toBe(true);
    expect(isLostOutcome("RESOLVED_SELLER_FAVOUR")).toBe(false);
    expect(isLostOutcome(null)).toBe(false);
  });
});

describe("forms and values", () => {
  it("normalises emails and game usernames, keeps ids", () => {
    expect(normaliseBlockValue("email", "  Sam@Example.COM ")).toBe("sam@example.com");
    expect(normaliseBlockValue("game_username", "SamGame")).toBe("samgame");
    expect(normaliseBlockValue("payer_id", " QYR5Z8XDVJNXQ ")).toBe("QYR5Z8XDVJNXQ");
  });
  it("refuses empty or too long evidence, and an unknown block kind", () => {
    expect(disputeActionSchema.safeParse({ intent: "send_evidence", notes: "   " }).success).toBe(false);
    expect(disputeActionSchema.safeParse({ intent: "send_evidence", notes: "x".repeat(EVIDENCE_NOTES_MAX + 1) }).success).toBe(false);
    expect(disputeActionSchema.safeParse({ intent: "send_evidence", notes: "Delivered." }).success).toBe(true);
    expect(blockActionSchema.safeParse({ intent: "block", kind: "ip", value: "1.2.3.4" }).success).toBe(false);
    expect(blockActionSchema.safeParse({ intent: "block", kind: "email", value: "a@b.c" }).success).toBe(true);
  });
});
