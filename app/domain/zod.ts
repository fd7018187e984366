/**
 * zod for the domain's schemas, which browsers run too. "jitless": zod otherwise probes whether it
 * may compile parsers with `new Function`, which the shop's Content-Security-Policy (no
 * 'unsafe-eval') reports as a violation on every page that validates a form. The interpreted
 * parsers are plenty fast for request bodies and forms.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
