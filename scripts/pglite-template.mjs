/**
 * Part of `npm run build`: makes BUILD_DIR/pglite-template, an empty embedded database cluster
 * (PGlite's initdb, run once here). A shop's first start on the embedded database copies it instead
 * of running initdb itself, whose WebAssembly run peaked at ≈ 770 MB of RSS: too much for a small
 * host (app/server/platform/db.server.ts, docs/decisions/037). Migrations and the seed still run at start.
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(buildDir)) throw new Error(`No ${buildDir}/: run react-router build first`);
const target = path.join(buildDir, "pglite-template");
const partial = `${target}.partial`;
rmSync(partial, { recursive: true, force: true });
// The same settings the shop opens it with (db.server.ts PGLITE_CONF).
const db = new PGlite(path.resolve(partial), { postgresqlconf: ["shared_buffers = 16MB"] });
await db.waitReady;
await db.close();
rmSync(target, { recursive: true, force: true });
renameSync(partial, target);
console.log(`${target}: empty embedded database cluster for first starts`);
