/**
 * The fake PayPal's Disputes API parts (paypal-server.ts): a dispute as the fake keeps it, its JSON
 * as PayPal shows it (checked against customer_disputes_v1.json's `dispute` like every answer), a
 * multipart/form-data reader, and the checks on the seller's multipart requests: only the parts the
 * contract names plus the `input` JSON part PayPal documents, files with a filename PayPal accepts,
 * and the `input` checked against the contract's schemas (an evidence is the contract's `evidence`).
 */
import type { PayPalContracts } from "./paypal-contracts";

interface Money {
  currency_code: string;
  value: string;
}

export interface FakeDispute {
  id: string;
  captureId: string;
  invoiceId: string | null;
  reason: string;
  status: "OPEN" | "WAITING_FOR_SELLER_RESPONSE" | "WAITING_FOR_BUYER_RESPONSE" | "UNDER_REVIEW" | "RESOLVED" | "OTHER";
  stage: "INQUIRY" | "CHARGEBACK";
  amount: Money;
  createTime: Date;
  updateTime: Date;
  dueDate: Date;
  outcome: { code: string; refunded: Money | null } | null;
  messages: { postedBy: "SELLER" | "BUYER"; time: Date; content: string }[];
  evidences: Record<string, unknown>[];
}

const time = (date: Date) => date.toISOString().replace(/\.\d+Z$/, "Z");

/** The dispute as GET /v1/customer/disputes/{id} (and a webhook's resource) shows it. */
export function disputeJson(d: FakeDispute, base: string) {
  const self = `${base}/v1/customer/disputes/${d.id}`;
  const links = [{ href: self, rel: "self", method: "GET" }];
  if (d.status === "WAITING_FOR_SELLER_RESPONSE") {
    links.push({ href: `${self}/provide-evidence`, rel: "provide_evidence", method: "POST" });
    links.push({ href: `${self}/accept-claim`, rel: "accept_claim", method: "POST" });
  }
  if (d.stage === "INQUIRY" && d.status !== "RESOLVED") links.push({ href: `${self}/send-message`, rel: "send_message", method: "POST" });
  return {
    dispute_id: d.id,
    create_time: time(d.createTime),
    update_time: time(d.updateTime),
    disputed_transactions: [
      {
        seller_transaction_id: d.captureId,
        create_time: time(d.createTime),
        transaction_status: d.outcome?.refunded ? "REVERSED" : "COMPLETED",
        gross_amount: d.amount,
        ...(d.invoiceId ? { invoice_number: d.invoiceId } : {}),
        buyer: { name: "Robin Buyer" },
        seller: { merchant_id: "FAKEMERCHANT01", name: "Trigger Shop" },
      },
    ],
    reason: d.reason,
    status: d.status,
    dispute_amount: d.amount,
    ...(d.outcome ? { dispute_outcome: { outcome_code: d.outcome.code, ...(d.outcome.refunded ? { amount_refunded: d.outcome.refunded } : {}) } } : {}),
    dispute_life_cycle_stage: d.stage,
    dispute_channel: "INTERNAL",
    ...(d.status === "RESOLVED" ? {} : { seller_response_due_date: time(d.dueDate) }),
    ...(d.messages.length ? { messages: d.messages.map((m) => ({ posted_by: m.postedBy, time_posted: time(m.time), content: m.content })) } : {}),
    ...(d.evidences.length
      ? {
          evidences: d.evidences.map(({ date, ...e }) => ({
            ...e,
            source: "SUBMITTED_BY_SELLER",
            date: time(date as Date),
          })),
        }
      : {}),
    links,
  };
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
  /** The part parsed as JSON, when it is the `input` part. */
  json?: unknown;
}

/** Reads a multipart/form-data body (RFC 7578); a string says what is wrong with it. */
export function parseMultipart(contentType: string | undefined, body: Buffer): MultipartPart[] | string {
  const match = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? "");
  if (!match) return `Content-Type is ${contentType ?? "missing"}, not multipart/form-data with a boundary`;
  const delimiter = Buffer.from(`--${match[1] ?? match[2]}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return "multipart body without its boundary";
  for (;;) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === "--") break; // the closing delimiter
    const next = body.indexOf(delimiter, start);
    if (next < 0) return "multipart body without a closing boundary";
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) return "a multipart part without headers";
    const headers = part.subarray(0, split).toString("utf8");
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1];
    const name = disposition ? /\bname="([^"]*)"/.exec(disposition)?.[1] : undefined;
    if (!name) return "a multipart part without Content-Disposition: form-data; name=";
    parts.push({
      name,
      filename: disposition ? /\bfilename="([^"]*)"/.exec(disposition)?.[1] : undefined,
      contentType: /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim(),
      data: part.subarray(split + 4),
    });
    at = next;
  }
  return parts;
}

/** PayPal's document name rule (customer_disputes_v1.json, document.name). */
const DOCUMENT_NAME = /^[A-Za-z0-9-_,\s]+[.]{1}[A-Za-z]+$/;
/** The document types PayPal's disputes guide accepts. */
const DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/gif", "image/png"];
/** PayPal's documented limits: each file under 10 MB, at most 50 MB of files per call. */
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const MAX_TOTAL_DOCUMENT_BYTES = 50 * 1024 * 1024;

const ref = (name: string) => ({ $ref: `disputes#/components/schemas/${name}` });

// The `input` part per action: an evidence list of the contract's `evidence`; a claim acceptance's
// note and the contract's `accept_claim_type`; a message within the contract's `message.content` limit.
const INPUT_SCHEMAS: Record<string, object> = {
  "provide-evidence": {
    type: "object",
    required: ["evidences"],
    additionalProperties: false,
    properties: { evidences: { type: "array", minItems: 1, maxItems: 100, items: { allOf: [ref("evidence"), { required: ["evidence_type"] }] } } },
  },
  "accept-claim": {
    type: "object",
    additionalProperties: false,
    required: ["note"],
    properties: { note: { type: "string", minLength: 1, maxLength: 2000 }, accept_claim_type: ref("accept_claim_type"), invoice_id: { type: "string" } },
  },
  "send-message": {
    type: "object",
    required: ["message"],
    additionalProperties: false,
    properties: { message: { type: "string", minLength: 1, maxLength: 2000 } },
  },
};

/** Problems with a seller's multipart request to `route` ([] when it conforms). */
export function checkDisputeInput(
  route: string,
  parts: MultipartPart[],
  fields: Map<string, { binary: boolean }> | null,
  contracts: PayPalContracts,
): string[] {
  const problems: string[] = [];
  if (!fields) return [`${route} takes no multipart body in the contract`];
  const input = parts.filter((p) => p.name === "input");
  if (input.length !== 1) problems.push(`exactly one "input" part is required, got ${input.length}`);
  for (const part of parts) {
    if (part.name === "input") {
      if (part.contentType !== "application/json") problems.push(`the input part's Content-Type is ${part.contentType ?? "missing"}, not application/json`);
      try {
        part.json = JSON.parse(part.data.toString("utf8"));
      } catch {
        problems.push("the input part is not JSON");
        continue;
      }
      problems.push(...contracts.checkSchema(INPUT_SCHEMAS[route], part.json, "input"));
      continue;
    }
    const field = fields.get(part.name);
    if (!field) {
      problems.push(`part "${part.name}" is not in the contract (allowed: input, ${[...fields.keys()].join(", ")})`);
      continue;
    }
    if (field.binary) {
      if (!part.filename || !DOCUMENT_NAME.test(part.filename))
        problems.push(`file part "${part.name}" needs a filename PayPal accepts, got ${part.filename ?? "none"}`);
      if (!DOCUMENT_TYPES.includes(part.contentType ?? "")) problems.push(`file part "${part.name}" is ${part.contentType ?? "untyped"}, not PDF/JPEG/GIF/PNG`);
      if (part.data.length === 0 || part.data.length >= MAX_DOCUMENT_BYTES) problems.push(`file part "${part.name}" is ${part.data.length} bytes`);
      // The bytes must be what the part says (a JPEG named .jpg starts like one), as PayPal's scanner checks.
      const magic = documentMagic(part.data);
      if (magic && part.contentType && magic !== part.contentType) problems.push(`file part "${part.filename}" says ${part.contentType} but holds ${magic}`);
    }
  }
  const totalBytes = parts.filter((p) => p.name !== "input").reduce((sum, p) => sum + p.data.length, 0);
  if (totalBytes > MAX_TOTAL_DOCUMENT_BYTES) problems.push(`the files add up to ${totalBytes} bytes, over PayPal's 50 MB per call`);
  // Every document the evidence names is uploaded, and every upload is named.
  if (route === "provide-evidence" && problems.length === 0) {
    const evidences = (input[0].json as { evidences: { documents?: { name: string }[] }[] }).evidences;
    const named = evidences.flatMap((e) => e.documents?.map((d) => d.name) ?? []).sort();
    const uploaded = parts
      .filter((p) => p.filename && p.name !== "input")
      .map((p) => p.filename!)
      .sort();
    if (JSON.stringify(named) !== JSON.stringify(uploaded))
      problems.push(`documents named ${JSON.stringify(named)} but files uploaded ${JSON.stringify(uploaded)}`);
  }
  return problems;
}

/** The type a document's first bytes show (PDF, JPEG, PNG, GIF), or null for anything else. */
function documentMagic(data: Buffer): string | null {
  if (data.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (data.subarray(0, 4).toString("latin1") === "GIF8") return "image/gif";
  return null;
}
