import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { DialogCloseButton, DialogShell } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { useLang } from "~/state/lang";
import { ordersApi, type CreatedOrderSummary } from "~/domain/api/orders";
import { giftOrderDataSchema, paymentDetailsSchema, type PaymentDetails } from "~/domain/validation";
import { postJson } from "~/lib/api-client";
import type { CartLine } from "~/domain/cart";
import type { OrderKind } from "~/domain/gifts";
import { readAgeConfirmation } from "~/state/age-consent";
import { useCurrency } from "~/state/currency";
import { readJson, STORAGE_KEYS, writeJson } from "~/state/storage";

export type CreatedOrder = CreatedOrderSummary & { details: PaymentDetails; gift: boolean };

const EMPTY = { EMAIL: "", FNAME: "", USERNAME: "", VUUSER: "", website: "" };

/**
 * Saved details, or for a gift the gift form's data (SPEC §3: prefilled where present) — only the
 * form filled for this very product: an older gift form left in the tab never fills another order.
 */
function savedDetails(gift: boolean, lines: readonly CartLine[]): typeof EMPTY {
  if (gift) {
    const data = giftOrderDataSchema.safeParse(readJson(STORAGE_KEYS.giftOrder, "session"));
    if (data.success && lines.length === 1 && lines[0].id === data.data.productId) {
      return { ...EMPTY, EMAIL: data.data.email, FNAME: data.data.name, USERNAME: data.data.discord, VUUSER: data.data.imvuUsername };
    }
  }
  const saved = paymentDetailsSchema.safeParse(readJson(STORAGE_KEYS.paymentDetails));
  return saved.success ? { ...EMPTY, ...saved.data, website: "" } : EMPTY;
}

interface DetailsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /**
   * What the lines hold (app/domain/gifts.ts): the title and notes follow it, and only gifting
   * items alone are asked to be a gift (the server decides, docs/decisions/042).
   */
  kind: OrderKind;
  /** What is ordered: the cart, or one product (the product page's card box, a gift). */
  lines: CartLine[];
  couponCode: string | null;
  onCreated(order: CreatedOrder): void;
}

/** The payment details form (SPEC §3/§5): validated here, then again by the server that stores the order. */
export function DetailsDialog({ open, onOpenChange, kind, lines, couponCode, onCreated }: DetailsDialogProps) {
  const gift = kind === "gift";
  const { t } = useTranslation();
  const lang = useLang();
  const { currency } = useCurrency();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (open) {
      setValues(savedDetails(gift, lines));
      setError(null);
    }
    // Read when the dialog opens, not on every render of the lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, gift]);

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = paymentDetailsSchema.safeParse(values);
    if (!parsed.success) {
      setError(t("errors.details_required"));
      return;
    }
    setError(null);
    setSubmitting(true);
    const result = await postJson(ordersApi, {
      details: parsed.data,
      lines: lines.map(({ id, quantity }) => ({ id, quantity })),
      couponCode,
      currency,
      lang,
      gift,
      ageConfirmedAt: readAgeConfirmation().at ?? undefined,
    });
    setSubmitting(false);
    if (!result.ok) {
      setError(result.code ? t(`errors.${result.code}`, result.vars) : t("errors.request_invalid"));
      return;
    }
    const { website: _honeypot, ...toSave } = parsed.data;
    writeJson(STORAGE_KEYS.paymentDetails, toSave);
    // The server's answer, not the wish sent: an order is a gift only when it says so.
    onCreated({ ...result.order, details: parsed.data, gift: result.order.isGift });
    onOpenChange(false);
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="fixed inset-x-3 top-6 z-50 mx-auto max-h-[calc(100dvh-3rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-6 shadow-xl sm:top-16"
    >
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="text-xl font-bold">{gift ? t("checkout.giftDetailsTitle") : t("checkout.detailsTitle")}</Dialog.Title>
        <DialogCloseButton className="-mt-1.5 -mr-1.5 -mb-2.5" />
      </div>
      <Dialog.Description className="mt-2 text-sm text-slate-600">{gift ? t("checkout.giftNoLogin") : t("checkout.detailsIntro")}</Dialog.Description>
      <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
        <TextField label={t("checkout.email")} type="email" autoComplete="email" required {...field("EMAIL")} />
        <TextField label={t("checkout.name")} autoComplete="name" required {...field("FNAME")} />
        <TextField label={t("checkout.username")} autoComplete="off" required {...field("USERNAME")} />
        <TextField
          label={t("checkout.gameUsername")}
          autoComplete="off"
          required
          hint={gift ? t("checkout.giftUsernameAdvice") : undefined}
          {...field("VUUSER")}
        />
        <Honeypot value={values.website} onChange={field("website").onChange} />
        {kind !== "gift" && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t(kind === "mixed" ? "checkout.mixedNote" : "checkout.loginNote")}</p>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Dialog.Close asChild>
            <Button variant="secondary" className="min-h-10 px-4 py-2">
              {t("checkout.cancel")}
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={submitting} className="min-h-10 py-2 disabled:opacity-60">
            {submitting ? t("checkout.submitting") : t("checkout.continue")}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
