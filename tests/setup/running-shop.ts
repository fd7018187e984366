import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createServer } from "vite";
import type { Services } from "../../app/server/services.server";

export interface RunningShop {
  port: number;
  /** What the shop hands its loaders, actions and jobs (its database, PayPal, media…). */
  services: Services;
  /** The shop's page view counter (flush it to read what was counted). */
  views: import("../../app/server/analytics/page-views.server").ViewCounter;
  /** Imports a module of the running shop (same instance: its database, its caches). */
  load<T>(modulePath: string): Promise<T>;
  close(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Boots the real shop — server/app.ts and every route — on 127.0.0.1 with a fresh in-memory database,
 * as `npm run dev` does but without Vite's own middleware in front: no build needed, and what answers
 * is exactly the Express app production serves. Both are loaded through Vite so the routes share the
 * app's modules (its database and environment). SITE_URL is the address it listens on (posts must
 * carry that origin), unless `env` says otherwise.
 */
export async function startShop(env: Record<string, string> = {}): Promise<RunningShop> {
  const server = http.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  Object.assign(process.env, {
    DATA_DIR: "memory://",
    SESSION_SECRET: "test-secret-test-secret-test-secret-test",
    LOG_LEVEL: "silent",
    SITE_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  const vite = await createServer({
    root,
    configFile: path.join(root, "vite.config.ts"),
    appType: "custom",
    logLevel: "error",
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const { createShop } = (await vite.ssrLoadModule("/server/app.ts")) as typeof import("../../server/app");
  const shop = await createShop(() => vite.ssrLoadModule("virtual:react-router/server-build") as never);
  server.on("request", shop.app);
  // The first page transforms every module the pages import: pay for it here, not in a test.
  await fetch(`http://127.0.0.1:${port}/`);
  return {
    port,
    services: shop.services,
    views: shop.views,
    load: async <T>(modulePath: string) => (await vite.ssrLoadModule(modulePath)) as T,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await shop.close();
      await vite.close();
    },
  };
}
