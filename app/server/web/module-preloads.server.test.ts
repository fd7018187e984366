import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "./module-preloads.server";

async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(withoutModulePreloads())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("withoutModulePreloads", () => {
  const head = '<head><title>Déclencheurs — Boutique</title><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/s.css"/>';
  const body = '</head><body><link rel="modulepreload" href="/assets/kept.js"/>Prix : 10,00 €</body>';

  it("drops the hints from the head only and keeps everything else byte for byte", async () => {
    expect(await through([Buffer.from(head + body)])).toBe(head.replace('<link rel="modulepreload" href="/assets/a.js"/>', "") + body);
  });

  it("keeps characters whole when a chunk ends inside one, before and after </head>", async () => {
    const bytes = Buffer.from(head + body);
    // Cut inside "é" of the title, inside "</head>", and inside "€".
    const cuts = [bytes.indexOf("é") + 1, bytes.indexOf("</head>") + 3, bytes.indexOf("€") + 1];
    const chunks = [0, ...cuts].map((from, i) => bytes.subarray(from, [...cuts, bytes.length][i]));
    expect(await through(chunks)).toBe(head.replace('<link rel="modulepreload" href="/assets/a.js"/>', "") + body);
  });
});
