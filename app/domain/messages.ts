/**
 * English text of every message the domain produces, keyed by a stable code.
 * The UI translates by code (`errors.<code>`); the en locale is generated from this object,
 * so each string is the specification's exact wording. Templates use i18next `{{var}}` syntax.
 */
export const MESSAGES = {
  // Coupons (SPEC §8)
  coupon_invalid: "Invalid coupon code",
  coupon_inactive: "This coupon is no longer active",
  coupon_expired: "This coupon has expired",
  coupon_usage_limit: "This coupon has reached its usage limit",
  /** amount is pre-formatted USD, e.g. "$10.00". */
  coupon_min_purchase: "Minimum purchase of {{amount}} required for this coupon",
  coupon_not_eligible: "This coupon only works with eligible triggers (excludes King Cummy, rooms, and bundles)",

  // Gift checkout form (SPEC §5)
  email_required: "Email is required",
  email_invalid: "Please enter a valid email",
  name_required: "Name is required",
  discord_required: "Discord username is required",
  imvu_required: "IMVU username is required",
  imvu_length: "Username must be 3-16 characters",
  imvu_chars: "Username can only contain letters, numbers, underscores, and spaces",

  // Payment details form (SPEC §5, §8)
  details_required: "Please fill in all required fields before continuing.",

  // Reviews (SPEC §5)
  review_missing: "please fill in your name and review comment",
  review_too_short: "please write at least 20 characters for your review",
  review_duplicate: "This review has already been submitted",
  review_wait: "Please wait {{minutes}} minute(s) before submitting another review to prevent spam.",
  rating_invalid: "Please choose a rating from 1 to 5",

  // Contact form
  message_required: "Message is required",

  // Beyond the spec: server-side limits and bot traps need a message too.
  text_too_long: "This text is too long",
  form_rejected: "This submission could not be accepted",
  product_not_found: "Product not found",
  cart_empty: "Your cart is empty",
  /** product: the product's title, named so the shopper knows which line to remove. */
  product_out_of_stock: "Sorry, {{product}} is now out of stock and cannot be ordered.",
  /** A blocked buyer (docs/decisions/035): neutral on purpose, it never says why. */
  order_refused: "Sorry, we can't take this order online. Please contact us if you have any questions.",
  order_not_found: "Order not found",
  // Order lookup form (/order)
  order_id_required: "Order ID is required",
  order_id_invalid: "An order ID looks like ORD251122140501-AB12",
  rate_limited: "Too many attempts. Please wait a few minutes and try again.",
  request_invalid: "This request could not be understood. Please reload the page and try again.",
  request_too_large: "This request is too large. Please shorten it and try again.",

  // Online payment (SPEC §8 for payment_failed)
  payment_failed: "There was an error processing your payment. Please try again.",
  payment_unavailable: "Online payment is not available right now. Please order through Discord or WhatsApp with your order ID.",
  order_not_payable: "This order can no longer be paid online.",

  // Game login for permanent items (docs/decisions/022)
  login_username_required: "Please enter your game username",
  login_password_required: "Please enter your game password",
  login_not_needed: "This order does not need your game login.",
  login_not_paid: "You can give your game login once the order is paid.",
  login_locked: "The team has started on your order: the login can no longer be changed or withdrawn. Contact us on Discord if something is wrong.",
  login_closed: "This order no longer takes a game login.",
  login_missing: "There is no login stored for this order.",
  login_unavailable: "The shop cannot receive logins online right now. The team will contact you on Discord.",
  login_key_changed: "The shop's encryption key has just changed. Please send your login again.",
  login_ciphertext_invalid: "Your login could not be encrypted. Please reload the page and try again.",
  login_key_invalid: "This key pair is not well formed.",
  login_key_destroyed: "The key this login was sealed to no longer exists.",

  // Problem reports from the order page (docs/decisions/034)
  report_reason_required: "Please choose what went wrong",
  report_message_required: "Please describe the problem",
  report_reason_unavailable: "This reason does not apply to this order. Please choose another one.",
  report_already_open: "You already have an open report for this order: add to it below.",
  report_not_open: "This report is closed. You can open a new one.",

  // Orders (seller console)
  order_transition_refused: "An order cannot go from {{from}} to {{to}}",
} as const;

export type MessageCode = keyof typeof MESSAGES;

export const MESSAGE_CODES = Object.keys(MESSAGES) as MessageCode[];

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(MESSAGES, value);
}

/**
 * Interpolates `{{var}}` placeholders. A missing variable is left as-is so the mistake is visible
 * rather than silently producing an empty gap.
 */
export function formatMessage(code: MessageCode, vars?: Record<string, string | number>): string {
  const template: string = MESSAGES[code];
  if (!vars) return template;
  // A replacer function, not a string, so "$" in values (prices) is never treated as a pattern.
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder: string, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : placeholder,
  );
}
