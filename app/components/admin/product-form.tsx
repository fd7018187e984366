import { bundleSavingsCents } from "~/domain/pricing";
import { useState } from "react";
import { Form } from "react-router";
import { Checkbox, MoneyField, SelectField, SubmitButton, TextArea, TextField } from "~/components/admin/kit/fields";
import { usd } from "~/components/admin/kit/format";
import { Card } from "~/components/admin/kit/page";
import type { RequiredTextField } from "~/domain/catalogue";
import { centsToAmountString } from "~/domain/money";
import { AUDIENCES, BADGES, CATEGORIES, DELIVERY_TYPES, LANGS, PLATFORMS, PRODUCT_TYPES, SKINS, type Lang, type ProductTexts } from "~/domain/product";
import { fieldErrors, parseDollars, type FieldErrors } from "~/domain/seller/form-fields";
import { productFormRecord, productFormSchema, TEXT_LABELS, textFieldName, type ProductInput } from "~/domain/seller/product-form";

const LANG_NAMES: Record<Lang, string> = { en: "English", fr: "French", es: "Spanish" };
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
/** The badge select's choices, "No badge" first (the edit form and the products list's bulk badge). */
export const BADGE_OPTIONS = [{ value: "", label: "No badge" }, ...options(BADGES)];
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
function bundleSaving(form: HTMLFormElement, candidates: readonly BundleCandidate[]): string | null {
  const data = new FormData(form);
  const picked = data.getAll("bundleItems").map(String);
  if (picked.length === 0) return null;
  const items = picked.map((id) => candidates.find((c) => c.id === id)).filter((c) => c !== undefined);
  // The same rule the storefront shows (app/domain/pricing.ts): priced at 0, the saving is the items' total.
  const separately = bundleSavingsCents(0, items);
  const price = parseDollars(String(data.get("price") ?? ""));
  if (price === null) return `Items bought separately: ${usd(separately)}.`;
  return `Items bought separately: ${usd(separately)}; the bundle saves ${usd(bundleSavingsCents(price, items))}.`;
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
  const errors = clientErrors ?? serverErrors;
  const refreshSaving = (form: HTMLFormElement) => setSaving(bundleSaving(form, candidates));

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
        setClientErrors(fieldErrors(parsed.error));
      }}
    >
      {clientErrors && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          Nothing was saved: correct the fields marked below.
        </p>
      )}
      <Card title="Price and visibility">
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField
            label="Price (US$)"
            name="price"
            required
            defaultValue={input.priceCents ? centsToAmountString(input.priceCents) : ""}
            error={errors.price}
            hint="What the buyer pays, e.g. 54.99."
          />
          <MoneyField
            label="Compare-at price (US$, optional)"
            name="originalPrice"
            defaultValue={input.originalPriceCents ? centsToAmountString(input.originalPriceCents) : ""}
            error={errors.originalPrice}
            hint="Leave empty for no sale. When higher than the price it is struck through with the saving."
          />
          <SelectField
            label="Badge"
            name="badge"
            options={BADGE_OPTIONS}
            defaultValue={input.badge ?? ""}
            error={errors.badge}
            hint="A label on the product's card and page. The home page's featured row is chosen with Feature in the products list."
          />
          <div className="grid content-start gap-3 sm:pt-6">
            <Checkbox label="In stock" name="inStock" defaultChecked={input.inStock} hint="Out of stock: shown, but it cannot be bought." />
            <TextField
              label="Stock count (optional)"
              name="stock"
              inputMode="numeric"
              defaultValue={input.stock === null ? "" : String(input.stock)}
              error={errors.stock}
              hint="Leave empty for no count. Each order takes its units; at 0 the product is out of stock, and raising it puts it back on sale."
            />
            <TextField
              label="Publish at (UTC, optional)"
              name="publishAt"
              type="datetime-local"
              step={1}
              defaultValue={input.publishAt ? input.publishAt.slice(0, 19) : ""}
              error={errors.publishAt}
              hint="A time ahead keeps the product a draft and lists it then (within seconds): its page and sitemap entry appear at that time."
            />
            <Checkbox
              label="Listed"
              name="listed"
              defaultChecked={input.listed}
              hint="Not listed: a draft, off the storefront (you can preview its page while signed in); a coupon can still give it free."
            />
          </div>
        </div>
      </Card>

      <Card title="What it is">
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Category" name="category" options={options(CATEGORIES)} defaultValue={input.category} error={errors.category} />
          <SelectField label="Type" name="type" options={options(PRODUCT_TYPES)} defaultValue={input.type} error={errors.type} />
          <SelectField label="Audience" name="audience" options={options(AUDIENCES)} defaultValue={input.audience} error={errors.audience} />
          <SelectField label="Skin compatibility" name="skin" options={options(SKINS)} defaultValue={input.skin} error={errors.skin} />
          <SelectField label="Delivery" name="delivery" options={options(DELIVERY_TYPES)} defaultValue={input.delivery} error={errors.delivery} />
          <TextField
            label="Warranty (days)"
            name="warrantyDays"
            inputMode="numeric"
            defaultValue={input.warrantyDays ? String(input.warrantyDays) : ""}
            error={errors.warrantyDays}
            hint="Empty or 0: none."
          />
          <TextField
            label="Number of actions"
            name="actionCount"
            inputMode="numeric"
            defaultValue={input.actionCount?.toString() ?? ""}
            error={errors.actionCount}
            hint="Shown as 20+; empty for none."
          />
          <TextField
            label="Number of poses"
            name="poses"
            inputMode="numeric"
            defaultValue={input.poses?.toString() ?? ""}
            error={errors.poses}
            hint="Rooms; empty for none."
          />
          <div className="grid content-start gap-3">
            <Checkbox label="Gestures" name="gestures" defaultChecked={input.gestures} />
          </div>
        </div>
        <fieldset className="mt-4" aria-describedby={errors.platforms ? "platforms-error" : undefined}>
          <legend className="text-sm font-semibold text-slate-800">Platforms</legend>
          <div className="mt-2 flex gap-6">
            {PLATFORMS.map((p) => (
              <Checkbox key={p} label={p === "pc" ? "PC" : "Mobile"} name="platforms" value={p} defaultChecked={input.platforms.includes(p)} />
            ))}
          </div>
          {errors.platforms && (
            <p id="platforms-error" className="mt-1 text-sm text-red-700">
              {errors.platforms}
            </p>
          )}
        </fieldset>
      </Card>

      <Card title="Bundle items">
        <fieldset aria-describedby="bundle-help">
          <legend className="text-sm text-slate-700" id="bundle-help">
            For a bundle (category Bundles), tick its items; the saving is computed from their current prices.
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

      <Card title="Texts in three languages">
        <p className="mb-3 text-sm text-slate-700">
          English is required. A French or Spanish text left empty is marked “missing”: the storefront shows the English text there. SEO title and description
          are optional (empty: made from the title and short description).
        </p>
        {TEXT_ROWS.map((field) => (
          <div key={field} className="mb-4 grid gap-3 lg:grid-cols-3">
            {LANGS.map((lang) => {
              const name = textFieldName(field, lang);
              const value = textValue(input, field, lang);
              const missing = lang !== "en" && isRequired(field) && value.trim() === "";
              const label = `${TEXT_LABELS[field]} (${LANG_NAMES[lang]})`;
              const hint = missing ? "Missing: the English text is shown." : undefined;
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
        <SubmitButton intent="save" pendingLabel="Saving…">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
