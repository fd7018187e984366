import { useState } from "react";
import { Checkbox, MoneyField, SelectField, TextField } from "./kit/fields";
import { COUPON_TYPES, type Coupon, type CouponType } from "~/domain/coupons";
import { COUPON_TYPE_LABEL } from "~/domain/seller/coupon-view";
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
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Type"
        name="type"
        value={type}
        onChange={(e) => setType(e.currentTarget.value as CouponType)}
        options={COUPON_TYPES.map((t) => ({ value: t, label: COUPON_TYPE_LABEL[t] }))}
        error={errors.type}
      />
      {type === "percentage" && (
        <TextField
          label="Percent off"
          name="percent"
          inputMode="numeric"
          autoComplete="off"
          required
          defaultValue={coupon?.type === "percentage" ? String(coupon.value) : ""}
          error={errors.percent}
          hint="A whole number from 1 to 100, taken off the subtotal."
        />
      )}
      {type === "fixed" && (
        <MoneyField
          label="Amount off (US$)"
          name="amount"
          required
          defaultValue={coupon?.type === "fixed" ? centsToAmountString(coupon.value) : ""}
          error={errors.amount}
          hint="Taken off the subtotal, never more than it."
        />
      )}
      {type === "free_product" && (
        <SelectField
          label="Free product"
          name="freeProductId"
          defaultValue={coupon?.freeProductId ?? "tramp-house"}
          options={products.map((p) => ({ value: p.id, label: p.title }))}
          error={errors.freeProductId}
          hint="Added to the order at $0.00. The Tramp House Room needs an eligible trigger in the cart."
        />
      )}
      <TextField
        className="sm:col-span-2"
        label="Description"
        name="description"
        required
        maxLength={300}
        defaultValue={coupon?.description ?? ""}
        error={errors.description}
        hint="Shown to the shopper when the coupon is applied."
      />
      <TextField
        label="Usage limit"
        name="usageLimit"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={coupon?.usageLimit === null || coupon === undefined ? "" : String(coupon.usageLimit)}
        error={errors.usageLimit}
        hint="Total uses across all orders; empty for no limit."
      />
      <MoneyField
        label="Minimum purchase (US$)"
        name="minPurchase"
        defaultValue={coupon ? centsToAmountString(coupon.minPurchaseCents) : "0.00"}
        error={errors.minPurchase}
        hint="Subtotal the cart must reach; 0 for none."
      />
      <TextField
        label="Valid until"
        name="validUntil"
        type="date"
        defaultValue={coupon?.validUntil ?? ""}
        error={errors.validUntil}
        hint="Usable through the end of this day (UTC); empty for no end."
      />
      <div className="sm:pt-6">
        <Checkbox label="Active" name="isActive" defaultChecked={coupon?.isActive ?? true} hint="A disabled coupon is refused at checkout." />
      </div>
    </div>
  );
}
