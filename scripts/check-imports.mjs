#!/usr/bin/env node
// Part of `npm run lint`: the app's folders are layers, and no module may reach up or round.
//   - an import from a layer to one it may not use (the domain never imports server code, the catalogue
//     never imports the server or components, ...; LAYERS below says who may import whom), and
//   - inside app/server, an import from one capability folder to another it may not use (ROOMS below:
//     the order desk may use the catalogue, never the other way round; docs/decisions/038), or from a
//     folder ROOMS does not know (a new capability declares its arrows first), and
//   - an import circle, static or through import() (a deferred dialog that imports back the module that
//     defers it is still a circle), type-only imports included, and
//   - a static import of a package the server loads on first use (ON_FIRST_USE below): one such line
//     would put it back into every server's memory from the start,
// are printed one a line and make it exit 1. Tests are left out: they may import anything.
// It reads each file's imports with the TypeScript parser (no type checking): a second or two.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * Which app/* folders each layer may import (besides its own). A file directly in app/ (root.tsx,
 * entry.server.tsx, load-context.ts...) composes the app and may import anything, as may routes.
 */
export const LAYERS = {
  domain: [],
  catalogue: ["domain"],
  i18n: ["domain"],
  lib: ["domain", "catalogue", "i18n"],
  state: ["domain", "catalogue", "i18n", "lib"],
  components: ["domain", "catalogue", "i18n", "lib", "state", "app"],
  server: ["domain", "catalogue", "i18n", "lib", "state", "app", "db"],
  routes: ["domain", "catalogue", "i18n", "lib", "state", "components", "server", "routes", "app", "db"],
  app: ["domain", "catalogue", "i18n", "lib", "state", "components", "server", "routes", "db"],
};

/**
 * The capability folders of app/server ("rooms", docs/decisions/038) and which others each may import.
 * Files directly in app/server are the composition root ("entry": services.server.ts builds the
 * services, jobs.server.ts lists the jobs): they may import every room, and only `web` (the request
 * helpers routes use) may import them. Arrows point down; the list reads from the floor up.
 */
export const ROOMS = {
  platform: [],
  mail: ["platform"],
  media: ["platform"],
  paypal: ["platform"],
  "seller-auth": ["platform"],
  push: ["platform"],
  "login-handoff": ["platform", "mail"],
  blocklist: ["platform", "seller-auth"],
  catalogue: ["platform", "media", "seller-auth"],
  newsletter: ["platform", "mail"],
  contact: ["platform", "mail", "catalogue", "seller-auth"],
  accounts: ["platform", "mail", "seller-auth"],
  orders: ["platform", "mail", "media", "catalogue", "blocklist", "login-handoff", "paypal", "seller-auth", "push"],
  disputes: ["platform", "mail", "paypal", "orders", "blocklist", "seller-auth", "push"],
  "problem-reports": ["platform", "mail", "paypal", "orders", "seller-auth", "push"],
  payments: ["platform", "paypal", "orders", "disputes"],
  campaigns: ["platform", "mail", "media", "catalogue", "newsletter", "orders", "seller-auth"],
  reminders: ["platform", "mail", "catalogue", "orders", "newsletter", "seller-auth", "blocklist"],
  announcements: ["platform", "mail", "media", "catalogue", "seller-auth"],
  analytics: ["platform", "catalogue", "orders", "seller-auth"],
  privacy: ["platform", "mail", "media", "orders", "newsletter", "contact", "catalogue", "problem-reports", "disputes", "seller-auth"],
  backup: ["platform", "media"],
  metrics: ["platform", "backup"],
  web: ["platform", "entry"],
  entry: null, // every room
};

/**
 * Packages the server loads with import() where they are used, never when it starts: each kept
 * ≈ 5–25 MB resident in every server although a shop mostly serves pages (docs/decisions/061).
 * `import type` is fine: it leaves nothing in the build. Checked in app/server, app/routes and server/.
 */
export const ON_FIRST_USE = [
  "sharp",
  "pg",
  "drizzle-orm/node-postgres",
  "drizzle-orm/node-postgres/migrator",
  "libsodium-wrappers",
  "web-push",
  "qrcode",
  "tar-stream",
  "nodemailer",
  "@node-rs/argon2",
];

const SOURCE = /\.(ts|tsx)$/;
const SKIPPED = /(\.test\.tsx?|\.d\.ts)$/;
const EXTENSIONS = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx"];

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name) && !SKIPPED.test(name)) out.push(full);
  }
  return out;
}

function resolveSpecifier(root, from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Each import of `file` (import/export ... from, and import("...")) with how it is made: "static",
 * "type" (erased at build) or "dynamic" (import()).
 */
function importLinesOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
      found.push({ specifier: node.moduleSpecifier.text, kind: typeOnly ? "type" : "static" });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, kind: "dynamic" });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** app/<layer>/..., a file directly in app/ is "app", db/... is "db"; null outside those. */
function layerOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === "db") return "db";
  if (parts[0] !== "app") return null;
  return parts.length > 2 ? parts[1] : "app";
}

/** The room of a file under app/server: its folder, "entry" directly in app/server; null elsewhere. */
function roomOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] !== "app" || parts[1] !== "server") return null;
  return parts.length > 3 ? parts[2] : "entry";
}

/** Every source file of app/ and server/ with its imports, each file parsed once. */
function importLines(root) {
  const files = [...walk(path.join(root, "app")), ...walk(path.join(root, "server"))];
  return new Map(files.map((file) => [file, importLinesOf(file)]));
}

/** The import graph (module → the modules it imports inside the repository). */
function importGraph(root, lines) {
  const graph = new Map();
  for (const [file, imports] of lines) {
    const targets = imports.map(({ specifier }) => resolveSpecifier(root, file, specifier)).filter((target) => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The import circles: each strongly connected group of two or more modules, or a module importing itself. */
export function findCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

/** Every problem in the tree at `root`, as printable lines (empty when all is well). */
export function checkImports(root) {
  const lines = importLines(root);
  const graph = importGraph(root, lines);
  const relative = (file) => path.relative(root, file).split(path.sep).join("/");
  const problems = [];
  for (const [file, targets] of graph) {
    const from = layerOf(root, file);
    if (from === null || !(from in LAYERS)) continue;
    for (const target of targets) {
      const to = layerOf(root, target);
      if (to === null || to === from) continue;
      if (!LAYERS[from].includes(to))
        problems.push(`${relative(file)}: imports ${relative(target)} (app/${from} may not import from ${to === "app" ? "app/*.ts" : to})`);
    }
  }
  for (const [file, targets] of graph) {
    const from = roomOf(root, file);
    if (from === null) continue;
    if (!(from in ROOMS)) {
      problems.push(`${relative(file)}: app/server/${from}/ is not a known capability folder (declare it and its arrows in ROOMS, scripts/check-imports.mjs)`);
      continue;
    }
    for (const target of targets) {
      const to = roomOf(root, target);
      if (to === null || to === from || ROOMS[from] === null) continue;
      if (!ROOMS[from].includes(to))
        problems.push(
          `${relative(file)}: imports ${relative(target)} (app/server/${from === "entry" ? "*.ts" : from + "/"} may not import from ${to === "entry" ? "app/server/*.ts" : `app/server/${to}/`})`,
        );
    }
  }
  for (const cycle of findCycles(graph)) problems.push(`import circle: ${cycle.map(relative).join(" ⇄ ")}`);
  // Server code and routes (bundled into the server); app/lib/login-crypto.ts, say, is the browser's.
  const serverSide = (file) => /^(app\/server|app\/routes|server)\//.test(relative(file));
  for (const [file, imports] of lines) {
    if (!serverSide(file)) continue;
    for (const { specifier, kind } of imports) {
      if (kind === "static" && ON_FIRST_USE.includes(specifier))
        problems.push(`${relative(file)}: imports ${specifier} statically (the server loads it on first use: import("${specifier}") where it is needed)`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const problems = checkImports(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} import problem(s): see scripts/check-imports.mjs for the layers.`);
    process.exit(1);
  }
}
