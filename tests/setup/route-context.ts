import { beforeAll } from "vitest";
import { setDatabase } from "~/server/db.server";
import { parseEnv, setEnv } from "~/server/env.server";
import { seededDatabase, type TestDatabase } from "./databases";

/**
 * For suites that call route actions directly: a seeded `target` installed as the app's database, and
 * an environment with a fixed session secret (client keys). Call it inside a describe block.
 */
export function routeContext(target: TestDatabase) {
  const database = seededDatabase(target);
  beforeAll(() => {
    setEnv(parseEnv({ NODE_ENV: "test", SESSION_SECRET: "route-tests-".padEnd(32, "x") }));
    setDatabase({ db: database.db, kind: target.name, close: async () => {} });
  });
  return {
    get db() {
      return database.db;
    },
    /** Action arguments for a request from `clientIp` (one per test keeps rate limits apart). */
    args(request: Request, clientIp: string) {
      const url = new URL(request.url);
      return { request, url, pattern: url.pathname, context: { clientIp, nonce: "" }, params: {} };
    },
  };
}
