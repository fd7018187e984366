import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { COUPON_TYPES } from "../app/domain/coupons";
import { LOGIN_DELETION_REASONS, LOGIN_EVENT_KINDS } from "../app/domain/login-handoff";
import { ORDER_STATES } from "../app/domain/order-state";
import { REFUND_CAUSES } from "../app/domain/refunds";
import { REPORT_AUTHORS, REPORT_ENTRY_KINDS, REPORT_REASONS, REPORT_STATUSES } from "../app/domain/problem-reports";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The catalogue, edited by the seller in the console (docs/decisions/033). Amounts in US cents.
 * `texts` holds { en: ProductTexts, fr?: Partial<ProductTexts>, es?: … }; `{}` marks a row made
 * before products were data, filled from the seed at the next start (prices and stock kept).
 */
export const products = pgTable("products", {
  id: text("id").primaryKey(),
  /** The English title (kept equal to texts.en.title): order lines and the console read it. */
  title: text("title").notNull(),
  priceCents: integer("price_cents").notNull(),
  originalPriceCents: integer("original_price_cents").notNull(),
  inStock: boolean("in_stock").notNull().default(true),
  badge: text("badge"),
  rating: real("rating").notNull(),
  reviews: integer("reviews").notNull().default(0),
  listed: boolean("listed").notNull().default(true),
  texts: jsonb("texts").notNull().default({}),
  category: text("category").notNull().default("Triggers"),
  type: text("type").notNull().default("trigger"),
  audience: text("audience").notNull().default("everyone"),
  skin: text("skin").notNull().default("any"),
  actionCount: integer("action_count"),
  poses: integer("poses"),
  gestures: boolean("gestures").notNull().default(false),
  platforms: jsonb("platforms").notNull().default(["mobile", "pc"]),
  delivery: text("delivery").notNull().default("manual-upload"),
  warrantyDays: integer("warranty_days").notNull().default(0),
  /** A bundle's item ids, in order; their titles and prices come from the catalogue. */
  bundleItemIds: jsonb("bundle_item_ids").notNull().default([]),
  /** Public paths of the pictures (first = main) and of the preview video, as before media uploads. */
  images: jsonb("images").notNull().default([]),
  videoUrl: text("video_url"),
  position: integer("position").notNull().default(0),
  /** Place in the home page's featured row (0 first); null = not featured. The seller's choice (docs/decisions/048). */
  featuredPosition: integer("featured_position"),
  /** Units left; null = not counted (in_stock alone decides). Taken inside the order's transaction (docs/decisions/049). */
  stock: integer("stock"),
  /** When a scheduled draft goes on sale: the publish job lists it then and clears this (issue 33). */
  publishAt: timestamp("publish_at", { withTimezone: true }),
  archivedAt: timestamp("archived_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const coupons = pgTable(
  "coupons",
  {
    id: text("id").primaryKey(),
    /** Stored uppercase; lookups are case-insensitive. */
    code: text("code").notNull(),
    type: text("type", { enum: COUPON_TYPES }).notNull(),
    /** Percent for percentage coupons, US cents for fixed ones. */
    value: integer("value").notNull().default(0),
    description: text("description").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    minPurchaseCents: integer("min_purchase_cents").notNull().default(0),
    /** Valid through the end of this day (UTC). */
    validUntil: date("valid_until", { mode: "string" }),
    freeProductId: text("free_product_id").references(() => products.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("coupons_code_upper").on(sql`upper(${t.code})`)],
);

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    status: text("status", { enum: ORDER_STATES }).notNull(),
    channel: text("channel", { enum: ["paypal", "manual"] }).notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    communityUsername: text("community_username").notNull(),
    gameUsername: text("game_username").notNull(),
    isGift: boolean("is_gift").notNull().default(false),
    lang: text("lang").notNull().default("en"),
    displayCurrency: text("display_currency").notNull().default("USD"),
    /** The USD→display rate shown to the buyer when ordering. */
    displayRate: real("display_rate").notNull().default(1),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    couponId: text("coupon_id").references(() => coupons.id),
    paypalOrderId: text("paypal_order_id"),
    /** Shown to the buyer (status page, delivered email). */
    sellerNote: text("seller_note"),
    /** The seller's own record of the delivery (what, when, to which account): dispute evidence, never shown to the buyer. */
    deliveryNote: text("delivery_note"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** When the buyer confirmed being 18+ (the age gate's stored confirmation), for disputes. */
    ageConfirmedAt: timestamp("age_confirmed_at", { withTimezone: true }),
    /** The terms of service in force when the order was placed. */
    termsVersion: text("terms_version"),
    /** The rate limiter's keyed hash of the buyer's address (never the address): the blocklist and signals. */
    clientKey: text("client_key"),
    /** The PayPal account that paid (PayPal's payer id), from the capture answer: the blocklist and signals. */
    payerId: text("payer_id"),
    /** When the retention job or the buyer's delete request replaced its personal data (docs/decisions/041); null = intact. */
    pseudonymisedAt: timestamp("pseudonymised_at", { withTimezone: true }),
    /** When the one "finish your payment" reminder was written (app/server/reminders): never twice. */
    unpaidReminderAt: timestamp("unpaid_reminder_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_status_created").on(t.status, t.createdAt),
    uniqueIndex("orders_paypal_order_id").on(t.paypalOrderId),
    index("orders_email").on(t.email),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    title: text("title").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** The coupon's free product, charged at 0. */
    isFree: boolean("is_free").notNull().default(false),
    /** The line's units were taken from the product's stock count: given back if the order ends unpaid (docs/decisions/049). */
    stockTaken: boolean("stock_taken").notNull().default(false),
  },
  (t) => [index("order_items_order").on(t.orderId), index("order_items_product").on(t.productId)],
);

/** Every status change, with who made it and why: the order's history, never rewritten. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: ORDER_STATES }),
    toStatus: text("to_status", { enum: ORDER_STATES }).notNull(),
    actor: text("actor").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order").on(t.orderId)],
);

/** Payment attempts, captures and refunds as rows, never overwritten. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    provider: text("provider").notNull().default("paypal"),
    kind: text("kind", { enum: ["attempt", "capture", "refund", "reinstatement"] }).notNull(),
    providerRef: text("provider_ref").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    raw: jsonb("raw"),
    /** Refund rows: why the money went back (app/domain/refunds.ts REFUND_CAUSES). */
    cause: text("cause", { enum: REFUND_CAUSES }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_order").on(t.orderId),
    index("payments_ref").on(t.providerRef),
    // One capture and one refund per reference, whatever the method and however it is cased: a
    // repeated capture answer or webhook adds nothing, and a reference already recorded on one order
    // (a PayPal id, a transfer's reference) can never pay or refund another (docs/decisions/028).
    uniqueIndex("payments_kind_ref")
      .on(t.kind, sql`lower(${t.providerRef})`)
      .where(sql`${t.kind} <> 'attempt'`),
  ],
);

/** Webhook deliveries by the provider's event id: a repeated delivery is ignored. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  resourceId: text("resource_id"),
  orderId: text("order_id"),
  payload: jsonb("payload").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial("id").primaryKey(),
    couponId: text("coupon_id")
      .notNull()
      .references(() => coupons.id),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    createdAt: createdAt(),
    /** Set when the order expired or was cancelled unpaid: the use went back to the coupon. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("coupon_redemptions_order").on(t.orderId)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id").notNull(),
    name: text("name").notNull(),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    /** sha256 of product, name and normalised comment: an identical review is refused. */
    fingerprint: text("fingerprint").notNull(),
    status: text("status", { enum: ["published", "pending", "hidden"] })
      .notNull()
      .default("pending"),
    clientKey: text("client_key"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reviews_fingerprint").on(t.fingerprint), index("reviews_product").on(t.productId, t.status)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  lang: text("lang").notNull().default("en"),
  handled: boolean("handled").notNull().default(false),
  clientKey: text("client_key"),
  createdAt: createdAt(),
});

/** Double opt-in: only confirmed addresses are mailed; the nonce makes each emailed link work once. */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  email: text("email").primaryKey(),
  lang: text("lang").notNull().default("en"),
  status: text("status", { enum: ["pending", "confirmed", "unsubscribed"] })
    .notNull()
    .default("pending"),
  /** Part of the signed confirm/unsubscribe links; replaced when one is used, so a link works once. */
  nonce: text("nonce").notNull().default(""),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Addresses marketing mail (campaigns, announcements, back-in-stock) must not reach: a hard bounce, a
 * complaint, a permanent SMTP refusal, or the seller's own entry. Order mails still go (issue 30).
 */
export const mailSuppressions = pgTable("mail_suppressions", {
  /** Stored lowercase. */
  email: text("email").primaryKey(),
  reason: text("reason", { enum: ["bounce", "complaint", "smtp_refused", "manual"] }).notNull(),
  /** What the bounce, the complaint or the SMTP server said (kept short). */
  detail: text("detail"),
  createdAt: createdAt(),
});

/**
 * "Email me when it's back" (app/server/reminders, docs/decisions/045): an address waiting for an
 * out-of-stock product, in the language it asked in. The row is deleted in the transaction that
 * writes its one mail when the product is back, so a later restock mails nobody already told.
 */
export const restockAlerts = pgTable(
  "restock_alerts",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Stored lowercase. */
    email: text("email").notNull(),
    lang: text("lang").notNull().default("en"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("restock_alerts_product_email").on(t.productId, t.email), index("restock_alerts_email").on(t.email)],
);

/**
 * Notifications written in the same transaction as the change that causes them, sent later by a
 * job (docs/decisions/013-outbox.md). A failed send never touches the order.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    /**
     * email: `to` is an address; discord: the seller's webhook; community_discord: the community
     * server's announcement webhook (the URLs stay in the environment).
     */
    channel: text("channel", { enum: ["email", "discord", "community_discord", "push"] })
      .notNull()
      .default("email"),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    /** Extra mail headers (List-Unsubscribe…). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    lang: text("lang"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    kind: text("kind").notNull(),
    orderId: text("order_id"),
    status: text("status", { enum: ["pending", "sent", "failed", "skipped"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Not sent before this time: the backoff after a failed attempt. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_outbox_status").on(t.status, t.createdAt), index("email_outbox_due").on(t.status, t.nextAttemptAt)],
);

/** Seller accounts for /admin (created by `npm run admin`); docs/decisions/014-seller-sessions.md. */
export const sellers = pgTable(
  "sellers",
  {
    id: serial("id").primaryKey(),
    /** Stored lowercase: the login name. */
    email: text("email").notNull(),
    /** argon2id, PHC string. */
    passwordHash: text("password_hash").notNull(),
    /** Base32 TOTP secret once the second factor is confirmed; null = password only. */
    totpSecret: text("totp_secret"),
    /** Offered on enrolment, moved to totp_secret when the seller proves it with a code. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** owner: everything; staff: the daily work, no money, catalogue or accounts (docs/decisions/036). Set by the CLI. */
    role: text("role", { enum: ["owner", "staff"] })
      .notNull()
      .default("owner"),
    /** Set while the owner has disabled the account (docs/decisions/052): no login, no session. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The last completed login (the accounts page shows it). */
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** The console's language for this account: pages, replies, mails and pushes (docs/decisions/055). */
    language: text("language", { enum: ["en", "fr", "es"] })
      .notNull()
      .default("en"),
    /** An IANA zone the console writes dates and times in (docs/decisions/055). */
    timeZone: text("time_zone").notNull().default("UTC"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sellers_email_lower").on(sql`lower(${t.email})`)],
);

/**
 * An owner's invitation to a new console account (docs/decisions/052): the mailed link carries a
 * token whose sha256 is stored here; it works once, for 24 hours.
 */
export const sellerInvites = pgTable(
  "seller_invites",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    /** Stored lowercase: the account's login name once accepted. */
    email: text("email").notNull(),
    role: text("role", { enum: ["owner", "staff"] }).notNull(),
    invitedBy: integer("invited_by").references(() => sellers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the invitee set a password (or the owner withdrew it): the link no longer works. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("seller_invites_token").on(t.tokenHash), index("seller_invites_email").on(t.email)],
);

/**
 * Server-side console sessions. The id is sha256 of the cookie's token, which is never stored; a
 * session half-way through login (password right, TOTP code still due) has stage "totp".
 */
export const sellerSessions = pgTable(
  "seller_sessions",
  {
    id: text("id").primaryKey(),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: ["totp", "active"] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, whatever the activity. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** For the seller's list of sessions: the browser and a pseudonym of the address (never the raw IP). */
    userAgent: text("user_agent"),
    clientKey: text("client_key"),
  },
  (t) => [index("seller_sessions_seller").on(t.sellerId)],
);

/**
 * A seller's device that asked for pushes (docs/decisions/053): the push service's endpoint and the
 * browser's keys (RFC 8291). Deleted when the push service answers 404/410, or the seller turns it off.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret, base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint").on(t.endpoint), index("push_subscriptions_seller").on(t.sellerId)],
);

/** Every seller action in the console and the CLI: who, what, on what, when. Never rewritten. */
export const sellerActions = pgTable(
  "seller_actions",
  {
    id: serial("id").primaryKey(),
    /** The account that acted, while it exists; null for the CLI. */
    sellerId: integer("seller_id").references(() => sellers.id, { onDelete: "set null" }),
    /** Who, in words that outlive the account: "seller:EMAIL" or "cli:OS-USER". */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** What it acted on: an order id, a product id, "coupon:ID", "seller:EMAIL"… */
    target: text("target").notNull(),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("seller_actions_target").on(t.target, t.createdAt), index("seller_actions_created").on(t.createdAt)],
);

/**
 * Failed logins per account (normalised email, known or not) and per client: each failure past a
 * few pushes `locked_until` further out, and no password is checked before then.
 */
export const loginThrottles = pgTable(
  "login_throttles",
  {
    scope: text("scope", { enum: ["account", "client"] }).notNull(),
    key: text("key").notNull(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/**
 * The shop's key pairs for the login handoff (docs/decisions/022-login-handoff-crypto.md). Made in the
 * seller's browser: the server holds the public key and the private key encrypted under the seller's
 * passphrase (PBKDF2-SHA256 → AES-256-GCM), never the private key itself. One key is active (not
 * retired); a retired key stays while ciphertexts sealed to it remain, then its encrypted private key
 * is wiped (destroyed_at).
 */
export const sellerKeys = pgTable(
  "seller_keys",
  {
    id: serial("id").primaryKey(),
    /** X25519 public key, base64 (32 bytes). */
    publicKey: text("public_key").notNull(),
    /** AES-GCM ciphertext of the private key, base64; null once destroyed. */
    privateKeyCiphertext: text("private_key_ciphertext"),
    /** AES-GCM nonce (12 bytes), base64. */
    privateKeyIv: text("private_key_iv"),
    /** PBKDF2 salt (16 bytes), base64. */
    privateKeySalt: text("private_key_salt"),
    /** PBKDF2-SHA256 iterations used for this key. */
    kdfIterations: integer("kdf_iterations").notNull(),
    /** Who made it ("seller:EMAIL"). */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    destroyedAt: timestamp("destroyed_at", { withTimezone: true }),
  },
  // At most one active key.
  (t) => [
    uniqueIndex("seller_keys_one_active")
      .on(sql`(true)`)
      .where(sql`${t.retiredAt} is null`),
  ],
);

/**
 * The buyer's game login for a permanent order, as a libsodium sealed box the server cannot open.
 * One row per order; replacing overwrites the ciphertext, deleting empties it and says why.
 */
export const orderLogins = pgTable(
  "order_logins",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    keyId: integer("key_id")
      .notNull()
      .references(() => sellerKeys.id),
    /** crypto_box_seal of the padded JSON {username, password}, base64; null once deleted. */
    ciphertext: text("ciphertext"),
    createdAt: createdAt(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedReason: text("deleted_reason", { enum: LOGIN_DELETION_REASONS }),
  },
  (t) => [uniqueIndex("order_logins_order").on(t.orderId), index("order_logins_key").on(t.keyId)],
);

/** What happened to an order's login, and who did it: submitted, replaced, withdrawn, revealed, deleted. */
export const orderLoginEvents = pgTable(
  "order_login_events",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LOGIN_EVENT_KINDS }).notNull(),
    /** "buyer", "seller:EMAIL", "system:…". */
    actor: text("actor").notNull(),
    /** Deletions: why (delivered, refunded, cancelled, expired, withdrawn). */
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("order_login_events_order").on(t.orderId, t.createdAt)],
);

/** Fixed-window counters shared by every server process on the same database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] })],
);

/**
 * Every backup the shop made or tried (scheduled or by command), so every process and the console
 * can tell when the last good one was (docs/decisions/031-backup-archive.md).
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: serial("id").primaryKey(),
    status: text("status", { enum: ["ok", "failed"] }).notNull(),
    trigger: text("trigger", { enum: ["schedule", "command"] }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
    /** Where the archive went: a file path, or `storage:backups/NAME`. */
    location: text("location").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** sha256 of the archive file as written, hex. */
    sha256: text("sha256"),
    encrypted: boolean("encrypted").notNull().default(false),
    /** The last migration applied to the database it holds (its tag). */
    schemaVersion: text("schema_version"),
    /** Why it failed (a message, never data). */
    error: text("error"),
  },
  (t) => [index("backup_runs_finished").on(t.status, t.finishedAt)],
);

/**
 * A buyer's problem report from the order page (docs/decisions/034): the reason they chose, open
 * until the seller closes it (answered, re-delivered, refunded or closed with a reason).
 */
export const problemReports = pgTable(
  "problem_reports",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    /** When the buyer last wrote and the seller has not answered since (the queue's age); null when answered. */
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    createdAt: createdAt(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("problem_reports_status").on(t.status, t.createdAt),
    index("problem_reports_order").on(t.orderId),
    // At most one open report per order: the buyer adds to it rather than opening another.
    uniqueIndex("problem_reports_one_open")
      .on(t.orderId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A report's thread, never rewritten: each message, and each of the seller's outcomes with its words. */
export const problemReportEntries = pgTable(
  "problem_report_entries",
  {
    id: serial("id").primaryKey(),
    reportId: integer("report_id")
      .notNull()
      .references(() => problemReports.id, { onDelete: "cascade" }),
    author: text("author", { enum: REPORT_AUTHORS }).notNull(),
    kind: text("kind", { enum: REPORT_ENTRY_KINDS }).notNull().default("message"),
    /** What the buyer reads (the seller's message, the re-delivery note, the refund's or closing reason). */
    body: text("body").notNull(),
    /** "buyer" or "seller:EMAIL". */
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("problem_report_entries_report").on(t.reportId, t.id)],
);

/**
 * Deliveries after the first (a re-delivery from a problem report), each with its own notes: the
 * order's first delivery stays on the order row (seller_note, delivery_note, delivered_at) untouched.
 */
export const orderDeliveries = pgTable(
  "order_deliveries",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    reportId: integer("report_id").references(() => problemReports.id, { onDelete: "set null" }),
    /** Shown to the buyer (status page, mail). */
    publicNote: text("public_note"),
    /** The seller's own record (what, to which account): dispute evidence, never shown to the buyer. */
    privateNote: text("private_note").notNull(),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_deliveries_order").on(t.orderId, t.createdAt)],
);

/**
 * Screenshots proving a delivery (issue 29, docs/decisions/043): re-encoded JPEGs in the private
 * storage (services.privateFiles, never a public media key), shown to the signed-in seller and, through
 * the order's signed link, to its buyer; attached to the dispute evidence. `delivery_id` null = the
 * order's first delivery (kept on the order row), else the re-delivery it came with.
 */
export const deliveryProofs = pgTable(
  "delivery_proofs",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    deliveryId: integer("delivery_id").references(() => orderDeliveries.id, { onDelete: "cascade" }),
    /** The private storage key: delivery-proofs/<order>/<random>.jpg. */
    key: text("key").notNull().unique(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("delivery_proofs_order").on(t.orderId, t.id)],
);

/**
 * PayPal disputes (docs/decisions/035), one row per PayPal dispute id: filled from the webhook's
 * resource, then from the Disputes API. Linked to the order through the disputed capture.
 */
export const disputes = pgTable(
  "disputes",
  {
    id: text("id").primaryKey(),
    /** Null when the capture is not one of ours (kept, shown, nothing applied). */
    orderId: text("order_id").references(() => orders.id),
    captureId: text("capture_id"),
    reason: text("reason"),
    status: text("status").notNull(),
    /** INQUIRY, CHARGEBACK, PRE_ARBITRATION, ARBITRATION. */
    stage: text("stage"),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    sellerResponseDueAt: timestamp("seller_response_due_at", { withTimezone: true }),
    /** PayPal's outcome code once resolved (RESOLVED_BUYER_FAVOUR…). */
    outcome: text("outcome"),
    /** The amount PayPal gave back to the buyer, once resolved against the seller. */
    refundedCents: integer("refunded_cents"),
    /** PayPal's latest full dispute (or the webhook's resource until the API was read). */
    raw: jsonb("raw"),
    /** When the Disputes API was last read for it; null: only the webhook is known. */
    detailsReadAt: timestamp("details_read_at", { withTimezone: true }),
    evidenceSentAt: timestamp("evidence_sent_at", { withTimezone: true }),
    /** The evidence notes as sent (the seller's edit of the packet). */
    evidenceText: text("evidence_text"),
    /** Seller alerts: once when it opened, once two days before the response is due. */
    openAlertedAt: timestamp("open_alerted_at", { withTimezone: true }),
    dueAlertedAt: timestamp("due_alerted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("disputes_order").on(t.orderId), index("disputes_status_due").on(t.status, t.sellerResponseDueAt)],
);

/** Buyers the seller refuses to sell to again (docs/decisions/035): one row per kind and normalised value. */
export const blocklist = pgTable(
  "blocklist",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["email", "game_username", "payer_id", "client"] }).notNull(),
    /** Normalised: emails and game usernames lowercased and trimmed; a client is the rate limiter's keyed hash. */
    value: text("value").notNull(),
    reason: text("reason"),
    /** The order or dispute that led to it, when there is one. */
    source: text("source"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("blocklist_kind_value").on(t.kind, t.value)],
);

/** When the buyer opened their order's status page after delivery (times only: dispute evidence). */
export const orderPageViews = pgTable(
  "order_page_views",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_page_views_order").on(t.orderId, t.viewedAt)],
);

/**
 * A product's photos and preview video, in the order the storefront shows them (docs/decisions/030):
 * the stored media description (keys, sizes, formats; URLs are computed) and the alt text per
 * language. The files themselves live in the media storage; a row exists only once they do.
 */
export const productMedia = pgTable(
  "product_media",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** 0 = the main image; gaps are allowed, order is what counts. */
    position: integer("position").notNull(),
    kind: text("kind", { enum: ["image", "video"] }).notNull(),
    /** ImageMedia or VideoMedia (app/domain/media.ts), checked with mediaDescriptionSchema when read. */
    media: jsonb("media").notNull(),
    altEn: text("alt_en").notNull().default(""),
    altFr: text("alt_fr").notNull().default(""),
    altEs: text("alt_es").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("product_media_product").on(t.productId, t.position)],
);

/**
 * Each run of the retention job (docs/decisions/041): what it removed, when, under which policy. Counts
 * and order ids only, never the data removed.
 */
export const privacyRuns = pgTable(
  "privacy_runs",
  {
    id: serial("id").primaryKey(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull(),
    /** The policy applied: { orderMonths, visitDays }. */
    policy: jsonb("policy").notNull(),
    ordersPseudonymised: integer("orders_pseudonymised").notNull().default(0),
    visitsDeleted: integer("visits_deleted").notNull().default(0),
    rateLimitsDeleted: integer("rate_limits_deleted").notNull().default(0),
    /** Buyers' delete requests that were waiting and could now be applied. */
    requestsApplied: integer("requests_applied").notNull().default(0),
    /** The ids of the orders pseudonymised (no personal data). */
    orderIds: jsonb("order_ids").$type<string[]>().notNull().default([]),
  },
  (t) => [index("privacy_runs_ran").on(t.ranAt)],
);

/**
 * A buyer's "send me my data" / "delete my data" request from an order page (docs/decisions/041),
 * confirmed through a single-use link mailed to the order's address. `email` is held only while the
 * request is open (awaiting confirmation or scheduled) and emptied once it is done or expired.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["export", "delete"] }).notNull(),
    /** The order page it came from (kept: the order outlives its personal data). */
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text("email"),
    status: text("status", { enum: ["awaiting_confirmation", "scheduled", "done", "expired"] })
      .notNull()
      .default("awaiting_confirmation"),
    /** Part of the mailed link; replaced when it is used, so the link works once. */
    nonce: text("nonce").notNull(),
    /** Why a deletion waits (open_dispute, open_report, order_open), comma-separated. */
    reason: text("reason"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [index("privacy_requests_status").on(t.status, t.createdAt), index("privacy_requests_order").on(t.orderId)],
);

/**
 * Campaigns to newsletter subscribers (issue 30, docs/decisions/046): a subject and body per
 * language ("" = not written: English goes instead), the products shown as cards, and where the
 * sending stands. `pacedUntil` is the pace's cursor: the sender may hand out mails up to
 * (now − pacedUntil) × CAMPAIGN_MAILS_PER_SECOND, then moves it on by what it handed out.
 */
export const campaigns = pgTable("campaigns", {
  id: serial("id").primaryKey(),
  subject: jsonb("subject").$type<Record<"en" | "fr" | "es", string>>().notNull(),
  body: jsonb("body").$type<Record<"en" | "fr" | "es", string>>().notNull(),
  productIds: jsonb("product_ids").$type<string[]>().notNull().default([]),
  status: text("status", { enum: ["draft", "scheduled", "sending", "paused", "cancelled", "sent"] })
    .notNull()
    .default("draft"),
  scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  pacedUntil: timestamp("paced_until", { withTimezone: true }),
  /** How many subscribers were queued when it started. */
  recipients: integer("recipients").notNull().default(0),
  /** "seller:EMAIL", or "system" for a product announcement. */
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who a campaign goes to, queued once when it starts (one row per confirmed, non-suppressed
 * subscriber): `pending` until its mail is written into the outbox (`queued`, with the outbox row)
 * or it is passed over because the address left the list meanwhile (`skipped`). The primary key is
 * what makes "one mail per subscriber per campaign" hold, across restarts and processes.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    lang: text("lang").notNull(),
    status: text("status", { enum: ["pending", "queued", "skipped"] })
      .notNull()
      .default("pending"),
    outboxId: integer("outbox_id"),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.email] }), index("campaign_recipients_pending").on(t.campaignId, t.status)],
);

/** Clicks through a campaign's signed links, per campaign and product: counts only, nobody's name (ADR 046). */
export const campaignClicks = pgTable(
  "campaign_clicks",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.productId] })],
);

/**
 * Storefront page views counted on the server (issue 31, docs/decisions/051): one row per day (in
 * the seller's time zone when counted), page, language, country, referring site and device class,
 * with how many views. Nothing here can tell one visitor from another: no address, cookie, user
 * agent or visitor id; '' stands for "none" (no product, unknown country, no referrer).
 */
export const pageViews = pgTable(
  "page_views",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** The route pattern, e.g. /product/:id (never the URL: no query string, no key). */
    route: text("route").notNull(),
    productId: text("product_id").notNull().default(""),
    lang: text("lang").notNull(),
    /** ISO 3166 alpha-2, or ''. */
    country: text("country").notNull().default(""),
    /** The referring site's host name only (www. dropped), or ''. */
    referrerDomain: text("referrer_domain").notNull().default(""),
    deviceClass: text("device_class", { enum: ["mobile", "tablet", "desktop"] }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.route, t.productId, t.lang, t.country, t.referrerDomain, t.deviceClass] })],
);

/** The shop's settings the seller changes in the console, one row per name (the analytics time zone…). */
export const shopSettings = pgTable("shop_settings", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
