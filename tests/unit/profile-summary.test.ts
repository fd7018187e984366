import { describe, expect, it } from "vitest";
import { packageOf, summariseProfile, type CpuProfile } from "../../scripts/profile-summary";

const frame = (functionName: string, url = "") => ({ functionName, url, lineNumber: 0 });

// root → performWork (react-dom) → translate (i18next); root → (garbage collector); root → handler (shop)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 4, 5] },
    { id: 2, callFrame: frame("performWork", "file:///app/node_modules/react-dom/cjs/server.js"), children: [3] },
    { id: 3, callFrame: frame("translate", "file:///app/node_modules/i18next/dist/esm/i18next.js") },
    { id: 4, callFrame: frame("(garbage collector)") },
    { id: 5, callFrame: frame("handler", "file:///app/build/server/index.js") },
  ],
  startTime: 1_000,
  // Samples at 1 100 (start-up), then 1 200, 1 300, 1 400, 1 500, 1 600 µs.
  samples: [5, 2, 3, 3, 4, 5],
  timeDeltas: [100, 100, 100, 100, 100, 100],
};

describe("summariseProfile", () => {
  it("counts only the samples after the window opens, self time by package and inclusive time by stage", () => {
    const summary = summariseProfile(profile, 1_150);
    expect(summary.sampledMs).toBeCloseTo(0.5);
    expect(summary.byPackage).toEqual([
      { name: "i18next", percent: 40 },
      { name: "react-dom", percent: 20 },
      { name: "(garbage collector)", percent: 20 },
      { name: "shop", percent: 20 },
    ]);
    // The render's share holds the translations called inside it.
    expect(summary.byStage).toEqual([
      { name: "React render (renderToPipeableStream's work)", percent: 60 },
      { name: "i18next t() (inside the render)", percent: 40 },
      { name: "garbage collection", percent: 20 },
    ]);
  });

  it("counts a middleware's own time, not the rest of the request run below its next()", () => {
    // root → loggingMiddleware (pino-http) → next (Express's router) → performWork; and a sample in the middleware itself.
    const middleware: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame("(root)"), children: [2] },
        { id: 2, callFrame: frame("loggingMiddleware", "file:///app/node_modules/pino-http/logger.js"), children: [3] },
        { id: 3, callFrame: frame("next", "file:///app/node_modules/router/index.js"), children: [4] },
        { id: 4, callFrame: frame("performWork", "file:///app/node_modules/react-dom/cjs/server.js") },
      ],
      startTime: 0,
      samples: [2, 4, 4, 4],
      timeDeltas: [100, 100, 100, 100],
    };
    const stages = Object.fromEntries(summariseProfile(middleware).byStage.map((s) => [s.name, s.percent]));
    expect(stages["request logging (pino-http, own time and the line written)"]).toBe(25);
    expect(stages["React render (renderToPipeableStream's work)"]).toBe(75);
  });

  it("names scoped packages, Node's own modules and native frames", () => {
    expect(packageOf(frame("x", "file:///a/node_modules/@electric-sql/pglite/dist/index.js"))).toBe("@electric-sql/pglite");
    expect(packageOf(frame("emit", "node:events"))).toBe("node");
    expect(packageOf(frame("(idle)"))).toBe("(idle)");
  });
});
