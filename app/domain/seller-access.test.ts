import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  consoleRoutePath,
  isSessionLive,
  LOGIN_THROTTLE,
  lockDelayMs,
  loginPathFor,
  safeAdminNext,
  sessionNeededToWrite,
  SESSION_LIMITS,
} from "./seller-access";

describe("seller access rules", () => {
  it("keeps a login's next step inside the console", () => {
    expect(safeAdminNext("/admin/orders?status=paid")).toBe("/admin/orders?status=paid");
    expect(safeAdminNext("/admin")).toBe("/admin");
    for (const bad of [
      null,
      "",
      "https://evil.example/admin",
      "//evil.example",
      "/admin/../cart",
      "/administrator",
      "/admin\\@evil",
      "/admin/login",
      "/cart",
      "/admin/ x",
    ]) {
      expect(safeAdminNext(bad), String(bad)).toBe("/admin");
    }
  });

  it("never sends anyone off the console, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), (next) => {
        const target = new URL(safeAdminNext(next), "https://shop.example");
        expect(target.origin).toBe("https://shop.example");
        expect(target.pathname === "/admin" || target.pathname.startsWith("/admin/")).toBe(true);
      }),
    );
  });

  it("builds the login page's address back to where the seller was", () => {
    expect(loginPathFor("/admin")).toBe("/admin/login");
    expect(loginPathFor("/admin/orders/ORD1")).toBe("/admin/login?next=%2Fadmin%2Forders%2FORD1");
  });

  it("waits nothing for the first failures, then doubles up to a cap", () => {
    const rule = LOGIN_THROTTLE.account;
    expect([1, 2, 3, 4, 5].map((n) => lockDelayMs(n, rule))).toEqual([0, 0, 5_000, 10_000, 20_000]);
    expect(lockDelayMs(1000, rule)).toBe(rule.maxDelayMs);
  });

  it("ends sessions on idle time and at the absolute end", () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(isSessionLive({ stage: "active", lastSeenAt: at(-SESSION_LIMITS.idleMs + 1000), expiresAt: at(1000) }, now)).toBe(true);
    expect(isSessionLive({ stage: "active", lastSeenAt: at(-SESSION_LIMITS.idleMs), expiresAt: at(1000) }, now)).toBe(false);
    expect(isSessionLive({ stage: "active", lastSeenAt: now, expiresAt: now }, now)).toBe(false);
  });
});

describe("console routes in front of the router", () => {
  it("names the route React Router will match, however the path is spelled", () => {
    expect(consoleRoutePath("/admin")).toBe("/admin");
    expect(consoleRoutePath("/admin.data")).toBe("/admin");
    expect(consoleRoutePath("/ADMIN/Orders/ORD-1/")).toBe("/admin/orders/ord-1");
    expect(consoleRoutePath("/%61dmin/orders.data")).toBe("/admin/orders");
    expect(consoleRoutePath("/admin/login/code.data")).toBe("/admin/login/code");
    for (const outside of ["/", "/administrator", "/adminx/orders", "/cart", "/fr/admin", "/%zz"]) expect(consoleRoutePath(outside), outside).toBeNull();
  });

  it("asks every console write for an active session, but the login page, logout and the code step", () => {
    expect(sessionNeededToWrite("/admin/login")).toBe("none");
    expect(sessionNeededToWrite("/admin/logout")).toBe("none");
    expect(sessionNeededToWrite("/admin/login/code")).toBe("any");
    expect(sessionNeededToWrite(`/admin/invite/${"a".repeat(64)}`)).toBe("none");
    expect(sessionNeededToWrite("/admin/invite")).toBe("active");
    expect(sessionNeededToWrite("/admin/invite/x/y")).toBe("active");
    for (const route of ["/admin", "/admin/orders/ord-1", "/admin/account", "/admin/orders/ord-1/login", "/admin/login-keys", "/admin/no-such-page"]) {
      expect(sessionNeededToWrite(route), route).toBe("active");
    }
  });
});
