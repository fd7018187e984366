/**
 * Where a server's CPU time went: reads a V8 CPU profile (`node --cpu-prof`, as `npm run bench --
 * --profile` records it) and sums its samples by package (self time) and by stage of a page request
 * (inclusive time), counting only samples taken after `fromMicros` so start-up is left out.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  name: string;
  percent: number;
}

export interface ProfileSummary {
  /** Milliseconds of samples counted (after `fromMicros`). */
  sampledMs: number;
  /** Self time by package (node_modules name), our code, Node, GC and idle. */
  byPackage: ProfileShare[];
  /** Inclusive time of the stages that make up a page request, largest first. */
  byStage: ProfileShare[];
}

/**
 * A request's stages, each the set of functions (name and package) whose time counts for it.
 * `ownOnly`: an Express middleware's own time — not what runs below the `next()` it calls (the rest
 * of the request: ADR 037 counted pino-http at 6.2 % and helmet at 4.1 % that way, their own work
 * was 1.4 % and 0.4 %, docs/decisions/057).
 */
const STAGES: { name: string; ownOnly?: boolean; matches(frame: CallFrame, pkg: string): boolean }[] = [
  { name: "React render (renderToPipeableStream's work)", matches: (f, pkg) => pkg === "react-dom" && f.functionName === "performWork" },
  { name: "i18next t() (inside the render)", matches: (f, pkg) => pkg === "i18next" && f.functionName === "translate" },
  { name: "loaders (React Router's data strategy)", matches: (f, pkg) => pkg === "react-router" && f.functionName === "callDataStrategy" },
  { name: "hydration data (turbo-stream encode)", matches: (f, pkg) => pkg === "react-router" && f.functionName === "encodeViaTurboStream" },
  { name: "route matching (matchRoutes)", matches: (f, pkg) => pkg === "react-router" && f.functionName === "matchRoutesImpl" },
  // Most of the matching (docs/decisions/057): the page's partial route manifest (lazy route discovery)
  // matches every parent path of the URL against every route, on every render.
  { name: "partial route manifest (getPartialManifest)", matches: (f, pkg) => pkg === "react-router" && f.functionName === "getPartialManifest" },
  { name: "embedded database (PGlite)", matches: (_f, pkg) => pkg === "@electric-sql/pglite" },
  { name: "helmet headers (own time)", ownOnly: true, matches: (f, pkg) => pkg === "helmet" && f.functionName === "helmetMiddleware" },
  {
    name: "request logging (pino-http, own time and the line written)",
    ownOnly: true,
    matches: (f, pkg) => pkg === "pino-http" && (f.functionName === "loggingMiddleware" || f.functionName === "onResponseComplete"),
  },
  { name: "garbage collection", matches: (f) => f.functionName === "(garbage collector)" },
  { name: "idle", matches: (f) => f.functionName === "(idle)" },
];

export function packageOf(frame: CallFrame): string {
  if (frame.url === "") return `(${frame.functionName.replace(/^\(|\)$/g, "")})`;
  const inModules = frame.url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (frame.url.startsWith("node:")) return "node";
  if (frame.url.startsWith("wasm://")) return "@electric-sql/pglite";
  return "shop";
}

function shares(times: Map<string, number>, total: number, limit: number): ProfileShare[] {
  return [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, t]) => ({ name, percent: total === 0 ? 0 : (100 * t) / total }));
}

export function summariseProfile(profile: CpuProfile, fromMicros = profile.startTime, limit = 12): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

  // Self time per node, from the samples inside the window.
  const self = new Map<number, number>();
  let now = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    now += delta;
    if (now < fromMicros) return;
    self.set(id, (self.get(id) ?? 0) + delta);
    total += delta;
  });

  const packages = new Map<string, number>();
  const stages = new Map<string, number>();
  for (const [id, t] of self) {
    const pkg = packageOf(byId.get(id)!.callFrame);
    packages.set(pkg, (packages.get(pkg) ?? 0) + t);
    // A sample counts once for each stage found on its stack.
    const found = new Set<string>();
    let belowNext = false; // a frame of Express's next() between the sample and this frame
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const framePackage = packageOf(frame);
      if (framePackage === "router" && frame.functionName === "next") belowNext = true;
      for (const stage of STAGES) if (!found.has(stage.name) && !(stage.ownOnly && belowNext) && stage.matches(frame, framePackage)) found.add(stage.name);
    }
    for (const name of found) stages.set(name, (stages.get(name) ?? 0) + t);
  }
  return { sampledMs: total / 1000, byPackage: shares(packages, total, limit), byStage: shares(stages, total, STAGES.length) };
}

export function formatSummary(summary: ProfileSummary): string {
  const rows = (list: ProfileShare[]) => list.map((s) => `| ${s.name} | ${s.percent.toFixed(1)} % |`).join("\n");
  return [
    `CPU profile: ${summary.sampledMs.toFixed(0)} ms of samples under load`,
    "",
    "| stage (inclusive) | share |\n| --- | --- |",
    rows(summary.byStage),
    "",
    "| package (self) | share |\n| --- | --- |",
    rows(summary.byPackage),
  ].join("\n");
}
