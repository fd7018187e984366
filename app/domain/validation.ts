/**
 * Form rules (SPEC §5) as zod schemas shared by the browser and the server. Every issue message is a
 * MessageCode, so the UI shows `t("errors." + code)` and the server answers with the same codes.
 * Checks that would pile up on one field (required, then format) abort early so the first code is
 * the one the spec shows.
 */
import { z } from "./zod";
import { isMessageCode, type MessageCode } from "./messages";
import { ORDER_ID_PATTERN } from "./order-id";
import { RATING_MAX, RATING_MIN } from "./ratings";

export const IMVU_MIN = 3;
export const IMVU_MAX = 16;
export const IMVU_PATTERN = /^[A-Za-z0-9_ ]+$/;
export const REVIEW_MIN_CHARS = 20;
export { RATING_MAX, RATING_MIN };

// Server-side caps the spec does not state; generous for people, tight for abuse.
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const USERNAME_MAX = 64;
export const MESSAGE_MAX = 5000;
export const REVIEW_MAX_CHARS = 2000;

/** Trimmed, non-empty, at most `max` characters. */
function requiredText(required: MessageCode, max: number, tooLong: MessageCode = "text_too_long") {
  return z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required, abort: true }), z.maxLength(max, { error: tooLong, abort: true }));
}

function emailField(required: MessageCode, invalid: MessageCode) {
  return z.pipe(requiredText(required, EMAIL_MAX, invalid), z.email({ error: invalid }));
}

/** Hidden field people never see; bots fill it. Absent or empty passes. */
function honeypot(code: MessageCode) {
  return z.optional(z.string({ error: code }).check(z.maxLength(0, { error: code })));
}

// Field schemas (gift checkout form, SPEC §5).
export const emailSchema = emailField("email_required", "email_invalid");
export const nameSchema = requiredText("name_required", NAME_MAX);
export const discordSchema = requiredText("discord_required", USERNAME_MAX);
export const imvuUsernameSchema = z
  .string({ error: "imvu_required" })
  .check(
    z.trim(),
    z.minLength(1, { error: "imvu_required", abort: true }),
    z.minLength(IMVU_MIN, { error: "imvu_length", abort: true }),
    z.maxLength(IMVU_MAX, { error: "imvu_length", abort: true }),
    z.regex(IMVU_PATTERN, { error: "imvu_chars" }),
  );

export const giftFormSchema = z.object(
  { email: emailSchema, name: nameSchema, discord: discordSchema, imvuUsername: imvuUsernameSchema },
  { error: "details_required" },
);
export type GiftForm = z.infer<typeof giftFormSchema>;

/** Session-storage `giftOrderData`: the gift form plus the product and when it was saved. */
export const giftOrderDataSchema = z.extend(giftFormSchema, {
  productId: z.string({ error: "product_not_found" }).check(z.minLength(1, { error: "product_not_found" })),
  timestamp: z.int({ error: "details_required" }).check(z.nonnegative({ error: "details_required" })),
});
export type GiftOrderData = z.infer<typeof giftOrderDataSchema>;

/**
 * Session-storage `giftConfirmation`: what /thank-you shows once a gift order is paid (or arranged
 * by hand). Written by the payment step only for an order the server calls a gift, from the details
 * sent with that order; a gift form filled and abandoned (`giftOrderData`) never reaches it
 * (docs/decisions/042).
 */
export const giftConfirmationSchema = z.object({
  orderId: z.string().check(z.minLength(1)),
  productIds: z.array(z.string()),
  email: z.string(),
  imvuUsername: z.string(),
  /** When it was written (ms): an old confirmation left in the tab is not shown. */
  timestamp: z.int().check(z.nonnegative()),
});
export type GiftConfirmation = z.infer<typeof giftConfirmationSchema>;

/** Payment details dialog: every failure shows the single 'details_required' line (SPEC §5). */
const detail = (max: number) => requiredText("details_required", max, "details_required");
export const paymentDetailsSchema = z.object(
  {
    EMAIL: emailField("details_required", "details_required"),
    FNAME: detail(NAME_MAX),
    USERNAME: detail(USERNAME_MAX),
    VUUSER: detail(USERNAME_MAX),
    website: honeypot("details_required"),
  },
  { error: "details_required" },
);
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** The buyer in our own words. SPEC's field names (EMAIL, FNAME, USERNAME, VUUSER) stop at the form and its API. */
export interface BuyerDetails {
  email: string;
  name: string;
  /** The Discord name SPEC calls USERNAME. */
  communityUsername: string;
  /** The game account SPEC calls VUUSER. */
  gameUsername: string;
}

/** The details form's fields as the order's buyer: the one place the wire names are read. */
export function buyerFromDetails(details: PaymentDetails): BuyerDetails {
  return { email: details.EMAIL, name: details.FNAME, communityUsername: details.USERNAME, gameUsername: details.VUUSER };
}

export const contactSchema = z.object(
  {
    name: nameSchema,
    email: emailSchema,
    message: requiredText("message_required", MESSAGE_MAX),
    website: honeypot("form_rejected"),
  },
  { error: "form_rejected" },
);
export type ContactForm = z.infer<typeof contactSchema>;

/** Rating arrives as a string from HTML forms, hence the coercion. */
export const ratingSchema = z.pipe(
  z.coerce.number({ error: "rating_invalid" }),
  z.int({ error: "rating_invalid" }).check(z.gte(RATING_MIN, { error: "rating_invalid" }), z.lte(RATING_MAX, { error: "rating_invalid" })),
);

export const reviewSchema = z.object(
  {
    name: requiredText("review_missing", NAME_MAX),
    comment: requiredText("review_missing", REVIEW_MAX_CHARS).check(z.minLength(REVIEW_MIN_CHARS, { error: "review_too_short" })),
    rating: ratingSchema,
    productId: z.string({ error: "product_not_found" }).check(z.trim(), z.minLength(1, { error: "product_not_found" })),
    website: honeypot("form_rejected"),
  },
  { error: "review_missing" },
);
export type ReviewInput = z.infer<typeof reviewSchema>;

export const newsletterSchema = z.object({ email: emailSchema, website: honeypot("form_rejected") }, { error: "email_required" });

/** "Email me when it's back" on an out-of-stock product page (docs/decisions/045): the address, and the bots' field. */
export const restockAlertSchema = z.object({ email: emailSchema, website: honeypot("form_rejected") }, { error: "email_required" });

/** An order id as a shopper types or pastes it: spaces around it and lower case are forgiven. */
export const orderIdSchema = z
  .string({ error: "order_id_required" })
  .check(
    z.trim(),
    z.minLength(1, { error: "order_id_required", abort: true }),
    z.maxLength(40, { error: "order_id_invalid", abort: true }),
    z.toUpperCase(),
    z.regex(ORDER_ID_PATTERN, { error: "order_id_invalid" }),
  );

/** The order lookup form (/order): the link is mailed to the order's address when both match. */
export const orderLookupSchema = z.object({ orderId: orderIdSchema, email: emailSchema, website: honeypot("form_rejected") }, { error: "form_rejected" });
export type OrderLookup = z.infer<typeof orderLookupSchema>;

/** Key for issues about the whole form (e.g. the input was not an object). */
export const FORM_ERROR_KEY = "_form";

/**
 * First code per field of a failed parse (dotted path; whole-form issues under FORM_ERROR_KEY).
 * A message that is not a MessageCode (never expected) becomes `fallback` rather than leaking
 * zod's English to the UI.
 */
export function fieldErrors<T>(result: z.core.util.SafeParseResult<T>, fallback: MessageCode = "details_required"): Record<string, MessageCode> {
  if (result.success) return {};
  const errors: Record<string, MessageCode> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : FORM_ERROR_KEY;
    if (key in errors) continue;
    errors[key] = isMessageCode(issue.message) ? issue.message : fallback;
  }
  return errors;
}
