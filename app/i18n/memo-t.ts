/**
 * A `t` that remembers its answers (docs/decisions/057). On the server a product page calls t()
 * a few hundred times with the same keys on every render, and i18next resolves each call afresh
 * (key parsing, fallbacks, the resource lookup, interpolation): 10 % of an uncached page's CPU.
 * A call is remembered when its answer can only depend on the key, its options and the strings
 * known: a string key, and no options or options of plain values (numbers, strings, booleans),
 * and the answer is a string (returnObjects answers are arrays/objects a caller may keep).
 * `clear()` forgets everything: called whenever strings are registered (app/i18n/i18n.ts).
 */
export interface MemoT<T> {
  t: T;
  clear(): void;
}

/** Beyond this many remembered calls the map starts over (options may carry any value: a bound). */
const LIMIT = 4000;

function optionsKey(options: object): string | null {
  let key = "";
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean" && value !== undefined) return null;
    // \u0000 never appears in keys nor option names: no two different calls share a key.
    key += `\u0000${name}\u0000${type[0]}${String(value)}`;
  }
  return key;
}

export function memoizeT<T extends (...args: never[]) => unknown>(t: T, limit = LIMIT): MemoT<T> {
  let known = new Map<string, string>();
  const call = t as unknown as (...args: unknown[]) => unknown;
  const memo = (...args: unknown[]): unknown => {
    const [key, options] = args;
    if (typeof key !== "string" || args.length > 2) return call(...args);
    let cacheKey: string | null = key;
    if (args.length === 2 && options !== undefined) {
      if (typeof options !== "object" || options === null || Array.isArray(options) || "returnObjects" in options) return call(...args);
      const rest = optionsKey(options);
      if (rest === null) return call(...args);
      cacheKey = key + rest;
    }
    const hit = known.get(cacheKey);
    if (hit !== undefined) return hit;
    const value = call(...args);
    if (typeof value === "string") {
      if (known.size >= limit) known = new Map();
      known.set(cacheKey, value);
    }
    return value;
  };
  return { t: memo as unknown as T, clear: () => (known = new Map()) };
}
