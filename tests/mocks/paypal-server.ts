/**
 * A fake PayPal REST API on 127.0.0.1 (random port) for development, Vitest and Playwright:
 * OAuth token, Orders v2 create/get/capture, Payments v2 refund, Webhooks v1 signature check.
 *
 * Every request is checked against PayPal's published contracts (tests/contracts/paypal, see
 * paypal-contracts.ts) and PayPal's amount rules; each problem is recorded as a violation and
 * answered 400/422 as PayPal would. The fake's own answers are checked against the contracts too.
 * Tests fail on any violation (tests/setup/fake-paypal.ts).
 *
 * Per-test scenarios: capture outcome (completed, pending, declined, already captured), 5xx on the
 * next N requests of a route (before or after the work is done), slow answers. Requests carrying a
 * PayPal-Request-Id already seen are answered from a replay store, as PayPal does.
 *
 * Control routes for other processes (dev server, Playwright): POST /__fake/orders/:id/approve
 * {"givenName"?, "captureAnswerDelayMs"?},
 * POST /__fake/scenario {"capture"?: outcome, "captureTimes"?: n, "sdk"?: "approve"|"cancel"|"error"|"unavailable"}
 * (an empty object resets), GET /__fake/violations, GET /__fake/requests (what reached the API). GET /sdk/js serves the fake JS SDK
 * (paypal-sdk.ts); the control routes answer cross-origin, as the SDK runs on the shop's pages.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { checkDisputeInput, disputeJson, parseMultipart, type FakeDispute, type MultipartPart } from "./paypal-disputes";
import { PayPalContracts, type DocumentId } from "./paypal-contracts";
import { fakeSdkScript, type SdkScenario } from "./paypal-sdk";

export type FakeRoute =
  "token" | "create" | "get" | "capture" | "refund" | "verify" | "disputes" | "dispute" | "provide-evidence" | "accept-claim" | "send-message";
export type CaptureOutcome = "completed" | "pending" | "declined" | "already_captured";

export interface Violation {
  route: FakeRoute | "unknown";
  message: string;
}

export interface FakeRequest {
  route: FakeRoute;
  method: string;
  path: string;
  requestId: string | undefined;
  /** A refund's JSON body as sent (what amount the shop asked for); other routes' bodies are not kept. */
  body?: unknown;
  /** A multipart request's parts as sent (the Disputes API's answers): input JSON parsed, files by name and type. */
  parts?: { name: string; filename?: string; contentType?: string; json?: unknown; size: number }[];
}

export interface FakePayPalOptions {
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of issued tokens; PayPal's is about 9 h. */
  tokenTtlSeconds?: number;
  contracts?: PayPalContracts;
  /** 0 (default) picks a free port. */
  port?: number;
}

interface Money {
  currency_code: string;
  value: string;
}

interface FakeCapture {
  id: string;
  status: "COMPLETED" | "PENDING" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amount: Money;
  refundedCents: number;
  createTime: string;
}

interface FakeOrder {
  id: string;
  status: "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  request: OrderRequest;
  createTime: string;
  payerGivenName: string | null;
  capture: FakeCapture | null;
  /** The capture is made at once but answered this much later (a shop that dies meanwhile never hears it). */
  captureAnswerDelayMs?: number;
}

interface OrderRequest {
  intent: string;
  purchase_units: PurchaseUnit[];
  payment_source?: { paypal?: unknown };
}

interface PurchaseUnit {
  reference_id?: string;
  amount: Money & { breakdown?: Record<string, Money | undefined> };
  items?: { unit_amount: Money; quantity: string; tax?: Money }[];
  invoice_id?: string;
  custom_id?: string;
  description?: string;
  soft_descriptor?: string;
  [key: string]: unknown;
}

interface Answer {
  status: number;
  body: unknown;
}

const ROUTES: { route: FakeRoute; method: string; pattern: RegExp; contract?: [document: DocumentId, operationId: string] }[] = [
  { route: "token", method: "POST", pattern: /^\/v1\/oauth2\/token$/ },
  { route: "create", method: "POST", pattern: /^\/v2\/checkout\/orders$/, contract: ["orders", "orders.create"] },
  { route: "get", method: "GET", pattern: /^\/v2\/checkout\/orders\/(?<id>[^/]+)$/, contract: ["orders", "orders.get"] },
  { route: "capture", method: "POST", pattern: /^\/v2\/checkout\/orders\/(?<id>[^/]+)\/capture$/, contract: ["orders", "orders.capture"] },
  { route: "refund", method: "POST", pattern: /^\/v2\/payments\/captures\/(?<capture_id>[^/]+)\/refund$/, contract: ["payments", "captures.refund"] },
  { route: "verify", method: "POST", pattern: /^\/v1\/notifications\/verify-webhook-signature$/, contract: ["webhooks", "verify-webhook-signature.post"] },
  { route: "disputes", method: "GET", pattern: /^\/v1\/customer\/disputes$/, contract: ["disputes", "disputes.list"] },
  { route: "dispute", method: "GET", pattern: /^\/v1\/customer\/disputes\/(?<id>[^/]+)$/, contract: ["disputes", "disputes.get"] },
  {
    route: "provide-evidence",
    method: "POST",
    pattern: /^\/v1\/customer\/disputes\/(?<id>[^/]+)\/provide-evidence$/,
    contract: ["disputes", "disputes.provide-evidence"],
  },
  { route: "accept-claim", method: "POST", pattern: /^\/v1\/customer\/disputes\/(?<id>[^/]+)\/accept-claim$/, contract: ["disputes", "disputes.accept-claim"] },
  { route: "send-message", method: "POST", pattern: /^\/v1\/customer\/disputes\/(?<id>[^/]+)\/send-message$/, contract: ["disputes", "disputes.send-message"] },
];

/** The Disputes API's seller answers: multipart/form-data bodies (customer_disputes_v1.json). */
const MULTIPART_ROUTES: readonly FakeRoute[] = ["provide-evidence", "accept-claim", "send-message"];

/** Our own rule on top of the contract: a retried write must be recognisable as the same one. */
const NEEDS_REQUEST_ID: readonly FakeRoute[] = ["create", "capture", "refund"];

const PAYPAL_ID = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const paypalId = (length = 17) => Array.from(randomBytes(length), (b) => PAYPAL_ID[b % PAYPAL_ID.length]).join("");

const toCents = (value: string) => Math.round(Number(value) * 100);
const toValue = (cents: number) => (cents / 100).toFixed(2);

// PayPal's error names and messages per status, word for word from the contracts.
const ERROR_NAMES: Record<number, [name: string, message: string]> = {
  400: ["INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema."],
  401: ["AUTHENTICATION_FAILURE", "Authentication failed due to missing authorization header, or invalid authentication credentials."],
  404: ["RESOURCE_NOT_FOUND", "The specified resource does not exist."],
  422: ["UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation."],
  500: ["INTERNAL_SERVER_ERROR", "An internal server error occurred."],
};

// The contracts' description for each issue the fake raises.
const ISSUES = {
  INVALID_PARAMETER_SYNTAX: "The value of a field does not conform to the expected format.",
  MALFORMED_REQUEST_JSON: "The request JSON is not well formed.",
  INVALID_RESOURCE_ID: "Specified resource ID does not exist. Please check the resource ID and try again.",
  INSTRUMENT_DECLINED: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  AMOUNT_MISMATCH: "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
  CANNOT_BE_ZERO_OR_NEGATIVE: "Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.",
  ITEM_TOTAL_MISMATCH: "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.",
  ITEM_TOTAL_REQUIRED: "If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.",
  MULTI_CURRENCY_ORDER: "Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code.",
  CAPTURE_FULLY_REFUNDED: "The capture has already been fully refunded",
  REFUND_AMOUNT_EXCEEDED: "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
  INTERNAL_SERVICE_ERROR: "An internal service error has occurred.",
  // The Disputes API's refusals of an action the dispute's state does not allow.
  NOT_AUTHORIZED_TO_PROVIDE_EVIDENCE: "You are not authorized to provide evidence for this dispute in its current state.",
  NOT_AUTHORIZED_TO_ACCEPT_CLAIM: "You are not authorized to accept the claim for this dispute in its current state.",
  NOT_AUTHORIZED_TO_SEND_MESSAGE: "Messages can only be sent while the dispute is an inquiry.",
  MISSING_OR_INVALID_MULTIPART: "The multipart/form-data request is missing or invalid.",
} as const;
type Issue = keyof typeof ISSUES;

function errorAnswer(status: number, issue: Issue, field?: string): Answer {
  const [name, message] = ERROR_NAMES[status] ?? ERROR_NAMES[500];
  const detail = { ...(field ? { field } : {}), issue, description: ISSUES[issue] };
  return { status, body: { name, message, debug_id: paypalId(13).toLowerCase(), details: [detail], links: [] } };
}
const notFound = () => errorAnswer(404, "INVALID_RESOURCE_ID");

/** PayPal's amount rules for a purchase unit (beyond what a JSON schema can say): [issue, explanation][]. */
function amountProblems(unit: PurchaseUnit, index: number): [issue: Issue, message: string][] {
  const problems: [Issue, string][] = [];
  const where = `purchase_units[${index}]`;
  const currency = unit.amount.currency_code;
  const breakdown = unit.amount.breakdown ?? {};
  const monies = [...Object.values(breakdown), ...(unit.items ?? []).map((i) => i.unit_amount)].filter((m): m is Money => Boolean(m));
  if (monies.some((m) => m.currency_code !== currency)) problems.push(["MULTI_CURRENCY_ORDER", `${where}: every amount must be in ${currency}`]);
  if (toCents(unit.amount.value) <= 0) problems.push(["CANNOT_BE_ZERO_OR_NEGATIVE", `${where}: amount must be positive`]);
  if (unit.items?.length) {
    const itemTotal = unit.items.reduce((sum, i) => sum + toCents(i.unit_amount.value) * Number(i.quantity), 0);
    if (!breakdown.item_total) problems.push(["ITEM_TOTAL_REQUIRED", `${where}: items need amount.breakdown.item_total`]);
    else if (toCents(breakdown.item_total.value) !== itemTotal)
      problems.push(["ITEM_TOTAL_MISMATCH", `${where}: item_total is not Σ unit_amount × quantity (${toValue(itemTotal)})`]);
  }
  if (unit.amount.breakdown) {
    const part = (key: string) => toCents(breakdown[key]?.value ?? "0");
    const expected =
      part("item_total") + part("tax_total") + part("shipping") + part("handling") + part("insurance") - part("shipping_discount") - part("discount");
    if (expected !== toCents(unit.amount.value)) problems.push(["AMOUNT_MISMATCH", `${where}: amount is not the breakdown's sum (${toValue(expected)})`]);
  }
  return problems;
}

export class FakePayPal {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly requests: FakeRequest[] = [];
  readonly orders = new Map<string, FakeOrder>();
  readonly disputes = new Map<string, FakeDispute>();
  private violations: Violation[] = [];
  private readonly tokens = new Map<string, number>();
  private readonly replays = new Map<string, Answer>();
  private readonly failures = new Map<FakeRoute, { times: number; status: number; afterWork: boolean }>();
  private readonly delays = new Map<FakeRoute, { ms: number; times: number }>();
  private captureOutcome: CaptureOutcome = "completed";
  /** Captures left with captureOutcome before it goes back to completed (null: no end). */
  private captureTimes: number | null = null;
  private sdkScenario: SdkScenario | "unavailable" = "approve";
  private readonly webhookKey = randomBytes(32);
  private readonly contracts: PayPalContracts;
  private readonly tokenTtlSeconds: number;

  private constructor(
    private readonly server: Server,
    options: FakePayPalOptions,
  ) {
    this.clientId = options.clientId ?? "fake-client-id";
    this.clientSecret = options.clientSecret ?? "fake-client-secret";
    this.tokenTtlSeconds = options.tokenTtlSeconds ?? 32_400;
    this.contracts = options.contracts ?? new PayPalContracts();
  }

  static async start(options: FakePayPalOptions = {}): Promise<FakePayPal> {
    const server = createServer();
    const fake = new FakePayPal(server, options);
    // Compile every contract now (a few seconds) rather than inside the first test's time budget.
    for (const { contract } of ROUTES) if (contract) fake.contracts.operation(...contract);
    server.on("request", (req, res) => {
      fake.handle(req, res).catch((error: unknown) => {
        fake.violations.push({ route: "unknown", message: `fake PayPal crashed: ${String(error)}` });
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  // ---- scenario controls -------------------------------------------------------------------

  /** What the next captures do (default completed). */
  setCaptureOutcome(outcome: CaptureOutcome, times: number | null = null): void {
    this.captureOutcome = outcome;
    this.captureTimes = times;
  }

  /** What a click on the fake SDK's buttons does; "unavailable": the SDK script does not load (503). */
  setSdkScenario(scenario: SdkScenario | "unavailable"): void {
    this.sdkScenario = scenario;
  }

  /** The next `times` requests to `route` answer `status`; with afterWork the work is done first (the answer is lost). */
  failNext(route: FakeRoute, times = 1, { status = 503, afterWork = false } = {}): void {
    this.failures.set(route, { times, status, afterWork });
  }

  /** The next `times` answers on `route` are held back `ms` (after the work is done). */
  delayNext(route: FakeRoute, ms: number, times = 1): void {
    this.delays.set(route, { ms, times });
  }

  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string, payerGivenName = "Alex"): void {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`fake PayPal has no order ${orderId}`);
    if (order.status === "CREATED" || order.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
    order.payerGivenName = payerGivenName;
  }

  /** Revokes every issued token (as when they expire). */
  expireTokens(): void {
    this.tokens.clear();
  }

  /** Headers PayPal would send with a webhook delivery of `rawBody`, signed for `webhookId`. */
  webhookHeaders(rawBody: string, webhookId: string): Record<string, string> {
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    return {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77",
      "paypal-transmission-id": transmissionId,
      "paypal-transmission-time": transmissionTime,
      "paypal-transmission-sig": this.sign(transmissionId, transmissionTime, webhookId, JSON.parse(rawBody)),
    };
  }

  /** How many requests reached `route`. */
  count(route: FakeRoute): number {
    return this.requests.filter((r) => r.route === route).length;
  }

  /** Returns the recorded violations and forgets them. */
  takeViolations(): Violation[] {
    const taken = this.violations;
    this.violations = [];
    return taken;
  }

  /** Back to a fresh PayPal (between tests); violations are kept until taken. */
  reset(): void {
    this.requests.length = 0;
    this.orders.clear();
    this.disputes.clear();
    this.tokens.clear();
    this.replays.clear();
    this.failures.clear();
    this.delays.clear();
    this.captureOutcome = "completed";
    this.captureTimes = null;
    this.sdkScenario = "approve";
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  // ---- HTTP ----------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks);
    const text = rawBody.toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname.startsWith("/__fake/")) return this.control(req.method ?? "GET", url.pathname, text, res);
    if (req.method === "GET" && url.pathname === "/sdk/js") return this.sdk(url, req.headers.host ?? new URL(this.url).host, res);

    const match = ROUTES.map((r) => ({ ...r, found: req.method === r.method ? r.pattern.exec(url.pathname) : null })).find((r) => r.found);
    if (!match) {
      this.violations.push({ route: "unknown", message: `no such PayPal endpoint: ${req.method} ${url.pathname}` });
      return send(res, errorAnswer(404, "INVALID_RESOURCE_ID", url.pathname));
    }
    const { route } = match;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    const requestId = headers["paypal-request-id"];
    const record: FakeRequest = { route, method: req.method ?? "", path: url.pathname, requestId };
    this.requests.push(record);
    const violate = (message: string) => this.violations.push({ route, message });

    if (route === "token") return send(res, this.token(headers, text, violate));

    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
    if (!bearer) {
      violate("no Authorization: Bearer header");
      return send(res, { status: 401, body: { error: "invalid_token", error_description: "No Authorization header" } });
    }
    if ((this.tokens.get(bearer) ?? 0) < Date.now()) {
      return send(res, { status: 401, body: { error: "invalid_token", error_description: "Token signature verification failed" } });
    }

    const contract = this.contracts.operation(...match.contract!);
    let body: unknown;
    if (MULTIPART_ROUTES.includes(route)) {
      const parts: MultipartPart[] | string = parseMultipart(headers["content-type"], rawBody);
      if (typeof parts === "string") {
        violate(parts);
        return send(res, errorAnswer(400, "MISSING_OR_INVALID_MULTIPART", parts));
      }
      const problems = checkDisputeInput(route, parts, contract.multipartFields, this.contracts);
      record.parts = parts.map((p) => ({ name: p.name, filename: p.filename, contentType: p.contentType, json: p.json, size: p.data.length }));
      if (problems.length > 0) {
        problems.forEach(violate);
        return send(res, errorAnswer(400, "INVALID_PARAMETER_SYNTAX", problems.join("; ")));
      }
      body = parts.find((p) => p.name === "input")?.json;
    } else if (req.method === "POST") {
      if (!headers["content-type"]?.startsWith("application/json")) violate(`Content-Type is ${headers["content-type"] ?? "missing"}, not application/json`);
      try {
        body = JSON.parse(text);
      } catch {
        violate(`body is not JSON: ${text.slice(0, 80)}`);
        return send(res, errorAnswer(400, "MALFORMED_REQUEST_JSON"));
      }
    }
    if (route === "refund") record.body = body;
    const problems = contract.checkRequest({ body, headers, pathParams: { ...match.found!.groups } });
    if (NEEDS_REQUEST_ID.includes(route) && !requestId) problems.push("header PayPal-Request-Id is missing (a retry could act twice)");
    if (problems.length > 0) {
      problems.forEach(violate);
      return send(res, errorAnswer(400, "INVALID_PARAMETER_SYNTAX", problems.join("; ")));
    }
    const amountRules = route === "create" ? (body as OrderRequest).purchase_units.flatMap(amountProblems) : [];
    if (amountRules.length > 0) {
      for (const [issue, message] of amountRules) violate(`${issue} ${message}`);
      return send(res, errorAnswer(422, amountRules[0][0], amountRules[0][1]));
    }

    const failure = this.consume(this.failures, route);
    if (failure && !failure.afterWork) return send(res, errorAnswer(failure.status, "INTERNAL_SERVICE_ERROR"));

    const replayKey = requestId ? `${route}:${requestId}` : null;
    let answer = replayKey ? this.replays.get(replayKey) : undefined;
    if (!answer) {
      answer = this.work(route, match.found!.groups ?? {}, body);
      if (replayKey) this.replays.set(replayKey, answer);
    }

    const delay = this.consume(this.delays, route);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
    const slowAnswer = route === "capture" ? this.orders.get(match.found!.groups?.id ?? "")?.captureAnswerDelayMs : undefined;
    if (slowAnswer) await new Promise((resolve) => setTimeout(resolve, slowAnswer));
    if (failure) return send(res, errorAnswer(failure.status, "INTERNAL_SERVICE_ERROR"));
    for (const problem of contract.checkResponse(answer.status, answer.body)) violate(`fake's own answer breaks the contract: ${problem}`);
    send(res, answer);
  }

  private consume<T extends { times: number }>(map: Map<FakeRoute, T>, route: FakeRoute): T | undefined {
    const entry = map.get(route);
    if (!entry) return undefined;
    if (--entry.times <= 0) map.delete(route);
    return entry;
  }

  private token(headers: Record<string, string | undefined>, text: string, violate: (m: string) => void): Answer {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString("base64")}`;
    if (!headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) violate("token request is not form-encoded");
    if (new URLSearchParams(text).get("grant_type") !== "client_credentials") {
      violate(`token request grant_type is not client_credentials: ${text}`);
      return { status: 400, body: { error: "unsupported_grant_type", error_description: "Grant Type is NULL" } };
    }
    if (headers.authorization !== expected) return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
    const accessToken = `A21AA${randomBytes(24).toString("base64url")}`;
    this.tokens.set(accessToken, Date.now() + this.tokenTtlSeconds * 1000);
    return {
      status: 200,
      body: {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: accessToken,
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: this.tokenTtlSeconds,
        nonce: randomUUID(),
      },
    };
  }

  private work(route: FakeRoute, params: Record<string, string>, body: unknown): Answer {
    switch (route) {
      case "create":
        return this.createOrder(body as OrderRequest);
      case "get": {
        const order = this.orders.get(params.id);
        return order ? { status: 200, body: this.orderJson(order) } : notFound();
      }
      case "capture":
        return this.capture(params.id);
      case "refund":
        return this.refund(params.capture_id, body as { amount?: Money });
      case "verify":
        return this.verify(body as Record<string, string> & { webhook_event: unknown });
      case "disputes":
        return { status: 200, body: this.disputes.size ? { items: [...this.disputes.values()].map((d) => this.disputeSummary(d)) } : {} };
      case "dispute": {
        const dispute = this.disputes.get(params.id);
        return dispute ? { status: 200, body: disputeJson(dispute, this.url) } : notFound();
      }
      case "provide-evidence":
      case "accept-claim":
      case "send-message":
        return this.disputeAction(route, params.id, body as Record<string, unknown>);
      default:
        throw new Error(`no work for ${route}`);
    }
  }

  private createOrder(request: OrderRequest): Answer {
    const order: FakeOrder = {
      id: paypalId(),
      // With payment_source.paypal PayPal answers PAYER_ACTION_REQUIRED and a payer-action link.
      status: request.payment_source?.paypal ? "PAYER_ACTION_REQUIRED" : "CREATED",
      request,
      createTime: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      payerGivenName: null,
      capture: null,
    };
    this.orders.set(order.id, order);
    return { status: 201, body: this.orderJson(order) };
  }

  private capture(id: string): Answer {
    const order = this.orders.get(id);
    if (!order) return notFound();
    if (this.captureOutcome === "already_captured" && !order.capture) {
      // Captured a moment ago by someone else (another tab, the sweep).
      order.payerGivenName ??= "Alex";
      this.settle(order, "COMPLETED");
    }
    if (order.capture) return errorAnswer(422, "ORDER_ALREADY_CAPTURED");
    if (order.status !== "APPROVED") return errorAnswer(422, "ORDER_NOT_APPROVED");
    const outcome = this.captureOutcome;
    if (this.captureTimes !== null && --this.captureTimes <= 0) this.setCaptureOutcome("completed");
    if (outcome === "declined") {
      return errorAnswer(422, "INSTRUMENT_DECLINED");
    }
    this.settle(order, outcome === "pending" ? "PENDING" : "COMPLETED");
    return { status: 201, body: this.orderJson(order) };
  }

  private settle(order: FakeOrder, status: "COMPLETED" | "PENDING"): void {
    const { currency_code, value } = order.request.purchase_units[0].amount;
    order.capture = {
      id: paypalId(),
      status,
      amount: { currency_code, value },
      refundedCents: 0,
      createTime: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    };
    order.status = "COMPLETED";
  }

  private refund(captureId: string, request: { amount?: Money }): Answer {
    const capture = [...this.orders.values()].map((o) => o.capture).find((c) => c?.id === captureId);
    if (!capture) return notFound();
    const remaining = toCents(capture.amount.value) - capture.refundedCents;
    if (remaining <= 0) return errorAnswer(422, "CAPTURE_FULLY_REFUNDED");
    const cents = request.amount ? toCents(request.amount.value) : remaining;
    if (cents > remaining) return errorAnswer(422, "REFUND_AMOUNT_EXCEEDED");
    capture.refundedCents += cents;
    capture.status = capture.refundedCents === toCents(capture.amount.value) ? "REFUNDED" : "PARTIALLY_REFUNDED";
    const id = paypalId();
    return {
      status: 201,
      body: {
        id,
        status: "COMPLETED",
        amount: { currency_code: capture.amount.currency_code, value: toValue(cents) },
        links: [{ href: `${this.url}/v2/payments/refunds/${id}`, rel: "self", method: "GET" }],
      },
    };
  }

  // ---- disputes ------------------------------------------------------------------------------

  /**
   * The buyer opens a dispute on a capture (found by capture id or by our invoice id, the order id).
   * The seller's answer is due in `dueInMs` (PayPal gives about 10 days; tests choose less).
   */
  openDispute(options: { captureId?: string; invoiceId?: string; reason?: string; stage?: "INQUIRY" | "CHARGEBACK"; dueInMs?: number }): FakeDispute {
    const found = [...this.orders.values()].find(
      (o) => o.capture && (o.capture.id === options.captureId || (options.invoiceId && o.request.purchase_units[0].invoice_id === options.invoiceId)),
    );
    if (!found?.capture) throw new Error(`fake PayPal has no capture for ${options.captureId ?? options.invoiceId}`);
    const now = new Date();
    const dispute: FakeDispute = {
      id: `PP-D-${paypalId(6)}`,
      captureId: found.capture.id,
      invoiceId: found.request.purchase_units[0].invoice_id ?? null,
      reason: options.reason ?? "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      status: "WAITING_FOR_SELLER_RESPONSE",
      stage: options.stage ?? "CHARGEBACK",
      amount: found.capture.amount,
      createTime: now,
      updateTime: now,
      dueDate: new Date(now.getTime() + (options.dueInMs ?? 10 * 24 * 3_600_000)),
      outcome: null,
      messages: [],
      evidences: [],
    };
    this.disputes.set(dispute.id, dispute);
    return dispute;
  }

  /** PayPal decides: for the buyer (the money goes back: the capture is reversed) or for the seller. */
  resolveDispute(id: string, outcome: "RESOLVED_BUYER_FAVOUR" | "RESOLVED_SELLER_FAVOUR" | "ACCEPTED" | "CANCELED_BY_BUYER"): FakeDispute {
    const dispute = this.disputes.get(id);
    if (!dispute) throw new Error(`fake PayPal has no dispute ${id}`);
    const lost = outcome === "RESOLVED_BUYER_FAVOUR" || outcome === "ACCEPTED";
    dispute.status = "RESOLVED";
    dispute.outcome = { code: outcome, refunded: lost ? dispute.amount : null };
    dispute.updateTime = new Date();
    if (lost) {
      const capture = [...this.orders.values()].map((o) => o.capture).find((c) => c?.id === dispute.captureId);
      if (capture) {
        capture.refundedCents = toCents(capture.amount.value);
        capture.status = "REFUNDED";
      }
    }
    return dispute;
  }

  /** A signed CUSTOMER.DISPUTE.* delivery about `id`, as PayPal would post it (the resource is the dispute). */
  disputeWebhook(id: string, eventType: "CUSTOMER.DISPUTE.CREATED" | "CUSTOMER.DISPUTE.UPDATED" | "CUSTOMER.DISPUTE.RESOLVED", webhookId: string) {
    const dispute = this.disputes.get(id);
    if (!dispute) throw new Error(`fake PayPal has no dispute ${id}`);
    const rawBody = JSON.stringify({
      id: `WH-${randomUUID()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: "dispute",
      event_type: eventType,
      summary: `A dispute was ${eventType.split(".").pop()!.toLowerCase()}`,
      resource: disputeJson(dispute, this.url),
    });
    return { rawBody, headers: this.webhookHeaders(rawBody, webhookId) };
  }

  private disputeSummary(d: FakeDispute) {
    const { dispute_id, create_time, update_time, reason, status, dispute_amount, links } = disputeJson(d, this.url);
    return { dispute_id, create_time, update_time, reason, status, dispute_amount, links };
  }

  private disputeAction(route: FakeRoute, id: string, input: Record<string, unknown>): Answer {
    const dispute = this.disputes.get(id);
    if (!dispute) return notFound();
    const now = new Date();
    if (route === "provide-evidence") {
      if (dispute.status !== "WAITING_FOR_SELLER_RESPONSE") return errorAnswer(422, "NOT_AUTHORIZED_TO_PROVIDE_EVIDENCE");
      for (const evidence of (input.evidences as Record<string, unknown>[]) ?? []) dispute.evidences.push({ ...evidence, date: now });
      dispute.status = "UNDER_REVIEW";
    } else if (route === "accept-claim") {
      if (dispute.status === "RESOLVED") return errorAnswer(422, "NOT_AUTHORIZED_TO_ACCEPT_CLAIM");
      this.resolveDispute(id, "RESOLVED_BUYER_FAVOUR");
    } else {
      if (dispute.stage !== "INQUIRY") return errorAnswer(422, "NOT_AUTHORIZED_TO_SEND_MESSAGE");
      dispute.messages.push({ postedBy: "SELLER", time: now, content: String(input.message) });
    }
    dispute.updateTime = now;
    return { status: 200, body: { links: [{ href: `${this.url}/v1/customer/disputes/${id}`, rel: "self", method: "GET" }] } };
  }

  private verify(request: Record<string, string> & { webhook_event: unknown }): Answer {
    const expected = this.sign(request.transmission_id, request.transmission_time, request.webhook_id, request.webhook_event);
    return { status: 200, body: { verification_status: request.transmission_sig === expected ? "SUCCESS" : "FAILURE" } };
  }

  private sign(transmissionId: string, time: string, webhookId: string, event: unknown): string {
    return createHmac("sha256", this.webhookKey)
      .update(`${transmissionId}|${time}|${webhookId}|${JSON.stringify(event)}`)
      .digest("hex");
  }

  private orderJson(order: FakeOrder): unknown {
    const self = `${this.url}/v2/checkout/orders/${order.id}`;
    const links = [{ href: self, rel: "self", method: "GET" }];
    if (order.status === "PAYER_ACTION_REQUIRED") links.push({ href: `${this.url}/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" });
    if (order.status === "CREATED") links.push({ href: `${this.url}/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" });
    if (order.status === "APPROVED") links.push({ href: `${self}/capture`, rel: "capture", method: "POST" });
    const payer = order.payerGivenName
      ? { name: { given_name: order.payerGivenName, surname: "Buyer" }, email_address: "buyer@example.com", payer_id: "QYR5Z8XDVJNXQ" }
      : null;
    const units = order.request.purchase_units.map((unit, index) => {
      const { payment_instruction: _instruction, ...shown } = unit;
      const capture = index === 0 ? order.capture : null;
      return {
        ...shown,
        reference_id: unit.reference_id ?? "default",
        ...(capture
          ? {
              payments: {
                captures: [
                  {
                    id: capture.id,
                    status: capture.status,
                    ...(capture.status === "PENDING" ? { status_details: { reason: "PENDING_REVIEW" } } : {}),
                    amount: capture.amount,
                    ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
                    ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
                    final_capture: true,
                    create_time: capture.createTime,
                    update_time: capture.createTime,
                    links: [{ href: `${this.url}/v2/payments/captures/${capture.id}`, rel: "self", method: "GET" }],
                  },
                ],
              },
            }
          : {}),
      };
    });
    return {
      id: order.id,
      intent: order.request.intent,
      status: order.status,
      create_time: order.createTime,
      purchase_units: units,
      ...(payer ? { payer, payment_source: { paypal: { email_address: payer.email_address, account_id: payer.payer_id, name: payer.name } } } : {}),
      links,
    };
  }

  /** The fake JS SDK; the query must be what the shop's checkout needs (our client id, USD, capture). */
  private sdk(url: URL, host: string, res: ServerResponse): void {
    const query = Object.fromEntries(url.searchParams);
    if (query["client-id"] !== this.clientId) this.violations.push({ route: "unknown", message: `SDK loaded with client-id ${query["client-id"]}` });
    if (query.currency !== "USD" || query.intent !== "capture") {
      this.violations.push({ route: "unknown", message: `SDK loaded with currency ${query.currency}, intent ${query.intent}` });
    }
    if (this.sdkScenario === "unavailable") {
      res.writeHead(503, { "Content-Type": "text/plain" }).end("unavailable");
      return;
    }
    const base = `http://${host}`;
    res.writeHead(200, { "Content-Type": "application/javascript; charset=utf-8", "Cache-Control": "no-store" }).end(fakeSdkScript(base));
  }

  /** Posts the dispute's webhook to the shop; the shop's HTTP status, or null when not asked. */
  private async notify(id: string, eventType: "CUSTOMER.DISPUTE.CREATED" | "CUSTOMER.DISPUTE.RESOLVED", notify: Notify | undefined): Promise<number | null> {
    if (!notify) return null;
    const { rawBody, headers } = this.disputeWebhook(id, eventType, notify.webhookId);
    const response = await fetch(notify.url, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: rawBody });
    return response.status;
  }

  private control(method: string, pathname: string, text: string, res: ServerResponse): void {
    // The fake SDK calls these from the shop's origin.
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Headers", "Content-Type");
    if (method === "OPTIONS") return send(res, { status: 204, body: null });
    const approve = /^\/__fake\/orders\/([^/]+)\/approve$/.exec(pathname);
    if (method === "POST" && approve && this.orders.has(approve[1])) {
      const options = (text ? JSON.parse(text) : {}) as { givenName?: string; captureAnswerDelayMs?: number };
      this.approve(approve[1], options.givenName ?? "Alex");
      this.orders.get(approve[1])!.captureAnswerDelayMs = options.captureAnswerDelayMs;
      return send(res, { status: 200, body: { id: approve[1], status: this.orders.get(approve[1])!.status } });
    }
    if (method === "POST" && pathname === "/__fake/scenario") {
      const scenario = (text ? JSON.parse(text) : {}) as { capture?: CaptureOutcome; captureTimes?: number; sdk?: SdkScenario | "unavailable" };
      this.setCaptureOutcome(scenario.capture ?? "completed", scenario.captureTimes ?? null);
      this.setSdkScenario(scenario.sdk ?? "approve");
      return send(res, { status: 204, body: null });
    }
    // Disputes for other processes (Playwright): open one on an order's capture, resolve it, and
    // deliver its webhook to the shop ({"notify": {"url", "webhookId"}}), signed like PayPal's.
    if (method === "POST" && pathname === "/__fake/disputes") {
      const options = (text ? JSON.parse(text) : {}) as {
        invoiceId?: string;
        captureId?: string;
        reason?: string;
        stage?: "INQUIRY" | "CHARGEBACK";
        dueInMs?: number;
        notify?: Notify;
      };
      const dispute = this.openDispute(options);
      return void this.notify(dispute.id, "CUSTOMER.DISPUTE.CREATED", options.notify).then((delivered) =>
        send(res, { status: 201, body: { id: dispute.id, delivered } }),
      );
    }
    const resolve = /^\/__fake\/disputes\/([^/]+)\/resolve$/.exec(pathname);
    if (method === "POST" && resolve && this.disputes.has(resolve[1])) {
      const options = (text ? JSON.parse(text) : {}) as { outcome?: "RESOLVED_BUYER_FAVOUR" | "RESOLVED_SELLER_FAVOUR"; notify?: Notify };
      this.resolveDispute(resolve[1], options.outcome ?? "RESOLVED_BUYER_FAVOUR");
      return void this.notify(resolve[1], "CUSTOMER.DISPUTE.RESOLVED", options.notify).then((delivered) =>
        send(res, { status: 200, body: { id: resolve[1], delivered } }),
      );
    }
    const shown = /^\/__fake\/disputes\/([^/]+)$/.exec(pathname);
    if (method === "GET" && shown && this.disputes.has(shown[1])) return send(res, { status: 200, body: disputeJson(this.disputes.get(shown[1])!, this.url) });
    if (method === "GET" && pathname === "/__fake/sdk-scenario") return send(res, { status: 200, body: { sdk: this.sdkScenario } });
    if (method === "GET" && pathname === "/__fake/violations") return send(res, { status: 200, body: this.violations });
    if (method === "GET" && pathname === "/__fake/requests") return send(res, { status: 200, body: this.requests });
    send(res, { status: 404, body: { error: "unknown fake control route" } });
  }
}

interface Notify {
  url: string;
  webhookId: string;
}

function send(res: ServerResponse, answer: Answer): void {
  if (res.destroyed) return; // the client gave up (timeout); PayPal did the work all the same
  if (answer.body === null) {
    res.writeHead(answer.status).end();
    return;
  }
  res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
}

export function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  return FakePayPal.start(options);
}
