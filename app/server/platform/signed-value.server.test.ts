import { describe, expect, it } from "vitest";
import { createKeys } from "./keys.server";
import { signValue, verifySignedValue } from "./signed-value.server";

describe("signed values", () => {
  const keys = createKeys("s".repeat(40));

  it("gives back the value of an untouched signed value, dots included", () => {
    const signed = signValue(keys, "order:ORD-1.2");
    expect(signed.startsWith("order:ORD-1.2.")).toBe(true);
    expect(verifySignedValue(keys, signed)).toBe("order:ORD-1.2");
  });

  it("rejects a changed value or a changed signature", () => {
    const signed = signValue(keys, "order:ORD-1");
    expect(verifySignedValue(keys, signed.replace("ORD-1", "ORD-2"))).toBeNull();
    const dot = signed.lastIndexOf(".");
    const flipped = signed[dot + 1] === "A" ? "B" : "A";
    expect(verifySignedValue(keys, `${signed.slice(0, dot + 1)}${flipped}${signed.slice(dot + 2)}`)).toBeNull();
    // Also a change base64url decoding alone would not notice (only the last character's padding bits).
    const last = signed.at(-1) === "A" ? "B" : "A";
    expect(verifySignedValue(keys, signed.slice(0, -1) + last)).toBeNull();
    expect(verifySignedValue(keys, `${signed}=`)).toBeNull();
    expect(verifySignedValue(keys, signed.slice(0, -1))).toBeNull();
  });

  it("rejects values without a signature", () => {
    expect(verifySignedValue(keys, "order:ORD-1")).toBeNull();
    expect(verifySignedValue(keys, "order:ORD-1.")).toBeNull();
    expect(verifySignedValue(keys, "")).toBeNull();
  });

  it("rejects a value signed under another secret", () => {
    const signed = signValue(keys, "order:ORD-1");
    expect(verifySignedValue(createKeys("t".repeat(40)), signed)).toBeNull();
  });
});
