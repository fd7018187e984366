import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { checkImports, ROOMS } from "../../scripts/check-imports.mjs";

const check: (root: string) => string[] = checkImports;

let root: string;

/** A throw-away tree with these files (path → source). */
function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), "check-imports-"));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("check-imports (npm run lint)", () => {
  it("accepts imports that go down the layers", () => {
    const problems = check(
      tree({
        "app/domain/money.ts": "export const cents = 1;",
        "app/catalogue/products.ts": 'import { cents } from "~/domain/money"; export const price = cents;',
        "app/server/cache.server.ts": 'import { price } from "~/catalogue/products"; export const cached = price;',
        "app/routes/home.tsx": 'import { cached } from "~/server/cache.server"; export default cached;',
      }),
    );
    expect(problems).toEqual([]);
  });

  it("refuses the catalogue or the domain reaching up into server or components code", () => {
    const problems = check(
      tree({
        "app/server/cache.server.ts": "export const cached = 1;",
        "app/components/ui/link.tsx": "export const useLang = () => 'en';",
        "app/catalogue/summaries.ts": 'import { cached } from "~/server/cache.server"; export const s = cached;',
        "app/domain/lang.ts": 'import type { useLang } from "../components/ui/link"; export type L = typeof useLang;',
        "app/state/currency.tsx": 'import { useLang } from "~/components/ui/link"; export const c = useLang;',
      }),
    );
    expect(problems).toEqual([
      "app/catalogue/summaries.ts: imports app/server/cache.server.ts (app/catalogue may not import from server)",
      "app/domain/lang.ts: imports app/components/ui/link.tsx (app/domain may not import from components)",
      "app/state/currency.tsx: imports app/components/ui/link.tsx (app/state may not import from components)",
    ]);
  });

  it("finds a circle, also through import() and type-only imports", () => {
    const problems = check(
      tree({
        "app/components/dialogs/gate.tsx": 'export const load = () => import("./gate-dialog"); export const EXIT = "x";',
        "app/components/dialogs/gate-dialog.tsx": 'import { EXIT } from "./gate"; export const go = EXIT;',
        "app/domain/api/endpoints.ts": 'import type { api } from "./coupon"; export const PATH = "/c"; export type A = typeof api;',
        "app/domain/api/coupon.ts": 'import { PATH } from "./endpoints"; export const api = PATH;',
        "app/domain/api/coupon.test.ts": 'import { api } from "./coupon"; import "./coupon.test";',
      }),
    );
    expect(problems).toEqual([
      "import circle: app/components/dialogs/gate-dialog.tsx ⇄ app/components/dialogs/gate.tsx",
      "import circle: app/domain/api/coupon.ts ⇄ app/domain/api/endpoints.ts",
    ]);
  });

  it("knows the capability folders of app/server: arrows down are fine, one back up is named", () => {
    const problems = check(
      tree({
        "app/server/platform/db.server.ts": "export const db = 1;",
        "app/server/catalogue/cache.server.ts": 'import { db } from "../platform/db.server"; export const cached = db;',
        "app/server/orders/orders.server.ts": 'import { cached } from "../catalogue/cache.server"; export const order = cached;',
        "app/server/services.server.ts": 'import { order } from "./orders/orders.server"; export const services = order;',
        "app/server/web/endpoint.server.ts": 'import type { services } from "../services.server"; export type S = typeof services;',
      }),
    );
    expect(problems).toEqual([]);
  });

  it("refuses an arrow between capability folders that ROOMS does not allow, and an unknown folder", () => {
    const problems = check(
      tree({
        "app/server/platform/db.server.ts": "export const db = 1;",
        "app/server/orders/orders.server.ts": 'import { db } from "../platform/db.server"; export const order = db;',
        "app/server/catalogue/cache.server.ts": 'import { order } from "../orders/orders.server"; export const cached = order;',
        "app/server/platform/env.server.ts": 'import type { services } from "../services.server"; export type S = typeof services;',
        "app/server/services.server.ts": "export const services = 1;",
        "app/server/wishlist/wishes.server.ts": 'import { db } from "../platform/db.server"; export const w = db;',
      }),
    );
    expect(problems).toEqual([
      "app/server/catalogue/cache.server.ts: imports app/server/orders/orders.server.ts (app/server/catalogue/ may not import from app/server/orders/)",
      "app/server/platform/env.server.ts: imports app/server/services.server.ts (app/server/platform/ may not import from app/server/*.ts)",
      "app/server/wishlist/wishes.server.ts: app/server/wishlist/ is not a known capability folder (declare it and its arrows in ROOMS, scripts/check-imports.mjs)",
    ]);
  });

  it("refuses a static import of a package the server loads on first use, in server code only", () => {
    const problems = check(
      tree({
        "app/server/media/thumbs.server.ts": 'import sharp from "sharp"; export const t = sharp;',
        "app/server/media/lazy.server.ts": 'import type { Sharp } from "sharp"; export const load = () => import("sharp"); export type S = Sharp;',
        "app/routes/admin/backup.tsx": 'import * as tar from "tar-stream"; export default tar;',
        "app/lib/seal.ts": 'import sodium from "libsodium-wrappers"; export const s = sodium;',
      }),
    );
    expect(problems.sort()).toEqual([
      'app/routes/admin/backup.tsx: imports tar-stream statically (the server loads it on first use: import("tar-stream") where it is needed)',
      'app/server/media/thumbs.server.ts: imports sharp statically (the server loads it on first use: import("sharp") where it is needed)',
    ]);
  });

  it("the real tree: every app/server folder is a declared room whose README states the same arrows, and the rooms form no circle", () => {
    const rooms: Record<string, string[] | null> = ROOMS;
    const serverDir = path.resolve(import.meta.dirname, "../../app/server");
    for (const name of readdirSync(serverDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      expect(Object.keys(rooms), name.name).toContain(name.name);
      const readme = path.join(serverDir, name.name, "README.md");
      expect(existsSync(readme), `${name.name}/README.md`).toBe(true);
      const line = readFileSync(readme, "utf8").match(/^May import: (.*)$/m)?.[1] ?? "";
      const named = [...line.matchAll(/`([a-z-]+)\/`/g)].map((match) => match[1]);
      if (line.includes("composition root")) named.push("entry");
      expect(named.sort(), `${name.name}/README.md`).toEqual([...(rooms[name.name] ?? [])].sort());
    }
    // Depth-first over the arrows: a room met again while still on the path is a circle.
    const visit = (room: string, path: string[]): void => {
      expect(path, `circle through ${room}`).not.toContain(room);
      for (const next of rooms[room] ?? []) if (next !== "entry") visit(next, [...path, room]);
    };
    for (const room of Object.keys(rooms)) visit(room, []);
  });
});
