import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMessageCode } from "./messages";
import {
  FORM_ERROR_KEY,
  IMVU_MAX,
  IMVU_MIN,
  REVIEW_MIN_CHARS,
  contactSchema,
  fieldErrors,
  giftFormSchema,
  giftOrderDataSchema,
  newsletterSchema,
  orderLookupSchema,
  paymentDetailsSchema,
  reviewSchema,
} from "./validation";

const gift = { email: "buyer@example.com", name: "Sam", discord: "sam#1", imvuUsername: "Sam_Guest 1" };

describe("limits", () => {
  it("match the spec", () => {
    expect([IMVU_MIN, IMVU_MAX, REVIEW_MIN_CHARS]).toEqual([3, 16, 20]);
  });
});

describe("giftFormSchema", () => {
  it("accepts a valid form and trims it", () => {
    expect(giftFormSchema.parse({ ...gift, name: "  Sam  " })).toEqual(gift);
  });

  it("reports the first error per field with the spec's codes", () => {
    expect(fieldErrors(giftFormSchema.safeParse({ email: "", name: " ", discord: "", imvuUsername: "" }))).toEqual({
      email: "email_required",
      name: "name_required",
      discord: "discord_required",
      imvuUsername: "imvu_required",
    });
    expect(fieldErrors(giftFormSchema.safeParse({}))).toEqual({
      email: "email_required",
      name: "name_required",
      discord: "discord_required",
      imvuUsername: "imvu_required",
    });
  });

  it("rejects a malformed email", () => {
    for (const email of ["buyer", "buyer@", "@example.com", "a b@example.com"]) {
      expect(fieldErrors(giftFormSchema.safeParse({ ...gift, email }))).toEqual({ email: "email_invalid" });
    }
  });

  it("limits the IMVU username to 3-16 letters, digits, underscores, spaces", () => {
    const check = (imvuUsername: string) => fieldErrors(giftFormSchema.safeParse({ ...gift, imvuUsername })).imvuUsername;
    expect(check("abc")).toBeUndefined();
    expect(check("a".repeat(16))).toBeUndefined();
    expect(check("A_b 9")).toBeUndefined();
    expect(check("ab")).toBe("imvu_length");
    expect(check("  ab  ")).toBe("imvu_length");
    expect(check("a".repeat(17))).toBe("imvu_length");
    expect(check("sam-guest")).toBe("imvu_chars");
    expect(check("sämi")).toBe("imvu_chars");
    expect(check("   ")).toBe("imvu_required");
  });
});

describe("giftOrderDataSchema", () => {
  it("reads back session-storage data", () => {
    const data = { ...gift, productId: "king-kong-ultra-gift", timestamp: 1_700_000_000_000 };
    expect(giftOrderDataSchema.parse(data)).toEqual(data);
    expect(giftOrderDataSchema.safeParse({ ...data, productId: "" }).success).toBe(false);
  });
});

describe("paymentDetailsSchema", () => {
  const details = { EMAIL: "buyer@example.com", FNAME: "Sam", USERNAME: "sam#1", VUUSER: "SamGuest" };

  it("accepts filled details, with or without an empty honeypot", () => {
    expect(paymentDetailsSchema.parse(details)).toEqual(details);
    expect(paymentDetailsSchema.parse({ ...details, website: "" })).toEqual({ ...details, website: "" });
  });

  it("maps every failure to 'details_required'", () => {
    for (const bad of [
      { ...details, EMAIL: "" },
      { ...details, EMAIL: "not-an-email" },
      { ...details, FNAME: "   " },
      { ...details, USERNAME: "" },
      { ...details, VUUSER: undefined },
      { ...details, website: "http://spam.example" },
      null,
    ]) {
      const errors = fieldErrors(paymentDetailsSchema.safeParse(bad));
      expect(Object.keys(errors).length).toBeGreaterThan(0);
      expect(new Set(Object.values(errors))).toEqual(new Set(["details_required"]));
    }
  });
});

describe("contactSchema", () => {
  it("requires name, email and message", () => {
    expect(fieldErrors(contactSchema.safeParse({ name: "", email: "", message: " " }))).toEqual({
      name: "name_required",
      email: "email_required",
      message: "message_required",
    });
    expect(contactSchema.safeParse({ name: "A", email: "a@b.co", message: "Hi" }).success).toBe(true);
  });

  it("rejects a filled honeypot and overlong text", () => {
    expect(fieldErrors(contactSchema.safeParse({ name: "A", email: "a@b.co", message: "Hi", website: "x" }))).toEqual({
      website: "form_rejected",
    });
    expect(fieldErrors(contactSchema.safeParse({ name: "A", email: "a@b.co", message: "x".repeat(5001) }))).toEqual({
      message: "text_too_long",
    });
  });
});

describe("reviewSchema", () => {
  const review = { name: "Sam", comment: "Great trigger, fast delivery!", rating: 5, productId: "1" };

  it("accepts a review and coerces a form rating", () => {
    expect(reviewSchema.parse({ ...review, rating: "4" })).toEqual({ ...review, rating: 4 });
  });

  it("uses the spec's messages", () => {
    expect(fieldErrors(reviewSchema.safeParse({ ...review, name: " ", comment: "" }))).toEqual({
      name: "review_missing",
      comment: "review_missing",
    });
    expect(fieldErrors(reviewSchema.safeParse({ ...review, comment: "x".repeat(19) }))).toEqual({ comment: "review_too_short" });
    expect(reviewSchema.safeParse({ ...review, comment: "x".repeat(20) }).success).toBe(true);
    // Padding does not count towards the 20 characters.
    expect(fieldErrors(reviewSchema.safeParse({ ...review, comment: `  ${"x".repeat(19)}   ` }))).toEqual({ comment: "review_too_short" });
  });

  it("accepts only whole ratings 1 to 5", () => {
    for (const rating of [0, 6, 4.5, "", "five", null]) {
      expect(fieldErrors(reviewSchema.safeParse({ ...review, rating }))).toEqual({ rating: "rating_invalid" });
    }
    for (const rating of [1, 2, 3, 4, 5]) expect(reviewSchema.safeParse({ ...review, rating }).success).toBe(true);
  });
});

describe("newsletterSchema", () => {
  it("needs a valid email", () => {
    expect(newsletterSchema.safeParse({ email: "a@b.co" }).success).toBe(true);
    expect(fieldErrors(newsletterSchema.safeParse({ email: "nope" }))).toEqual({ email: "email_invalid" });
  });
});

describe("fieldErrors", () => {
  it("is empty on success and uses FORM_ERROR_KEY for whole-form issues", () => {
    expect(fieldErrors(newsletterSchema.safeParse({ email: "a@b.co" }))).toEqual({});
    expect(fieldErrors(giftFormSchema.safeParse("junk"))).toEqual({ [FORM_ERROR_KEY]: "details_required" });
  });

  it("only ever yields MessageCodes, whatever the input (property)", () => {
    const schemas = [giftFormSchema, giftOrderDataSchema, paymentDetailsSchema, contactSchema, reviewSchema, newsletterSchema, orderLookupSchema];
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fc.anything(), (schema, input) => {
        const result = schema.safeParse(input);
        if (!result.success) for (const issue of result.error.issues) expect(isMessageCode(issue.message)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.record({ email: fc.anything(), name: fc.anything(), discord: fc.anything(), imvuUsername: fc.anything(), rating: fc.anything() }),
        (input) => {
          for (const schema of schemas) {
            const result = schema.safeParse(input);
            if (!result.success) for (const issue of result.error.issues) expect(isMessageCode(issue.message)).toBe(true);
          }
        },
      ),
    );
  });
});

describe("order lookup form", () => {
  const valid = { orderId: "ORD251122140501-AB12", email: "sam@example.com" };

  it("accepts an order id typed in lower case or with spaces, normalised to the stored form", () => {
    expect(orderLookupSchema.parse({ ...valid, orderId: "  ord251122140501-ab12 " })).toEqual(valid);
  });

  it("names the field that is wrong with its own message", () => {
    expect(fieldErrors(orderLookupSchema.safeParse({ orderId: "", email: "" }))).toEqual({ orderId: "order_id_required", email: "email_required" });
    expect(fieldErrors(orderLookupSchema.safeParse({ ...valid, orderId: "12345" }))).toEqual({ orderId: "order_id_invalid" });
    expect(fieldErrors(orderLookupSchema.safeParse({ ...valid, orderId: "ORD251122140501-AB12".repeat(3) }))).toEqual({ orderId: "order_id_invalid" });
    expect(fieldErrors(orderLookupSchema.safeParse({ ...valid, email: "sam@" }))).toEqual({ email: "email_invalid" });
  });

  it("refuses a filled honeypot", () => {
    expect(fieldErrors(orderLookupSchema.safeParse({ ...valid, website: "x" }))).toEqual({ website: "form_rejected" });
  });
});
