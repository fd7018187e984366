import { useState } from "react";
import { Checkbox, MoneyField, SelectField, TextField } from "./kit/fields";
import { COUPON_TYPES, type Coupon, type CouponType } from "~/domain/coupons";
import { useConsole } from "./use-console";
import { centsToAmountString } from "~/domain/money";
import type { FieldErrors } from "~/domain/seller/form-fields";

interface ProductChoice {
  id: string;
  title: string;
}

/**
 * The coupon form's fields (create and edit). Only the value field of the chosen type shows; the
 * server ignores the others, so the form also works before JavaScript has loaded.
 */
export function CouponFields({ coupon, products, errors }: { coupon?: Coupon; products: readonly ProductChoice[]; errors: FieldErrors }) {
  const [type, setType] = useState<CouponType>(coupon?.type ?? "percentage");
  const { t } = useConsole();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={t("adminCoupons.fields.type")}
        name="type"
        value={type}
        onChange={(e) => setType(e.currentTarget.value as CouponType)}
        options={COUPON_TYPES.map((value) => ({ value, label: t(`adminCoupons.types.${value}`) }))}
        error={errors.type}
      />
      {type === "percentage" && (
        <TextField
          label={t("adminCoupons.fields.percent")}
          name="percent"
          inputMode="numeric"
          autoComplete="off"
          required
          defaultValue={coupon?.type === "percentage" ? String(coupon.value) : ""}
          error={errors.percent}
          hint={t("adminCoupons.fields.percentHint")}
        />
      )}
      {type === "fixed" && (
        <MoneyField
          label={t("adminCoupons.fields.amount")}
          name="amount"
          required
          defaultValue={coupon?.type === "fixed" ? centsToAmountString(coupon.value) : ""}
          error={errors.amount}
          hint={t("adminCoupons.fields.amountHint")}
        />
      )}
      {type === "free_product" && (
        <SelectField
          label={t("adminCoupons.fields.freeProduct")}
          name="freeProductId"
          defaultValue={coupon?.freeProductId ?? "tramp-house"}
          options={products.map((p) => ({ value: p.id, label: p.title }))}
          error={errors.freeProductId}
          hint={t("adminCoupons.fields.freeProductHint")}
        />
      )}
      <TextField
        className="sm:col-span-2"
        label={t("adminCoupons.fields.description")}
        name="description"
        required
        maxLength={300}
        defaultValue={coupon?.description ?? ""}
        error={errors.description}
        hint={t("adminCoupons.fields.descriptionHint")}
      />
      <TextField
        label={t("adminCoupons.fields.usageLimit")}
        name="usageLimit"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={coupon?.usageLimit === null || coupon === undefined ? "" : String(coupon.usageLimit)}
        error={errors.usageLimit}
        hint={t("adminCoupons.fields.usageLimitHint")}
      />
      <MoneyField
        label={t("adminCoupons.fields.minPurchase")}
        name="minPurchase"
        defaultValue={coupon ? centsToAmountString(coupon.minPurchaseCents) : "0.00"}
        error={errors.minPurchase}
        hint={t("adminCoupons.fields.minPurchaseHint")}
      />
      <TextField
        label={t("adminCoupons.fields.validUntil")}
        name="validUntil"
        type="date"
        defaultValue={coupon?.validUntil ?? ""}
        error={errors.validUntil}
        hint={t("adminCoupons.fields.validUntilHint")}
      />
      <div className="sm:pt-6">
        <Checkbox
          label={t("adminCoupons.fields.active")}
          name="isActive"
          defaultChecked={coupon?.isActive ?? true}
          hint={t("adminCoupons.fields.activeHint")}
        />
      </div>
    </div>
  );
}
