/**
 * Field rules for the seller console's forms (English only, like the console). Forms post strings:
 * these schemas read them and give each bad field one clear message.
 */
import { z } from "../zod";

/** Highest amount the console accepts, in US cents ($100,000): a typo guard, not a business rule. */
const MAX_AMOUNT_CENTS = 10_000_000;

const DOLLARS = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/;

/** "54.99", "$54.99", "54" → cents; anything else (negative, three decimals, letters) is refused. */
export function parseDollars(input: string): number | null {
  const match = DOLLARS.exec(input.trim().replace(/,/g, ""));
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/**
 * Why a value is refused, as data (docs/decisions/055): the rule broken and its numbers, so a console
 * page can say it in the account's language; `message` stays the English sentence (CLI, tests).
 */
export type IssueParams = { rule: string } & Record<string, string | number>;

/**
 * Inside a transform: records why the value is refused (at `path` below the schema, else on the
 * value itself) and gives up on the value.
 */
export function refuseValue(ctx: z.core.ParsePayload, message: string, path: PropertyKey[] = [], params?: IssueParams): never {
  ctx.issues.push({ code: "custom", message, input: ctx.value, path, ...(params ? { params } : {}) });
  return z.NEVER;
}

/** An optional amount in US dollars: blank means none (0 cents), e.g. a compare-at price left empty. */
export function optionalDollarsField(label: string) {
  return z.pipe(
    optionalText,
    z.transform((value: string | undefined, ctx) => {
      const text = (value ?? "").trim();
      if (text === "") return 0;
      return parseDollars(text) ?? refuseValue(ctx, `${label} must be an amount in dollars like 54.99, or empty`, [], { rule: "dollarsOrEmpty" });
    }),
  );
}

/** A form field that may be absent (an unticked checkbox, a blank select). */
export const optionalText = z.optional(z.string());

/** An amount in US dollars, read into cents. */
export function dollarsField(label: string) {
  return z.pipe(
    z.string({ error: `${label} is required` }).check(z.trim(), z.minLength(1, { error: `${label} is required`, abort: true })),
    z.transform((value: string, ctx) => {
      const cents = parseDollars(value);
      return cents ?? refuseValue(ctx, `${label} must be an amount in dollars like 54.99 (0 or more, at most $100,000)`, [], { rule: "dollars" });
    }),
  );
}

/** An HTML checkbox: present (any value) means on. */
export const checkboxField = z.pipe(
  optionalText,
  z.transform((value: string | undefined) => value !== undefined),
);

/** Blank means "none" (null); otherwise a whole number within [min, max]. */
export function optionalWholeNumber(label: string, min: number, max: number) {
  return z.pipe(
    optionalText,
    z.transform((value: string | undefined, ctx) => {
      const text = (value ?? "").trim();
      if (text === "") return null;
      if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
        return refuseValue(ctx, `${label} must be a whole number from ${min} to ${max}, or empty`, [], { rule: "wholeNumber", min, max });
      }
      return Number(text);
    }),
  );
}

/** Field name → first message, for forms that show one error under each field. */
export type FieldErrors = Partial<Record<string, string>>;

/** `field` names the value when the schema parsed a single field (its issues have no path). */
export function fieldErrors(error: z.core.$ZodError, field = "form"): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? field);
    errors[key] ??= issue.message;
  }
  return errors;
}

/** FormData as the plain record the schemas read (files and repeated names are not used here). */
export function formRecord(form: FormData): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in record)) record[key] = value;
  return record;
}
