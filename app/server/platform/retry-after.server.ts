import type { HeadersArgs } from "react-router";

/**
 * A page route's `headers` that keeps its parent's and adds the `Retry-After` its action or loader
 * set: React Router builds a page's headers (document and `.data` answers alike) from the routes'
 * `headers` exports only, so without one a 429 loses it.
 */
export function passRetryAfter({ parentHeaders, actionHeaders, loaderHeaders, errorHeaders }: HeadersArgs, own: HeadersInit = {}): Headers {
  const headers = new Headers(parentHeaders);
  for (const [name, value] of new Headers(own)) headers.set(name, value);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    const retryAfter = source?.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
}
