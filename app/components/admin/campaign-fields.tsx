import { Checkbox, TextArea, TextField } from "~/components/admin/kit/fields";
import { MAX_BODY, MAX_CAMPAIGN_PRODUCTS, MAX_SUBJECT, missingLanguages } from "~/domain/campaigns";
import { LANGS, type Localized } from "~/domain/lang";
import type { FieldErrors } from "~/domain/seller/form-fields";
import { useConsole } from "./use-console";

export interface CampaignFormValues {
  subject: Localized;
  body: Localized;
  productIds: readonly string[];
}

/**
 * The compose form's fields: the three languages side by side (one column each on wide screens,
 * stacked on phones), a missing one flagged, then the products to show as cards.
 */
export function CampaignFields({
  values,
  products,
  errors,
}: {
  values: CampaignFormValues | null;
  products: readonly { id: string; title: string }[];
  errors: FieldErrors;
}) {
  const missing = values ? missingLanguages(values.subject, values.body) : LANGS.filter((l) => l !== "en");
  const { t } = useConsole();
  return (
    <>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {LANGS.map((lang) => (
          <fieldset key={lang} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">
              {t(`adminCampaigns.langs.${lang}`)}
              {lang === "en" ? t("adminCampaigns.fields.required") : ""}
            </legend>
            {missing.includes(lang) && lang !== "en" && (
              <p className="mb-2 rounded bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900">{t(`adminCampaigns.fields.missing.${lang}`)}</p>
            )}
            <TextField
              label={t(`adminCampaigns.fields.subject.${lang}`)}
              name={`subject_${lang}`}
              defaultValue={values?.subject[lang] ?? ""}
              required={lang === "en"}
              maxLength={MAX_SUBJECT}
              autoComplete="off"
              error={errors[`subject_${lang}`]}
            />
            <TextArea
              label={t(`adminCampaigns.fields.text.${lang}`)}
              hint={t("adminCampaigns.fields.paragraphHint")}
              name={`body_${lang}`}
              defaultValue={values?.body[lang] ?? ""}
              required={lang === "en"}
              maxLength={MAX_BODY}
              rows={8}
              className="mt-3"
              error={errors[`body_${lang}`]}
            />
          </fieldset>
        ))}
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-800">{t("adminCampaigns.fields.products", { max: MAX_CAMPAIGN_PRODUCTS })}</legend>
        {errors.products && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {errors.products}
          </p>
        )}
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((p) => (
            <Checkbox key={p.id} name="products" value={p.id} label={p.title} defaultChecked={values?.productIds.includes(p.id) ?? false} />
          ))}
        </div>
      </fieldset>
    </>
  );
}
