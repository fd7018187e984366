import type { z } from "zod";

export const MAX_JSON_BYTES = 32 * 1024;

/** The body as text, or null when it is larger than `maxBytes` (announced or actual). */
export async function readTextBody(request: Request, maxBytes: number): Promise<string | null> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes) return null;
  const text = await request.text();
  return Buffer.byteLength(text) > maxBytes ? null : text;
}

/** Reads and validates a JSON body; malformed, oversized or invalid input is a result, never a throw. */
export async function readJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<{ ok: true; data: z.infer<T> } | { ok: false; issues: z.core.$ZodIssue[] }> {
  let raw: unknown;
  try {
    const text = await readTextBody(request, MAX_JSON_BYTES);
    if (text === null) return { ok: false, issues: [] };
    raw = JSON.parse(text);
  } catch {
    return { ok: false, issues: [] };
  }
  const result = schema.safeParse(raw);
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: result.error.issues };
}
