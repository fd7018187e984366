import { describe, expect, it } from "vitest";
import { readCouponTerms, readNewCoupon } from "~/domain/seller/coupon-form";
import { consoleT } from "~/i18n/console.server";
import { couponFormErrors, couponSaveErrors } from "./coupon-replies.server";

/** Forms each refused on other fields, so every message of the coupon schema shows up once. */
const badForms: Record<string, string>[] = [
  { type: "percentage", percent: "0", description: "", usageLimit: "0", minPurchase: "abc", validUntil: "2026-02-30" },
  { code: "a", type: "fixed", amount: "0", description: "x".repeat(301) },
  { code: "OK-CODE", type: "free_product", freeProductId: "", description: "Free room" },
  { code: "OK-CODE", type: "bogus", description: "Something" },
  // The value of the chosen type is checked once every other field passed.
  { type: "percentage", percent: "0", description: "Ten percent" },
  { code: "OK-CODE", type: "fixed", amount: "0", description: "Five off" },
];

describe("the coupon form's errors in the account's language (docs/decisions/055)", () => {
  it("are in English exactly the domain's words", () => {
    const seen = new Set<string>();
    for (const form of badForms) {
      for (const read of [readNewCoupon(form), readCouponTerms(form)]) {
        expect(read.ok).toBe(false);
        if (read.ok) continue;
        expect(couponFormErrors(consoleT("en"), read.errors)).toEqual(read.errors);
        for (const field of Object.keys(read.errors)) seen.add(field);
      }
    }
    expect([...seen].sort()).toEqual(["amount", "code", "description", "freeProductId", "minPurchase", "percent", "type", "usageLimit", "validUntil"]);
  });

  it("speak French", () => {
    const read = readNewCoupon(badForms[4]);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(couponFormErrors(consoleT("fr"), read.errors)).toEqual({
      code: "Le code doit compter de 3 à 32 lettres, chiffres, - ou _ (enregistré en majuscules)",
      percent: "Le pourcentage doit être un nombre entier de 1 à 100",
    });
  });

  it("word the server's own refusals", () => {
    const en = consoleT("en");
    expect(couponSaveErrors(en, { code: "A coupon with the code TEN already exists" }, "TEN")).toEqual({ code: "A coupon with the code TEN already exists" });
    expect(couponSaveErrors(en, { freeProductId: "Choose a product of the catalogue" })).toEqual({ freeProductId: "Choose a product of the catalogue" });
    expect(couponSaveErrors(consoleT("es"), { code: "taken" }, "TEN")).toEqual({ code: "Ya existe un cupón con el código TEN" });
  });
});
