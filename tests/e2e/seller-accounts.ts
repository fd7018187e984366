/**
 * Seller accounts of the e2e run, created by the shop's webServer command through the real CLI
 * (`npm run admin -- create`, password on stdin) before the server starts on its fresh database.
 * `main` is the only owner (tests/e2e/accounts.spec.ts: the last owner cannot be disabled).
 * `throttled` exists only for the wrong-password test (its lock must not slow anyone else down),
 * `totp` only for the authenticator test, `staff` (role staff, docs/decisions/036) only for tests/e2e/staff-role.spec.ts and problem-reports.spec.ts,
 * `polyglot` only for tests/e2e/console-i18n.spec.ts (it switches its console's language).
 */
export const E2E_SELLERS: Record<"main" | "throttled" | "totp" | "staff" | "polyglot", { email: string; password: string; role?: "owner" | "staff" }> = {
  main: { email: "seller@e2e.test", password: "e2e seller password 1" },
  // Staff, like every account but `main`: tests/e2e/accounts.spec.ts shows `main` is the shop's last owner.
  throttled: { email: "throttled@e2e.test", password: "e2e throttled password 1", role: "staff" },
  /** Turns TOTP on: only the TOTP test logs in with it. */
  totp: { email: "totp@e2e.test", password: "e2e totp password 1", role: "staff" },
  staff: { email: "staff@e2e.test", password: "e2e staff password 1", role: "staff" },
  /** Changes its language and zone: only tests/e2e/console-i18n.spec.ts logs in with it. */
  polyglot: { email: "polyglot@e2e.test", password: "e2e polyglot password 1", role: "staff" },
};

/** Shell commands creating every account (passwords are plain words: safe inside single quotes). */
export function createSellersCommand(): string {
  return Object.values(E2E_SELLERS)
    .map(({ email, password, role }) => `printf '%s\\n' '${password}' | npx tsx scripts/admin.ts create --email ${email}${role ? ` --role ${role}` : ""}`)
    .join(" && ");
}
