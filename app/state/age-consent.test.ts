// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { readAgeConfirmation, storeAgeConfirmation } from "./age-consent";

describe("age confirmation", () => {
  beforeEach(() => window.localStorage.clear());

  it("is not given until the gate is confirmed", () => {
    expect(readAgeConfirmation()).toEqual({ confirmed: false, at: null });
  });

  it("keeps the time of the confirmation, to send with orders", () => {
    storeAgeConfirmation(new Date("2026-11-01T10:00:00.000Z"));
    expect(readAgeConfirmation()).toEqual({ confirmed: true, at: "2026-11-01T10:00:00.000Z" });
  });

  it("reads a confirmation stored before times were kept as confirmed, time unknown", () => {
    window.localStorage.setItem("ageVerified", "true");
    expect(readAgeConfirmation()).toEqual({ confirmed: true, at: null });
  });

  it("does not take a broken value for a confirmation", () => {
    window.localStorage.setItem("ageVerified", '"yesterday"');
    expect(readAgeConfirmation().confirmed).toBe(false);
  });
});
