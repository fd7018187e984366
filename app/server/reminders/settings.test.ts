import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../platform/env.server";

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "env-")) });

describe("UNPAID_REMINDER_MINUTES", () => {
  it("is an hour unless told; 0 turns the reminder off; a delay past the 24 h expiry is refused in one line", () => {
    expect(parseEnv(base()).UNPAID_REMINDER_MINUTES).toBe(60);
    expect(parseEnv({ ...base(), UNPAID_REMINDER_MINUTES: "0" }).UNPAID_REMINDER_MINUTES).toBe(0);
    expect(parseEnv({ ...base(), UNPAID_REMINDER_MINUTES: "15" }).UNPAID_REMINDER_MINUTES).toBe(15);
    expect(() => parseEnv({ ...base(), UNPAID_REMINDER_MINUTES: "1440" })).toThrow(
      'Invalid environment variable UNPAID_REMINDER_MINUTES: must be at most 1380 (23 hours): unpaid orders are cancelled after 24 hours (got "1440")',
    );
    expect(() => parseEnv({ ...base(), UNPAID_REMINDER_MINUTES: "soon" })).toThrow(/UNPAID_REMINDER_MINUTES: must be a whole number of minutes/);
  });
});
