import type { z } from "zod";

export const MAX_JSON_BYTES = 32 * 1024;

/** Reads and validates a JSON body; malformed, oversized or invalid input is a result, never a throw. */
export async function readJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<{ ok: true; data: z.infer<T> } | { ok: false; issues: z.core.$ZodIssue[] }> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) return { ok: false, issues: [] };
  let raw: unknown;
  try {
    const text = await request.text();
    if (text.length > MAX_JSON_BYTES) return { ok: false, issues: [] };
    raw = JSON.parse(text);
  } catch {
    return { ok: false, issues: [] };
  }
  const result = schema.safeParse(raw);
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: result.error.issues };
}
