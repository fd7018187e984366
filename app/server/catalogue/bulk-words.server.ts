import type { TFunction } from "i18next";
import type { FieldErrors } from "~/domain/seller/form-fields";
import type { z } from "~/domain/zod";

/**
 * The products list's bulk form refusals (app/domain/seller/bulk-edit.ts) in the account's language
 * (docs/decisions/055). Server only: the list page checks nothing in the browser, so its bundle
 * carries none of these words; they live in `adminProduct` beside the product form's.
 */
export function bulkFormErrors(t: TFunction, error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    const rule = (issue as { params?: { rule?: unknown } }).params?.rule;
    errors[field] ??=
      field === "bulkAction"
        ? t("adminProduct.bulk.pickAction")
        : rule === "tickOne"
          ? t("adminProduct.bulk.tickOne")
          : rule === "pickItems"
            ? t("adminProduct.schema.pickItems")
            : rule === "badge"
              ? t("adminProduct.schema.badge", { values: String((issue as { params?: { values?: unknown } }).params?.values ?? "") })
              : issue.message;
  }
  return errors;
}

/** Why a price change cannot be read (toBulkAction's refusal). */
export function bulkChangeRefusal(t: TFunction, rule: "change" | "percent"): string {
  return rule === "percent" ? t("adminProduct.bulk.percent") : t("adminProduct.bulk.change");
}
