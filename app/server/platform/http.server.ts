/** The most each kind of body may hold; server/body-limit.ts refuses larger ones before any route runs. */
export const MAX_JSON_BYTES = 32 * 1024;
/** Forms (storefront and console): a message, an address, a few fields. */
export const MAX_FORM_BYTES = 64 * 1024;
/** PayPal's webhook events are a few kilobytes. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;
/** SNS messages (SES bounces and complaints) are at most 256 KB; one is usually a few. */
export const MAX_SNS_BYTES = 256 * 1024;

export type BodyKind = "json" | "form";

/** A body that could not be read: malformed, cut off, or not the kind the endpoint takes. */
export const UNREADABLE = Symbol("unreadable body");
/** A body larger than the reader's limit (answered 413). */
export const TOO_LARGE = Symbol("body too large");

/** What server/body-limit.ts makes a body fail with once it passes the route's limit. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`request body over ${maxBytes} bytes`);
  }
}

/**
 * The body's bytes, never more than `maxBytes` held — announced or actual: a chunked body is read
 * only up to the limit, so a client cannot make the server buffer more than that.
 */
async function readBytes(request: Request, maxBytes: number): Promise<Buffer | typeof TOO_LARGE | typeof UNREADABLE> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes) return TOO_LARGE;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return TOO_LARGE;
      }
      chunks.push(value);
    }
  } catch (error) {
    // The client went away mid-body, or the body limit cut it.
    return error instanceof Error && error.name === "BodyTooLargeError" ? TOO_LARGE : UNREADABLE;
  }
  return Buffer.concat(chunks);
}

/** The body as UTF-8 text (see readBytes). */
export async function readTextBody(request: Request, maxBytes: number): Promise<string | typeof TOO_LARGE | typeof UNREADABLE> {
  const bytes = await readBytes(request, maxBytes);
  return typeof bytes === "symbol" ? bytes : bytes.toString("utf8");
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A posted form (urlencoded or multipart), read within `maxBytes` and then parsed by the platform's
 * own form parser; UNREADABLE for another content type or a broken body.
 */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData | typeof TOO_LARGE | typeof UNREADABLE> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.includes(contentType.split(";")[0].trim().toLowerCase())) return UNREADABLE;
  const bytes = await readBytes(request, maxBytes);
  if (typeof bytes === "symbol") return bytes;
  try {
    return await new Response(bytes as Buffer<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  } catch {
    // A broken multipart boundary or body: the client's fault, not a server error.
    return UNREADABLE;
  }
}

/** A JSON body within `maxBytes`; UNREADABLE when it is not JSON. */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const text = await readTextBody(request, maxBytes);
  if (typeof text === "symbol") return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

/**
 * Reads a JSON body or a form without throwing. A form becomes an object of its text fields (files
 * are ignored); a body that cannot be read is UNREADABLE, one over the limit TOO_LARGE.
 */
export async function readBody(request: Request, kind: BodyKind): Promise<unknown> {
  if (kind === "json") return readJsonBody(request);
  const form = await readFormData(request);
  if (typeof form === "symbol") return form;
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}
