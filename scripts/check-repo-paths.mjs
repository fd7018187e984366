#!/usr/bin/env node
// Part of `npm run lint`: the repository must stand alone. A clone with nothing beside it builds, runs
// and passes its tests, so no code, test, script or document may point outside it: a relative path
// that climbs above the repository root, the sibling folder of shared documents, or an absolute path into
// the machine that made it. Prints each offending place and exits 1.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter(Boolean);

// Generated or vendored files, and binaries, are not ours to word.
const SKIP = [
  /^package-lock\.json$/,
  /^tests\/contracts\//,
  /^db\/migrations\/meta\//,
  /^public\//,
  /\.(png|jpe?g|webp|avif|gif|ico|mp4|webm|woff2?|ttf|pdf|gz|br|tgz|zip)$/i,
];
// A relative path: one or more "../" followed by a name.
const RELATIVE = /(?:\.\.\/)+[\w@.-]+/g;
// Places outside any clone: the machine's work folders and the sibling folder of shared documents.
const OUTSIDE = [/(?<![\w.-])\/work\/[\w.-]+/g, /(?<![\w/])shared\/(?:SPEC|DESIGN|STACK-NOTES)\.md/g, /\.\.\/shared\b/g];

const problems = [];
for (const file of files) {
  if (SKIP.some((pattern) => pattern.test(file))) continue;
  let text;
  try {
    text = readFileSync(path.join(root, file), "utf8");
  } catch {
    continue; // deleted in the work tree but still in the index
  }
  if (text.includes("\0")) continue;
  const dir = path.dirname(path.join(root, file));
  text.split("\n").forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const match of line.matchAll(RELATIVE)) {
      const target = path.resolve(dir, match[0]);
      if (path.relative(root, target).startsWith("..")) problems.push(`${where}: "${match[0]}" leaves the repository`);
    }
    for (const pattern of OUTSIDE) {
      for (const match of line.matchAll(pattern)) problems.push(`${where}: "${match[0]}" is outside the repository`);
    }
  });
}

if (problems.length > 0) {
  console.error(`${problems.length} path(s) point outside the repository (it must stand alone: vendor what is needed, describe the rest in docs/):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
