import { Transform } from "node:stream";
import type { EntryContext } from "react-router";

/**
 * Pages whose main content the browser renders (the cart and checkout read the stored cart) keep the
 * hints: their largest paint waits for the JavaScript anyway, so it should arrive as early as it can.
 * A route says so with `export const handle = { modulePreload: true }`.
 */
export function keepsModulePreloads(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some((match) => {
    const handle = context.routeModules[match.route.id]?.handle as { modulePreload?: boolean } | undefined;
    return handle?.modulePreload === true;
  });
}

/**
 * React Router's <Scripts> asks for every module of the page with `<link rel="modulepreload">` in
 * <head>; on a slow phone they share the first round trips with the stylesheet and the first image
 * and pushed Lighthouse's home LCP from 1.1 s to 2.3 s (docs/decisions/024). The module script at the
 * end of <body> imports the same files, so they still load, once the page has painted. React hoists
 * the hints into <head>: only the document's head is searched, the rest streams through untouched.
 * Bytes are kept until `</head>` (ASCII, so the text before it ends on a whole character).
 */
export function withoutModulePreloads(): Transform {
  let head = Buffer.alloc(0);
  let done = false;
  const strip = (bytes: Buffer) => Buffer.from(bytes.toString("utf8").replace(/<link rel="modulepreload"[^>]*>/g, ""));
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      done = true;
      const out = Buffer.concat([strip(head.subarray(0, end)), head.subarray(end)]);
      head = Buffer.alloc(0);
      callback(null, out);
    },
    flush(callback) {
      callback(null, done ? undefined : strip(head));
    },
  });
}
