/**
 * HTTP to PayPal's REST API: an OAuth client-credentials token cached until shortly before it
 * expires, a timeout on every request, and retries on 5xx or network failure that resend the SAME
 * PayPal-Request-Id, so PayPal treats a retried create/capture/refund as the original one.
 * Only app/server/paypal/ uses this; the adapter turns PayPal's JSON into our types.
 */
import type { PayPalConfig } from "./config.server";

export interface PayPalResponse {
  status: number;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown;
}

export interface PayPalRequest {
  method: "GET" | "POST";
  path: string;
  /** A JSON value, or a string sent verbatim (already JSON). */
  body?: unknown;
  /** A multipart/form-data body instead (the Disputes API's evidence, claim and message); fetch sets its boundary. */
  form?: FormData;
  requestId?: string;
}

/** PayPal could not be reached, kept answering 5xx, or timed out on every attempt. */
export class PayPalUnavailableError extends Error {
  override name = "PayPalUnavailableError";
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const DEFAULTS = { timeoutMs: 10_000, maxAttempts: 3, retryDelayMs: 300 };
/** Renew this long before PayPal's expiry so a token never dies in flight. */
const TOKEN_MARGIN_MS = 60_000;

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export function createPayPalTransport(config: PayPalConfig) {
  const timeoutMs = config.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxAttempts = config.maxAttempts ?? DEFAULTS.maxAttempts;
  const retryDelayMs = config.retryDelayMs ?? DEFAULTS.retryDelayMs;
  const now = config.now ?? Date.now;
  const base = config.apiBase.replace(/\/$/, "");

  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  /** Sends one logical request: retried on 5xx/network/timeout; 2xx-4xx answers are returned. */
  async function send(path: string, init: { method: string; headers: Record<string, string>; body?: string | FormData }): Promise<PayPalResponse> {
    let lastError: unknown = null;
    let lastStatus: number | null = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1) await sleep(retryDelayMs * (attempt - 1));
      try {
        const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        const text = await response.text();
        if (response.status >= 500) {
          lastStatus = response.status;
          continue;
        }
        return { status: response.status, body: parseJson(text) };
      } catch (error) {
        lastError = error; // network failure or timeout (TimeoutError)
      }
    }
    const why = lastStatus ? `HTTP ${lastStatus}` : String((lastError as Error | null)?.name ?? "network error");
    throw new PayPalUnavailableError(`PayPal ${init.method} ${path} failed after ${maxAttempts} attempts (${why})`, lastStatus, { cause: lastError });
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
    const { status, body } = await send("/v1/oauth2/token", {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "grant_type=client_credentials",
    });
    const granted = body as { access_token?: unknown; expires_in?: unknown } | null;
    if (status !== 200 || typeof granted?.access_token !== "string" || typeof granted.expires_in !== "number") {
      throw new PayPalUnavailableError(`PayPal refused the client credentials (HTTP ${status})`, status);
    }
    const lifetimeMs = granted.expires_in * 1000;
    // Short-lived tokens (tests, odd answers) are renewed at half-life rather than never cached.
    token = { value: granted.access_token, renewAt: now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return token.value;
  }

  /** One token for all concurrent callers; a second fetch only once it is due for renewal. */
  function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function request({ method, path, body, form, requestId }: PayPalRequest): Promise<PayPalResponse> {
    const payload = form ?? (body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body));
    for (let renewed = false; ; renewed = true) {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${await accessToken()}`,
        Accept: "application/json",
        Prefer: "return=representation",
      };
      if (payload !== undefined && !form) headers["Content-Type"] = "application/json";
      if (requestId) headers["PayPal-Request-Id"] = requestId;
      const response = await send(path, { method, headers, body: payload });
      // A token revoked or expired early: fetch a fresh one once, then give PayPal's answer back.
      if (response.status === 401 && !renewed) {
        token = null;
        continue;
      }
      return response;
    }
  }

  return { request };
}

export type PayPalTransport = ReturnType<typeof createPayPalTransport>;

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
