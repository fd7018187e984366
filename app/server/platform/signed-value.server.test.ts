import { beforeEach, describe, expect, it } from "vitest";
import { parseEnv, setEnv } from "./env.server";
import { signValue, verifySignedValue } from "./signed-value.server";

describe("signed values", () => {
  beforeEach(() => setEnv(parseEnv({ SESSION_SECRET: "s".repeat(40) })));

  it("gives back the value of an untouched signed value, dots included", () => {
    const signed = signValue("order:ORD-1.2");
    expect(signed.startsWith("order:ORD-1.2.")).toBe(true);
    expect(verifySignedValue(signed)).toBe("order:ORD-1.2");
  });

  it("rejects a changed value or a changed signature", () => {
    const signed = signValue("order:ORD-1");
    expect(verifySignedValue(signed.replace("ORD-1", "ORD-2"))).toBeNull();
    const dot = signed.lastIndexOf(".");
    const flipped = signed[dot + 1] === "A" ? "B" : "A";
    expect(verifySignedValue(`${signed.slice(0, dot + 1)}${flipped}${signed.slice(dot + 2)}`)).toBeNull();
    // Also a change base64url decoding alone would not notice (only the last character's padding bits).
    const last = signed.at(-1) === "A" ? "B" : "A";
    expect(verifySignedValue(signed.slice(0, -1) + last)).toBeNull();
    expect(verifySignedValue(`${signed}=`)).toBeNull();
    expect(verifySignedValue(signed.slice(0, -1))).toBeNull();
  });

  it("rejects values without a signature", () => {
    expect(verifySignedValue("order:ORD-1")).toBeNull();
    expect(verifySignedValue("order:ORD-1.")).toBeNull();
    expect(verifySignedValue("")).toBeNull();
  });

  it("rejects a value signed under another secret", () => {
    const signed = signValue("order:ORD-1");
    setEnv(parseEnv({ SESSION_SECRET: "t".repeat(40) }));
    expect(verifySignedValue(signed)).toBeNull();
  });
});
