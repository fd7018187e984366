/**
 * The console's strings (docs/decisions/055): every key console code names exists in en, fr and es;
 * each console page sends exactly the console areas its code uses beyond the layout's `admin`; no
 * storefront page uses a console area, and /api/translations never hands one out. English stays the
 * domain's wording where the domain has one (order states, roles).
 */
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { QUEUE_LABELS } from "~/domain/order-desk";
import { ROLE_LABELS } from "~/domain/seller/permissions";
import { deferredTranslations, resources, type Tree } from "./resources.server";

const APP = path.resolve(import.meta.dirname, "..");

function flatten(tree: Tree, prefix = ""): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string" || Array.isArray(value)) out.add(at.replace(/_(one|other|zero|few|many)$/, ""));
    else for (const k of flatten(value, at)) out.add(k);
  }
  return out;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const consoleFiles = [...walk(path.join(APP, "routes/admin")), ...walk(path.join(APP, "components/admin")), ...walk(path.join(APP, "server"))];
/** Literal keys of the console's areas: "admin.nav.orders", "adminOrders.order.title". */
const keyPattern = /["'`](admin\w*\.[\w.]+\w)["'`]/g;

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("~/") ? path.join(APP, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const file of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) if (existsSync(file) && statSync(file).isFile()) return file;
  return null;
}

/** The browser's modules of a page: its imports, not type-only ones, minus server-only code. */
function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.server\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+["']([^"']+)["']/gm)) {
      const target = resolveImport(file, m[1]);
      if (target) queue.push(target);
    }
  }
  return seen;
}

const areaOf = (key: string) => key.split(".")[0];
function consoleAreasUsed(files: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) for (const m of readFileSync(file, "utf8").matchAll(keyPattern)) used.add(areaOf(m[1]));
  return used;
}

describe("console strings", () => {
  const keys = new Map<string, string>();
  for (const file of consoleFiles) for (const m of readFileSync(file, "utf8").matchAll(keyPattern)) keys.set(m[1], path.relative(APP, file));

  it("finds the console's keys", () => {
    expect(keys.size).toBeGreaterThan(50);
  });

  for (const lang of ["en", "fr", "es"] as const) {
    it(`every key console code names exists in ${lang}`, () => {
      const known = flatten(resources[lang]);
      expect([...keys].filter(([key]) => !known.has(key)).map(([key, file]) => `${key} (${file})`)).toEqual([]);
    });
  }

  it("keeps the domain's English names for order states and roles", () => {
    expect(resources.en.admin).toMatchObject({ status: QUEUE_LABELS, roles: ROLE_LABELS });
  });

  const pages = readdirSync(path.join(APP, "routes/admin"))
    .filter((f) => f.endsWith(".tsx") && f !== "layout.tsx")
    .map((f) => path.join(APP, "routes/admin", f));
  for (const page of pages) {
    it(`${path.basename(page)} sends exactly the console areas it uses beyond the layout's`, () => {
      const source = readFileSync(page, "utf8");
      const declared = [...source.matchAll(/consoleTranslations\([^,]+,\s*\[([^\]]*)\]/g)].flatMap((m) =>
        [...m[1].matchAll(/["'](\w+)["']/g)].map((a) => a[1]),
      );
      // Outside the layout (login, invitation) a page sends `admin` itself.
      const outsideLayout = ["login.tsx", "login-code.tsx", "invite.tsx"].includes(path.basename(page));
      const needed = [...consoleAreasUsed(closure(page))].filter((area) => outsideLayout || area !== "admin").sort();
      expect([...new Set(declared)].sort()).toEqual(needed);
    });
  }

  it("no storefront page uses a console area, and /api/translations never hands one out", () => {
    const storefront = readdirSync(path.join(APP, "routes"))
      .filter((f) => f.endsWith(".tsx"))
      .flatMap((f) => [...closure(path.join(APP, "routes", f))]);
    expect([...consoleAreasUsed([...closure(path.join(APP, "root.tsx")), ...storefront])]).toEqual([]);
    expect(Object.keys(deferredTranslations("fr", ["admin", "adminAccounts", "dialogs"]).tree)).toEqual(["dialogs"]);
  });
});
