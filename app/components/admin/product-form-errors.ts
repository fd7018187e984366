import type { TFunction } from "i18next";
import { LANGS, type Lang } from "~/domain/product";
import type { FieldErrors } from "~/domain/seller/form-fields";
import type { z } from "~/domain/zod";

/** A schema issue as the translators read it: where, and the rule the domain named (`params.rule`). */
type Issue = Pick<z.core.$ZodIssue, "code" | "path" | "message"> & { params?: Record<string, unknown> };

/**
 * The product form's field label as its schema messages name it, in the account's language:
 * "Title (English)", "Features (French)", "Stock count".
 */
function schemaLabel(t: TFunction, field: string): string {
  const text = /^(\w+)_(en|fr|es)$/.exec(field);
  if (text && (LANGS as readonly string[]).includes(text[2])) {
    const name = text[1] === "features" ? t("adminProduct.schema.label.features") : t(`adminProduct.form.text.${text[1]}`);
    return t("adminProduct.form.textLabel", { field: name, lang: t(`adminProduct.langs.${text[2] as Lang}`) });
  }
  return t(`adminProduct.schema.label.${field}`);
}

/** The rule an issue broke: the domain's `params.rule`, else a missing required string (zod's own checks). */
function ruleOf(issue: Issue): string | null {
  const rule = issue.params?.rule;
  if (typeof rule === "string") return rule;
  return issue.code === "invalid_type" || issue.code === "too_small" ? "required" : null;
}

/**
 * The product form's refusals (app/domain/seller/product-form.ts) in the account's language
 * (docs/decisions/055): the domain keeps its English sentences and names each rule; this words them.
 * In English the words are the domain's, byte for byte (product-form-errors.test.ts). Browser and
 * server both use it, as both run the schema.
 */
export function productFormErrors(error: { issues: readonly Issue[] }, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (errors[key] !== undefined) continue;
    const rule = ruleOf(issue);
    errors[key] = rule ? t(`adminProduct.schema.${rule}`, { ...issue.params, label: schemaLabel(t, key) }) : issue.message;
  }
  return errors;
}

/** A save's own refusal (console-products.server.ts checks the bundle's items against the catalogue), worded likewise. */
export function productSaveErrors(errors: FieldErrors, t: TFunction): FieldErrors {
  return errors.bundleItems ? { ...errors, bundleItems: t("adminProduct.schema.pickBundleItems") } : errors;
}
