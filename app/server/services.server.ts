/**
 * The shop's services, built once when the process starts (server/app.ts) and handed to every loader,
 * action and job through React Router's load context (`context.services`; docs/decisions/027). Tests
 * build their own with createServices (tests/setup/route-context.ts) instead of patching modules.
 */
import type { RetentionPolicy } from "~/domain/privacy";
import type { Database, Db } from "./platform/db.server";
import type { Env } from "./platform/env.server";
import { createKeys, type Keys } from "./platform/keys.server";
import { createSite, type Site } from "./platform/site.server";
import { PermanentRefusal, RetryLater, type OutboxSenders } from "./mail/outbox.server";
import { setCatalogueMediaBase } from "./catalogue/cache.server";
import { outboxSenders } from "./mail/senders.server";
import { mediaSettings } from "./media/media-env.server";
import { createMedia, type Media } from "./media/media.server";
import { createPrivateStorage, privateStorageSettings, type PrivateStorage } from "./media/private-storage.server";
import { createPayPalAdapter, type PayPalAdapter } from "./paypal/adapter.server";
import { payPalConfigFromEnv } from "./paypal/config.server";
import { pushSender, type VapidKeys } from "./push/push.server";

export interface Services {
  /** The parsed environment the services were built from. */
  env: Env;
  /** The keys derived from SESSION_SECRET, once: signed links, client keys, session cookies. */
  keys: Keys;
  /** Site URL, the shop's and the seller's addresses, and the keys: what mails and links are made with. */
  site: Site;
  /** The open database (its driver, pool and close). */
  database: Database;
  /** `database.db`: what repositories take. */
  db: Db;
  /**
   * PayPal, or null without credentials: decided here, once. The payment routes then answer 503
   * payment_unavailable, new orders are manual and the browser gets no PayPal client id.
   */
  paypal: PayPalAdapter | null;
  /** Where the outbox's mails and seller alerts go (SMTP, Discord; unset ones wait in the table). */
  mail: OutboxSenders;
  /** Product photos and videos: storage, limits and pipelines (docs/decisions/030). */
  media: Media;
  /** Files no public route may serve: backups, delivery proofs, data exports (docs/decisions/039). */
  privateFiles: PrivateStorage;
  /** Web Push's VAPID keys (docs/decisions/053), or null when pushes are off (no keys). */
  vapid: VapidKeys | null;
  /** The clock loaders, actions and jobs read "now" from. */
  now: () => Date;
  /** What buyer data is kept how long (RETENTION_ORDER_MONTHS, RETENTION_VISIT_DAYS; docs/decisions/041). */
  retention: RetentionPolicy;
}

/** What a test (or a tool) may put in place of what the environment would build. */
export type ServiceOverrides = Partial<Pick<Services, "paypal" | "mail" | "media" | "privateFiles" | "now">>;

/** Builds every service from the environment and the open database; `overrides` replace single ones. */
export function createServices(env: Env, database: Database, overrides: ServiceOverrides = {}): Services {
  const paypalConfig = payPalConfigFromEnv(env);
  const keys = createKeys(env.SESSION_SECRET);
  const media = overrides.media ?? createMedia(mediaSettings(env));
  // Product galleries in the cached catalogue carry the storage's public base (a CDN or /media).
  setCatalogueMediaBase(database.db, media.storage.publicBase);
  const vapid =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { subject: env.VAPID_SUBJECT, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null;
  return {
    env,
    keys,
    site: createSite(env, keys),
    database,
    db: database.db,
    paypal: "paypal" in overrides ? (overrides.paypal ?? null) : paypalConfig ? createPayPalAdapter(paypalConfig) : null,
    mail: overrides.mail ?? { ...outboxSenders(env), push: vapid ? outboxPush(pushSender(database.db, vapid)) : null },
    vapid,
    media,
    privateFiles: overrides.privateFiles ?? createPrivateStorage(privateStorageSettings(env)),
    now: overrides.now ?? (() => new Date()),
    retention: { orderMonths: env.RETENTION_ORDER_MONTHS, visitDays: env.RETENTION_VISIT_DAYS },
  };
}

/** The push sender's outcome in the outbox's terms: a device gone fails the row at once, a 429 waits as told. */
export function outboxPush(send: ReturnType<typeof pushSender>): NonNullable<OutboxSenders["push"]> {
  return async (row) => {
    const outcome = await send(row);
    if (outcome.kind === "gone")
      throw new PermanentRefusal(outcome.status ? `push service answered ${outcome.status}: subscription removed` : "subscription removed");
    if (outcome.kind === "retry") {
      if (outcome.waitMs) throw new RetryLater(outcome.waitMs, `push service answered ${outcome.status}`);
      throw new Error(`push service answered ${outcome.status}`);
    }
  };
}
