import { bundleSavingsCents } from "~/domain/pricing";
import { useState } from "react";
import { Form } from "react-router";
import { Checkbox, MoneyField, SelectField, SubmitButton, TextArea, TextField } from "~/components/admin/kit/fields";
import { productFormErrors } from "~/components/admin/product-form-errors";
import { useConsole } from "~/components/admin/use-console";
import type { TFunction } from "i18next";
import { Card } from "~/components/admin/kit/page";
import type { RequiredTextField } from "~/domain/catalogue";
import { centsToAmountString } from "~/domain/money";
import { AUDIENCES, BADGES, CATEGORIES, DELIVERY_TYPES, LANGS, PLATFORMS, PRODUCT_TYPES, SKINS, type Lang, type ProductTexts } from "~/domain/product";
import { usd } from "~/components/admin/kit/format";
import { parseDollars, type FieldErrors } from "~/domain/seller/form-fields";
import { productFormRecord, productFormSchema, textFieldName, type ProductInput } from "~/domain/seller/product-form";

// Category, type, audience… are the catalogue's own values (the storefront's filters read them): shown as stored.
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const TEXT_ROWS: readonly (keyof ProductTexts)[] = ["title", "description", "trackingInfo", "fullDescription", "features", "seoTitle", "seoDescription"];
const LONG: ReadonlySet<keyof ProductTexts> = new Set(["description", "fullDescription", "features", "seoDescription"]);

export interface BundleCandidate {
  id: string;
  title: string;
  priceCents: number;
}

const isRequired = (field: keyof ProductTexts): field is RequiredTextField => field !== "seoTitle" && field !== "seoDescription";

function textValue(input: ProductInput, field: keyof ProductTexts, lang: Lang): string {
  const value = input.texts[lang]?.[field];
  return Array.isArray(value) ? value.join("\n") : (value ?? "");
}

/** The computed saving of the ticked bundle items against the typed price (never typed itself). */
function bundleSaving(form: HTMLFormElement, candidates: readonly BundleCandidate[], t: TFunction): string | null {
  const data = new FormData(form);
  const picked = data.getAll("bundleItems").map(String);
  if (picked.length === 0) return null;
  const items = picked.map((id) => candidates.find((c) => c.id === id)).filter((c) => c !== undefined);
  // The same rule the storefront shows (app/domain/pricing.ts): priced at 0, the saving is the items' total.
  const separately = bundleSavingsCents(0, items);
  const price = parseDollars(String(data.get("price") ?? ""));
  if (price === null) return t("adminProduct.form.separately", { separately: usd(separately) });
  return t("adminProduct.form.separatelySaves", { separately: usd(separately), saving: usd(bundleSavingsCents(price, items)) });
}

/**
 * The whole product (SPEC §3 fields) in one form: prices and flags, what kind of product it is,
 * a bundle's items, and every text in English, French and Spanish side by side. The browser runs
 * the same zod schema as the server before posting; a missing French or Spanish text is flagged
 * (the storefront shows the English one).
 */
export function ProductForm({
  input,
  serverErrors,
  candidates,
  submitLabel,
  formKey,
}: {
  input: ProductInput;
  serverErrors: FieldErrors;
  candidates: readonly BundleCandidate[];
  submitLabel: string;
  formKey: string;
}) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const { t } = useConsole();
  const errors = clientErrors ?? serverErrors;
  const refreshSaving = (form: HTMLFormElement) => setSaving(bundleSaving(form, candidates, t));
  const badgeOptions = [{ value: "", label: t("adminProduct.form.noBadge") }, ...options(BADGES)];

  return (
    <Form
      method="post"
      key={formKey}
      noValidate
      className="grid gap-4"
      onChange={(e) => refreshSaving(e.currentTarget)}
      onSubmit={(e) => {
        const parsed = productFormSchema.safeParse(productFormRecord(new FormData(e.currentTarget)));
        if (parsed.success) return setClientErrors(null);
        e.preventDefault();
        setClientErrors(productFormErrors(parsed.error, t));
      }}
    >
      {clientErrors && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t("admin.form.fixFields")}
        </p>
      )}
      <Card title={t("adminProduct.form.priceCard")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField
            label={t("adminProduct.form.price")}
            name="price"
            required
            defaultValue={input.priceCents ? centsToAmountString(input.priceCents) : ""}
            error={errors.price}
            hint={t("adminProduct.form.priceHint")}
          />
          <MoneyField
            label={t("adminProduct.form.originalPrice")}
            name="originalPrice"
            defaultValue={input.originalPriceCents ? centsToAmountString(input.originalPriceCents) : ""}
            error={errors.originalPrice}
            hint={t("adminProduct.form.originalPriceHint")}
          />
          <SelectField
            label={t("adminProduct.form.badge")}
            name="badge"
            options={badgeOptions}
            defaultValue={input.badge ?? ""}
            error={errors.badge}
            hint={t("adminProduct.form.badgeHint")}
          />
          <div className="grid content-start gap-3 sm:pt-6">
            <Checkbox label={t("adminProduct.form.inStock")} name="inStock" defaultChecked={input.inStock} hint={t("adminProduct.form.inStockHint")} />
            <TextField
              label={t("adminProduct.form.stock")}
              name="stock"
              inputMode="numeric"
              defaultValue={input.stock === null ? "" : String(input.stock)}
              error={errors.stock}
              hint={t("adminProduct.form.stockHint")}
            />
            <TextField
              label={t("adminProduct.form.publishAt")}
              name="publishAt"
              type="datetime-local"
              step={1}
              defaultValue={input.publishAt ? input.publishAt.slice(0, 19) : ""}
              error={errors.publishAt}
              hint={t("adminProduct.form.publishAtHint")}
            />
            <Checkbox label={t("adminProduct.form.listed")} name="listed" defaultChecked={input.listed} hint={t("adminProduct.form.listedHint")} />
          </div>
        </div>
      </Card>

      <Card title={t("adminProduct.form.whatCard")}>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label={t("adminProduct.form.category")}
            name="category"
            options={options(CATEGORIES)}
            defaultValue={input.category}
            error={errors.category}
          />
          <SelectField label={t("adminProduct.form.type")} name="type" options={options(PRODUCT_TYPES)} defaultValue={input.type} error={errors.type} />
          <SelectField
            label={t("adminProduct.form.audience")}
            name="audience"
            options={options(AUDIENCES)}
            defaultValue={input.audience}
            error={errors.audience}
          />
          <SelectField label={t("adminProduct.form.skin")} name="skin" options={options(SKINS)} defaultValue={input.skin} error={errors.skin} />
          <SelectField
            label={t("adminProduct.form.delivery")}
            name="delivery"
            options={options(DELIVERY_TYPES)}
            defaultValue={input.delivery}
            error={errors.delivery}
          />
          <TextField
            label={t("adminProduct.form.warranty")}
            name="warrantyDays"
            inputMode="numeric"
            defaultValue={input.warrantyDays ? String(input.warrantyDays) : ""}
            error={errors.warrantyDays}
            hint={t("adminProduct.form.warrantyHint")}
          />
          <TextField
            label={t("adminProduct.form.actions")}
            name="actionCount"
            inputMode="numeric"
            defaultValue={input.actionCount?.toString() ?? ""}
            error={errors.actionCount}
            hint={t("adminProduct.form.actionsHint")}
          />
          <TextField
            label={t("adminProduct.form.poses")}
            name="poses"
            inputMode="numeric"
            defaultValue={input.poses?.toString() ?? ""}
            error={errors.poses}
            hint={t("adminProduct.form.posesHint")}
          />
          <div className="grid content-start gap-3">
            <Checkbox label={t("adminProduct.form.gestures")} name="gestures" defaultChecked={input.gestures} />
          </div>
        </div>
        <fieldset className="mt-4" aria-describedby={errors.platforms ? "platforms-error" : undefined}>
          <legend className="text-sm font-semibold text-slate-800">{t("adminProduct.form.platforms")}</legend>
          <div className="mt-2 flex gap-6">
            {PLATFORMS.map((p) => (
              <Checkbox key={p} label={t(`adminProduct.form.platform.${p}`)} name="platforms" value={p} defaultChecked={input.platforms.includes(p)} />
            ))}
          </div>
          {errors.platforms && (
            <p id="platforms-error" className="mt-1 text-sm text-red-700">
              {errors.platforms}
            </p>
          )}
        </fieldset>
      </Card>

      <Card title={t("adminProduct.form.bundleCard")}>
        <fieldset aria-describedby="bundle-help">
          <legend className="text-sm text-slate-700" id="bundle-help">
            {t("adminProduct.form.bundleHelp")}
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {candidates.map((c) => (
              <Checkbox
                key={c.id}
                label={`${c.title} (${usd(c.priceCents)})`}
                name="bundleItems"
                value={c.id}
                defaultChecked={input.bundleItemIds.includes(c.id)}
              />
            ))}
          </div>
          {errors.bundleItems && <p className="mt-1 text-sm text-red-700">{errors.bundleItems}</p>}
          {saving && (
            <p className="mt-2 text-sm font-semibold text-slate-800" aria-live="polite">
              {saving}
            </p>
          )}
        </fieldset>
      </Card>

      <Card title={t("adminProduct.form.textsCard")}>
        <p className="mb-3 text-sm text-slate-700">{t("adminProduct.form.textsHelp")}</p>
        {TEXT_ROWS.map((field) => (
          <div key={field} className="mb-4 grid gap-3 lg:grid-cols-3">
            {LANGS.map((lang) => {
              const name = textFieldName(field, lang);
              const value = textValue(input, field, lang);
              const missing = lang !== "en" && isRequired(field) && value.trim() === "";
              const label = t("adminProduct.form.textLabel", { field: t(`adminProduct.form.text.${field}`), lang: t(`adminProduct.langs.${lang}`) });
              const hint = missing ? t("adminProduct.form.missingHint") : undefined;
              return LONG.has(field) ? (
                <TextArea
                  key={lang}
                  label={label}
                  name={name}
                  defaultValue={value}
                  error={errors[name]}
                  hint={hint}
                  rows={field === "fullDescription" ? 6 : 3}
                />
              ) : (
                <TextField key={lang} label={label} name={name} defaultValue={value} error={errors[name]} hint={hint} />
              );
            })}
          </div>
        ))}
      </Card>

      <div>
        <SubmitButton intent="save" pendingLabel={t("adminProduct.form.saving")}>
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
