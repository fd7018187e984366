/**
 * The browser gets only some translation areas with each page (docs/decisions/020): the frame's
 * (root loader, FRAME_AREAS) plus those the page's loader names in `translationsFor(lang, [...])`.
 * A string from an area the browser lacks would hydrate as its key, so this reads the source: every
 * area a page can render — its module and everything it imports, lazily or not, minus server-only
 * code — must be the frame's or declared by the page, and a page declares nothing it does not use.
 * `meta` (titles and descriptions) goes by entry: a page declares `meta.<its page>`.
 * Code fetched on first use may bring its own strings instead (`deferred(() => import("…"), ["area"])`,
 * components/ui/deferred.tsx): its modules count apart, and it names exactly the areas it uses beyond
 * the frame's (docs/decisions/024).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FRAME_AREAS } from "./areas";

const APP = path.resolve(import.meta.dirname, "..");
const AREAS = [...readdirSync(path.join(APP, "i18n/locales/en")).map((f) => f.replace(/\.json$/, "")), "errors"];
const SERVER_ONLY = /\.server\.tsx?$/;

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(APP, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const file of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** `deferred(() => import("spec")…, ["area", …])`: code fetched on first use with its own strings. */
const deferredWithAreas = /\bdeferred\(\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']\s*\)[^;]*?,\s*\[([^\]]*)\]\s*\)/g;

interface DeferredPart {
  from: string;
  target: string;
  areas: string[];
}
const deferredParts = new Map<string, DeferredPart>();

/**
 * The app modules the browser may load for `entry`: static and dynamic imports, not type-only ones;
 * code fetched with its own strings is left out (and recorded in `deferredParts`).
 */
function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || SERVER_ONLY.test(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    const withAreas = new Set<string>();
    for (const m of source.matchAll(deferredWithAreas)) {
      withAreas.add(m[1]);
      const target = resolveImport(file, m[1]);
      if (target) deferredParts.set(`${file} → ${m[1]}`, { from: file, target, areas: [...m[2].matchAll(/["']([\w-]+)["']/g)].map((a) => a[1]) });
    }
    const specs = [
      ...[...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]),
      ...[...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]).filter((spec) => !withAreas.has(spec)),
    ];
    for (const spec of specs) {
      const target = resolveImport(file, spec);
      if (target) queue.push(target);
    }
  }
  return seen;
}

const areaPattern = new RegExp(`["'\`](${AREAS.join("|")})\\.[A-Za-z$]`, "g");

/** Whole areas used, `meta` aside (see metaUsed). */
function areasUsed(files: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) for (const m of readFileSync(file, "utf8").matchAll(areaPattern)) if (m[1] !== "meta") used.add(m[1]);
  return used;
}

/** Entries of `meta` used: pageMeta(args, "home") and t("meta.cart.title"). */
function metaUsed(files: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/pageMeta\(\s*args,\s*"(\w+)"/g)) used.add(m[1]);
    for (const m of source.matchAll(/["'`]meta\.(\w+)/g)) used.add(m[1]);
  }
  return used;
}

/** The areas named in `translationsFor(args, [...])`, or in `const areas = [...]` where a 404 sends them too. */
function declared(file: string): string[] {
  const match = /(?:translationsFor\([^[]*|const areas = )\[([^\]]*)\]/.exec(readFileSync(file, "utf8"));
  return match ? [...match[1].matchAll(/["']([\w.-]+)["']/g)].map((m) => m[1]) : [];
}
const declaredAreas = (file: string) => declared(file).filter((name) => !name.includes("."));
const declaredMeta = (file: string) =>
  declared(file)
    .filter((name) => name.startsWith("meta."))
    .map((name) => name.slice(5));

const frame = new Set<string>(FRAME_AREAS.filter((name) => !name.includes(".")));
const frameMeta = new Set<string>(FRAME_AREAS.filter((name) => name.startsWith("meta.")).map((name) => name.slice(5)));
const frameModules = closure([path.join(APP, "root.tsx"), path.join(APP, "routes/lang-layout.tsx")]);
const pages = readdirSync(path.join(APP, "routes"))
  .filter((f) => f.endsWith(".tsx") && f !== "lang-layout.tsx")
  .map((f) => path.join(APP, "routes", f));

describe("translation areas sent to the browser", () => {
  it("the frame uses only the frame's areas", () => {
    const outside = [...areasUsed(frameModules)].filter((area) => !frame.has(area));
    expect(outside).toEqual([]);
  });

  it("the frame's areas are all used by the frame", () => {
    const used = areasUsed(frameModules);
    expect([...frame].filter((area) => !used.has(area))).toEqual([]);
  });

  it("the frame uses only its own page titles, and every one of them is used somewhere", () => {
    expect([...metaUsed(frameModules)].filter((key) => !frameMeta.has(key))).toEqual([]);
    const everywhere = metaUsed([...frameModules, ...pages.flatMap((page) => [...closure([page])])]);
    expect([...frameMeta].filter((key) => !everywhere.has(key))).toEqual([]);
  });

  it("never sends the server-only emails area", () => {
    expect(frame.has("emails")).toBe(false);
    for (const page of pages) expect(declaredAreas(page), path.basename(page)).not.toContain("emails");
  });

  it("code fetched with its own strings names exactly the areas it uses beyond the frame's", () => {
    for (const page of pages) closure([page]);
    expect(deferredParts.size).toBeGreaterThan(0);
    for (const [name, part] of deferredParts) {
      const needed = [...areasUsed(closure([part.target]))].filter((area) => !frame.has(area)).sort();
      expect([...part.areas].sort(), path.relative(APP, name)).toEqual(needed);
      expect(
        [...metaUsed(closure([part.target]))].filter((key) => !frameMeta.has(key)),
        name,
      ).toEqual([]);
    }
  });

  for (const page of pages) {
    it(`${path.basename(page)} declares exactly the areas and page titles it uses beyond the frame's`, () => {
      const modules = closure([page]);
      const needed = [...areasUsed(modules)].filter((area) => !frame.has(area)).sort();
      expect(declaredAreas(page).sort()).toEqual(needed);
      const neededMeta = [...metaUsed(modules)].filter((key) => !frameMeta.has(key)).sort();
      expect(declaredMeta(page).sort()).toEqual(neededMeta);
    });
  }
});
