export const MAX_JSON_BYTES = 32 * 1024;

export type BodyKind = "json" | "form";

/** A body that could not be read: malformed, oversized, or not the kind the endpoint takes. */
export const UNREADABLE = Symbol("unreadable body");

/**
 * Reads a JSON body or a form (urlencoded or multipart) without throwing. A form becomes an object
 * of its text fields (files are ignored); anything that cannot be read is UNREADABLE.
 */
export async function readBody(request: Request, kind: BodyKind): Promise<unknown> {
  return kind === "json" ? readJson(request) : readForm(request);
}

async function readJson(request: Request): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) return UNREADABLE;
  try {
    const text = await request.text();
    if (text.length > MAX_JSON_BYTES) return UNREADABLE;
    return JSON.parse(text);
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
