export const MAX_JSON_BYTES = 32 * 1024;

export type BodyKind = "json" | "form";

/** A body that could not be read: malformed, oversized, or not the kind the endpoint takes. */
export const UNREADABLE = Symbol("unreadable body");

/**
 * The body as text, or null when it is larger than `maxBytes` — announced or actual: a chunked body
 * is read only up to the limit, so a client cannot make the server buffer more than that.
 */
export async function readTextBody(request: Request, maxBytes: number): Promise<string | null> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads a JSON body or a form (urlencoded or multipart) without throwing. A form becomes an object
 * of its text fields (files are ignored); anything that cannot be read is UNREADABLE.
 */
export async function readBody(request: Request, kind: BodyKind): Promise<unknown> {
  return kind === "json" ? readJson(request) : readForm(request);
}

async function readJson(request: Request): Promise<unknown> {
  try {
    const text = await readTextBody(request, MAX_JSON_BYTES);
    return text === null ? UNREADABLE : JSON.parse(text);
  } catch {
    return UNREADABLE;
  }
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

async function readForm(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) return UNREADABLE;
  try {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
    return fields;
  } catch {
    // A broken multipart boundary or body: the client's fault, not a server error.
    return UNREADABLE;
  }
}
