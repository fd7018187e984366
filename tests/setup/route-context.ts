import { beforeAll } from "vitest";
import type { Database } from "~/server/platform/db.server";
import type { Env } from "~/server/platform/env.server";
import { createServices, type ServiceOverrides, type Services } from "~/server/services.server";
import { TEST_ENV } from "../fixtures/site";
import { seededDatabase, type TestDatabase } from "./databases";

/** The services a test hands to routes: its own database and environment, PayPal off unless given. */
export function testServices(database: Database, env: Env, overrides: ServiceOverrides = {}): Services {
  return createServices(env, database, { paypal: null, ...overrides });
}

/** React Router's action/loader arguments for `request`, with `services` in the load context (docs/decisions/027). */
export function routeArgs(request: Request, services: Services, clientIp = "198.51.100.1") {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, context: { clientIp, nonce: "", services }, params: {} };
}

/**
 * For suites that call route actions directly: a seeded `target` and TEST_ENV (a fixed session
 * secret, so links signed with TEST_SITE open its pages), handed to the routes as their load
 * context's services. Call it inside a describe block.
 */
export function routeContext(target: TestDatabase, overrides: ServiceOverrides = {}, env: Env = TEST_ENV) {
  const database = seededDatabase(target);
  let services: Services | undefined;
  beforeAll(() => {
    const opened: Database = { db: database.db, kind: target.name, close: async () => {} };
    services = testServices(opened, env, overrides);
  });
  return {
    get db() {
      return database.db;
    },
    get services(): Services {
      if (!services) throw new Error("routeContext: services exist once beforeAll has run");
      return services;
    },
    /** Action arguments for a request from `clientIp` (one per test keeps rate limits apart). */
    args(request: Request, clientIp: string) {
      return routeArgs(request, this.services, clientIp);
    },
  };
}
