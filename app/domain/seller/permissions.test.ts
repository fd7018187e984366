import { describe, expect, it } from "vitest";
import { ADMIN_NAV } from "~/components/admin/nav-items";
import { declaredIntents, PERMISSION_NAMES, PERMISSIONS, refusalMessage, roleMay, routeAccess, SELLER_ROLES, writePermission } from "./permissions";

describe("the console's permission table", () => {
  it("gives the owner everything", () => {
    for (const permission of PERMISSION_NAMES) expect(roleMay("owner", permission), permission).toBe(true);
  });

  it("gives staff the daily work and nothing that moves money, prices, the catalogue or accounts (issue 21)", () => {
    const staff = PERMISSION_NAMES.filter((p) => roleMay("staff", p)).sort();
    expect(staff).toEqual(
      [
        "console",
        "orders.view",
        "orders.work",
        "logins.reveal",
        "inbox.view",
        "inbox.work",
        "reports.view",
        "reports.work",
        "disputes.view",
        "analytics.delivery",
      ].sort(),
    );
    for (const denied of [
      "orders.refund",
      "orders.export",
      "newsletter.export",
      "products.view",
      "products.edit",
      "products.media",
      "coupons.view",
      "coupons.edit",
      "blocklist.view",
      "blocklist.edit",
      "accounts.manage",
      "login-keys.manage",
      "disputes.respond",
      "suppressions.view",
      "suppressions.lift",
      "products.announce",
      "analytics.view",
      "analytics.settings",
    ] as const)
      expect(roleMay("staff", denied), denied).toBe(false);
  });

  it("lets nobody without a known role do anything", () => {
    for (const permission of PERMISSION_NAMES) {
      expect(roleMay(null, permission)).toBe(false);
      expect(roleMay("admin" as never, permission)).toBe(false);
    }
  });

  it("names only known roles and says what each permission is", () => {
    for (const [name, entry] of Object.entries(PERMISSIONS)) {
      expect(entry.roles.length, name).toBeGreaterThan(0);
      for (const role of entry.roles) expect(SELLER_ROLES).toContain(role);
      expect(entry.what, name).toMatch(/^[a-z]/);
    }
    expect(refusalMessage("staff", "orders.refund")).toBe("Your role (staff) may not refund orders: ask the shop's owner.");
  });

  it("reads a route's declaration: one permission for every post, or one per intent, and nothing for an undeclared intent", () => {
    const single = routeAccess({ read: "products.view", write: "products.edit" });
    expect(writePermission(single, "anything")).toBe("products.edit");
    expect(declaredIntents(single)).toEqual([]);
    const perIntent = routeAccess({ read: "orders.view", write: { deliver: "orders.work", refund: "orders.refund" } });
    expect(writePermission(perIntent, "refund")).toBe("orders.refund");
    expect(writePermission(perIntent, "toString")).toBeNull();
    expect(writePermission(perIntent, "delete")).toBeNull();
    expect(writePermission(routeAccess({ read: "console" }), "x")).toBeNull();
    expect(declaredIntents(perIntent)).toEqual(["deliver", "refund"]);
  });

  it("shows each nav section only to the roles its page admits", () => {
    const staffNav = ADMIN_NAV.filter((item) => roleMay("staff", item.need)).map((item) => item.label);
    // Labels are keys of the console's `admin` area (docs/decisions/055).
    expect(staffNav).toEqual([
      "admin.nav.dashboard",
      "admin.nav.orders",
      "admin.nav.analytics",
      "admin.nav.reports",
      "admin.nav.disputes",
      "admin.nav.inbox",
      "admin.nav.account",
    ]);
    expect(ADMIN_NAV.filter((item) => roleMay("owner", item.need))).toHaveLength(ADMIN_NAV.length);
  });
});
