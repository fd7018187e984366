/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

// The domain core runs in the browser and on the server, so it may import only zod and siblings.
const sources = import.meta.glob<string>(["./*.ts", "./api/*.ts"], { query: "?raw", import: "default", eager: true });

describe("domain purity", () => {
  it("finds the domain sources", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  it("imports nothing but zod, fast-check/vitest in tests, and sibling modules", () => {
    for (const [file, text] of Object.entries(sources)) {
      const specifiers = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1] ?? m[2] ?? "");
      const allowed = file.endsWith(".test.ts") ? ["zod", "zod/mini", "vitest", "fast-check"] : ["zod", "zod/mini"];
      for (const spec of specifiers) {
        // API contracts (api/) may also import the domain modules one level up.
        const sibling = file.startsWith("./api/") ? /^\.\.?\/[\w-]+$/ : /^\.\/[\w-]+$/;
        const ok =
          allowed.includes(spec) ||
          (sibling.test(spec) && !spec.endsWith(".server")) ||
          // Tests may read the shared test fixtures (pure data, kept out of the domain itself).
          (file.endsWith(".test.ts") && /^\.\.\/\.\.\/tests\/fixtures\/[\w-]+$/.test(spec));
        expect(ok, `${file} imports ${spec}`).toBe(true);
      }
    }
  });
});
