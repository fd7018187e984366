import { describe, expect, it } from "vitest";
import { MESSAGES, MESSAGE_CODES, formatMessage, isMessageCode } from "./messages";

describe("MESSAGES", () => {
  it("holds the spec's exact English text", () => {
    expect(MESSAGES).toMatchObject({
      coupon_invalid: "Invalid coupon code",
      coupon_inactive: "This coupon is no longer active",
      coupon_expired: "This coupon has expired",
      coupon_usage_limit: "This coupon has reached its usage limit",
      coupon_min_purchase: "Minimum purchase of {{amount}} required for this coupon",
      coupon_not_eligible: "This coupon only works with eligible triggers (excludes King Cummy, rooms, and bundles)",
      email_required: "Email is required",
      email_invalid: "Please enter a valid email",
      name_required: "Name is required",
      discord_required: "Discord username is required",
      imvu_required: "IMVU username is required",
      imvu_length: "Username must be 3-16 characters",
      imvu_chars: "Username can only contain letters, numbers, underscores, and spaces",
      details_required: "Please fill in all required fields before continuing.",
      review_missing: "please fill in your name and review comment",
      review_too_short: "please write at least 20 characters for your review",
      review_duplicate: "This review has already been submitted",
      review_wait: "Please wait {{minutes}} minute(s) before submitting another review to prevent spam.",
      message_required: "Message is required",
      rating_invalid: "Please choose a rating from 1 to 5",
      order_transition_refused: "An order cannot go from {{from}} to {{to}}",
    });
  });

  it("uses only i18next-style {{var}} placeholders", () => {
    for (const text of Object.values(MESSAGES)) {
      expect(text.replace(/\{\{\w+\}\}/g, "")).not.toMatch(/[{}]/);
    }
  });

  it("lists every code", () => {
    expect(MESSAGE_CODES).toEqual(Object.keys(MESSAGES));
    expect(isMessageCode("coupon_invalid")).toBe(true);
    expect(isMessageCode("toString")).toBe(false);
    expect(isMessageCode(42)).toBe(false);
  });
});

describe("formatMessage", () => {
  it("returns the template untouched without variables", () => {
    expect(formatMessage("coupon_invalid")).toBe("Invalid coupon code");
  });

  it("interpolates, keeping '$' in values literal", () => {
    expect(formatMessage("coupon_min_purchase", { amount: "$10.00" })).toBe("Minimum purchase of $10.00 required for this coupon");
    expect(formatMessage("review_wait", { minutes: 3 })).toBe("Please wait 3 minute(s) before submitting another review to prevent spam.");
    expect(formatMessage("order_transition_refused", { from: "paid", to: "delivered" })).toBe("An order cannot go from paid to delivered");
  });

  it("leaves a missing variable visible", () => {
    expect(formatMessage("review_wait", {})).toBe(MESSAGES.review_wait);
  });
});
