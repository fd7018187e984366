/**
 * PayPal's published OpenAPI 3 contracts (tests/contracts/paypal/*.json, unchanged upstream files) as
 * ajv validators, looked up by operationId: request body, header and path parameters, and the
 * response for a status code. The fake PayPal checks every request and its own answers with them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/** The vendored contracts (tests/contracts/paypal/README.md says where they come from). */
function contractsDir(): string {
  return path.resolve(import.meta.dirname, "../contracts/paypal");
}

const DOCUMENTS = {
  orders: "checkout_orders_v2.json",
  payments: "payments_payment_v2.json",
  webhooks: "notifications_webhooks_v1.json",
  disputes: "customer_disputes_v1.json",
} as const;
export type DocumentId = keyof typeof DOCUMENTS;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: object;
}

interface Operation {
  operationId?: string;
  parameters?: ({ $ref: string } | Parameter)[];
  requestBody?: { $ref?: string; content?: Record<string, { schema?: { $ref?: string; properties?: Record<string, { type?: string; format?: string }> } }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> } | { $ref: string }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: object; parameters?: Record<string, Parameter>; requestBodies?: Record<string, NonNullable<Operation["requestBody"]>> };
}

export interface ContractOperation {
  /** Problems with a request's body, headers and path parameters ([] when it conforms). */
  checkRequest(request: { body: unknown; headers: Record<string, string | undefined>; pathParams?: Record<string, string> }): string[];
  /** Problems with an answer for `status`; [] when the contract has no schema for that status. */
  checkResponse(status: number, body: unknown): string[];
  /** The multipart/form-data fields the contract names (field → is a file), or null when it takes no multipart body. */
  multipartFields: Map<string, { binary: boolean }> | null;
}

// PayPal's own format names: the ones a request of ours can carry are checked, the rest are let through.
const PAYPAL_FORMATS: Record<string, RegExp | true> = {
  ppaas_common_currency_code_v2: /^[A-Z]{3}$/,
  ppaas_common_country_code_v2: /^([A-Z]{2}|C2)$/,
  ppaas_common_language_v3: /^[a-z]{2}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$/,
  merchant_common_email_address_v2: true,
  ppaas_common_email_address_v2: true,
  ppaas_payer_id_v3: /^[2-9A-HJ-NP-Z]{13}$/,
  ppaas_date_notime_v2: /^\d{4}-\d{2}-\d{2}$/,
  payer_v1: true,
  ppaas_ip_address_v1: true,
  ppaas_date_time_v3: true,
};

/**
 * The published files contradict themselves in places: landing_page lists GUEST_CHECKOUT (14
 * characters) in its enum under maxLength 13. A value the schema itself enumerates is taken as valid.
 */
function contradictedByOwnEnum(error: NonNullable<ValidateFunction["errors"]>[number]): boolean {
  const schema = error.parentSchema as { enum?: unknown[] } | undefined;
  return (error.keyword === "maxLength" || error.keyword === "pattern") && Boolean(schema?.enum?.includes(error.data));
}

function describe(errors: ValidateFunction["errors"], where: string): string[] {
  return (errors ?? [])
    .filter((e) => !contradictedByOwnEnum(e))
    .map((e) => `${where}${e.instancePath || ""} ${e.message ?? e.keyword}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
}

export class PayPalContracts {
  private readonly ajv = new Ajv({ strict: false, unicodeRegExp: false, allErrors: true, verbose: true, logger: false });
  private readonly documents = new Map<DocumentId, OpenApiDocument>();
  private readonly operations = new Map<string, ContractOperation>();

  constructor(dir = contractsDir()) {
    addFormats(this.ajv);
    for (const [name, format] of Object.entries(PAYPAL_FORMATS)) this.ajv.addFormat(name, format);
    for (const [id, file] of Object.entries(DOCUMENTS) as [DocumentId, string][]) {
      const document = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as OpenApiDocument;
      this.documents.set(id, document);
      // Local refs ('#/components/schemas/x') resolve inside this schema, so each document is one schema.
      this.ajv.addSchema({ $id: id, components: document.components });
    }
  }

  /** Problems with `value` against an ad-hoc schema whose refs point into a document ('disputes#/components/schemas/evidence'). */
  checkSchema(schema: object, value: unknown, where: string): string[] {
    const key = JSON.stringify(schema);
    let validate = this.adHoc.get(key);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.adHoc.set(key, validate);
    }
    return validate(value) ? [] : describe(validate.errors, where);
  }

  private readonly adHoc = new Map<string, ValidateFunction>();

  /** The contract of one operation, e.g. ('orders', 'orders.capture'). */
  operation(documentId: DocumentId, operationId: string): ContractOperation {
    const key = `${documentId}/${operationId}`;
    let found = this.operations.get(key);
    if (!found) {
      found = this.compile(documentId, operationId);
      this.operations.set(key, found);
    }
    return found;
  }

  private validator(documentId: DocumentId, schema: object): ValidateFunction {
    // Re-root local refs on the document so a schema taken out of it still resolves them.
    const ref = (schema as { $ref?: string }).$ref;
    if (ref?.startsWith("#/")) {
      const compiled = this.ajv.getSchema(`${documentId}${ref}`);
      if (!compiled) throw new Error(`Contract ${documentId} has no ${ref}`);
      return compiled;
    }
    return this.ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${documentId}#/`)));
  }

  private compile(documentId: DocumentId, operationId: string): ContractOperation {
    const document = this.documents.get(documentId)!;
    const operation = Object.values(document.paths)
      .flatMap((methods) => Object.values(methods))
      .find((op) => op.operationId === operationId);
    if (!operation) throw new Error(`Contract ${documentId} has no operation ${operationId}`);

    // A request body may be shared through components.requestBodies (the Disputes API's evidences).
    const requestBody = operation.requestBody?.$ref ? document.components.requestBodies?.[operation.requestBody.$ref.split("/").pop()!] : operation.requestBody;
    const bodySchema = requestBody?.content?.["application/json"]?.schema;
    const multipartSchema = requestBody?.content?.["multipart/form-data"]?.schema;
    const multipartFields = multipartSchema
      ? new Map(Object.entries(multipartSchema.properties ?? {}).map(([name, p]) => [name, { binary: p.type === "string" && p.format === "binary" }]))
      : null;
    const body = bodySchema ? this.validator(documentId, bodySchema) : null;
    const parameters = (operation.parameters ?? []).map((p) => ("$ref" in p ? document.components.parameters![p.$ref.split("/").pop()!] : p));
    const checks = parameters.map((p) => ({ ...p, validate: p.schema ? this.validator(documentId, p.schema) : null }));
    const responses = new Map<string, ValidateFunction>();
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const schema = "content" in response ? response.content?.["application/json"]?.schema : undefined;
      if (schema) responses.set(status, this.validator(documentId, schema));
    }

    return {
      checkRequest: ({ body: value, headers, pathParams = {} }) => {
        const problems: string[] = [];
        if (body && !body(value)) problems.push(...describe(body.errors, "body"));
        for (const check of checks) {
          if (check.in !== "header" && check.in !== "path") continue;
          const raw = check.in === "header" ? headers[check.name.toLowerCase()] : pathParams[check.name];
          if (raw === undefined) {
            if (check.required) problems.push(`${check.in} ${check.name} is required`);
            continue;
          }
          if (check.validate && !check.validate(raw)) problems.push(...describe(check.validate.errors, `${check.in} ${check.name}`));
        }
        return problems;
      },
      checkResponse: (status, value) => {
        const validate = responses.get(String(status));
        return validate && !validate(value) ? describe(validate.errors, `response ${status}`) : [];
      },
      multipartFields,
    };
  }
}
