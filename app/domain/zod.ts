/**
 * zod for the domain's schemas, which browsers run too: Zod Mini, the same library's tree-shakable
 * build (functions instead of methods), so a page that validates a form carries only the checks it
 * uses — full zod put 25 KB gzip (JSON Schema export included) on /checkout (docs/decisions/025).
 * Server-only schemas (env, PayPal's replies, the console) keep the classic API from "zod".
 *
 * "jitless": zod otherwise probes whether it may compile parsers with `new Function`, which the
 * shop's Content-Security-Policy (no 'unsafe-eval') reports as a violation on every page that
 * validates a form. The setting is global to zod, classic included.
 */
import * as z from "zod/mini";

z.config({ jitless: true });

export { z };
