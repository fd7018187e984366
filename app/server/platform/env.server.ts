import { createPrivateKey, generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { parseBackupKey } from "./backup-key.server";

const optionalUrl = z.url().optional();
const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

/** Express's names for address ranges it can trust as proxies. */
const PROXY_RANGES = ["loopback", "linklocal", "uniquelocal"];

/** An address ("10.0.0.1", "::1"), a subnet ("10.0.0.0/8", "fd00::/8") or a named range. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY, with Express's `trust proxy` meanings: "false" (no proxy: the socket's address is
 * the client), a number of proxy hops in front, or a comma-separated list of proxy addresses,
 * subnets and named ranges ("true", every hop, only behind a proxy that overwrites X-Forwarded-For).
 */
const trustProxy = z
  .string()
  .trim()
  .default("loopback")
  .transform((value, ctx): boolean | number | string[] => {
    if (value === "true" || value === "false") return value === "true";
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.find((entry) => !isProxyEntry(entry));
    if (bad !== undefined) {
      ctx.addIssue({ code: "custom", message: `"${bad}" is not an address, a subnet or one of ${PROXY_RANGES.join(", ")}; or use true, false or a hop count` });
      return z.NEVER;
    }
    return entries;
  });

/** The media variables (docs/decisions/030): storage, public URL, upload limits, ffmpeg. */
const mediaEnvShape = {
  /** "local" (files under MEDIA_DIR) or "s3" (an S3-compatible bucket). */
  MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
  /** Local storage folder; DATA_DIR/media when unset. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** Public base of media URLs (a CDN, or the bucket's public URL); unset = served by this shop at /media. */
  MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3-63 lowercase letters, digits, dots and hyphens)")
    .optional(),
  MEDIA_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1 or auto")
    .default("us-east-1"),
  MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_S3_FORCE_PATH_STYLE: z.stringbool({ error: "must be true or false" }).default(false),
  MEDIA_MAX_IMAGE_MB: z.coerce.number().positive().max(200).default(20),
  MEDIA_MAX_VIDEO_MB: z.coerce.number().positive().max(4096).default(100),
  /** An ffmpeg binary to use instead of the one in @ffmpeg-installer/ffmpeg; "none" turns poster extraction off. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /**
   * Private files (scheduled backups, delivery proofs, data exports) — never under a public route
   * (docs/decisions/039). Local storage: this folder, DATA_DIR/private when unset, never inside MEDIA_DIR.
   */
  PRIVATE_DIR: z.string().min(1).optional(),
  /** With MEDIA_STORAGE=s3: the bucket for private files; unset = the media bucket under `private/`. */
  PRIVATE_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3-63 lowercase letters, digits, dots and hyphens)")
    .optional(),
};

/** DKIM, the SES/SNS bounce webhook and the community Discord hook (docs/decisions/044). */
const inboxEnvShape = {
  /** The d= of the signature: the domain of MAIL_FROM (or its parent, for relaxed DMARC alignment). */
  DKIM_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, "must be a domain name such as triggershop.example")
    .optional(),
  /** The s= of the signature: the public key is published at <selector>._domainkey.<domain>. */
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9_-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9_-]{0,61}[a-z0-9])?)*$/i, "must be a DNS label such as shop2026")
    .optional(),
  /** The PEM private key (RSA 2048 or Ed25519), inline; literal "\n" sequences stand for newlines. */
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  /** ...or a file holding it (a mounted secret). */
  DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** The SNS topic(s) SES publishes bounces and complaints to, comma-separated; unset = no /api/ses/notifications. */
  SES_SNS_TOPIC_ARN: z
    .string()
    .regex(
      /^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]+(,arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]+)*$/,
      "must be one or more SNS topic ARNs (arn:aws:sns:region:account:name), comma-separated",
    )
    .optional(),
  /**
   * Which hosts SNS signing certificates and subscription links may come from (a regular expression
   * matched against the whole host[:port]); AWS's own by default. Tests point it at a loopback fake.
   */
  SES_SNS_CERT_HOST: z
    .string()
    .default("sns\\.[a-z0-9-]+\\.amazonaws\\.com")
    .refine((v) => {
      try {
        new RegExp(v);
        return true;
      } catch {
        return false;
      }
    }, "must be a regular expression"),
  /** The community server's webhook for product announcements (apart from SELLER_DISCORD_WEBHOOK). */
  COMMUNITY_DISCORD_WEBHOOK: optionalUrl,
};

export type MediaEnvInput = z.infer<z.ZodObject<typeof mediaEnvShape>>;

/** Settings that only make sense together; each issue names its variable for the one-line error. */
function refineMediaEnv<T extends MediaEnvInput & { DATA_DIR: string }>(env: T, ctx: z.RefinementCtx<T>): void {
  const issue = (variable: string, message: string) => ctx.addIssue({ code: "custom", path: [variable], message });
  if (env.MEDIA_STORAGE === "local" && env.PRIVATE_DIR) {
    // /media serves every file under MEDIA_DIR: private files must live outside it.
    const media = path.resolve(env.MEDIA_DIR ?? path.join(env.DATA_DIR, "media"));
    const inside = path.relative(media, path.resolve(env.PRIVATE_DIR));
    if (!inside.startsWith("..") && !path.isAbsolute(inside))
      issue("PRIVATE_DIR", "must not be MEDIA_DIR or a folder inside it (the media route serves that folder)");
  }
  if (env.MEDIA_STORAGE === "s3" && !env.MEDIA_S3_BUCKET) issue("MEDIA_S3_BUCKET", "required when MEDIA_STORAGE is s3");
  if (Boolean(env.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(env.MEDIA_S3_SECRET_ACCESS_KEY)) {
    issue(
      env.MEDIA_S3_ACCESS_KEY_ID ? "MEDIA_S3_SECRET_ACCESS_KEY" : "MEDIA_S3_ACCESS_KEY_ID",
      "set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither",
    );
  }
}

/** DKIM is all or nothing, and its key must be one Node can sign with. */
function refineDkimEnv(
  env: { DKIM_DOMAIN?: string; DKIM_SELECTOR?: string; DKIM_PRIVATE_KEY?: string; DKIM_PRIVATE_KEY_FILE?: string },
  ctx: z.RefinementCtx,
): void {
  const issue = (variable: string, message: string) => ctx.addIssue({ code: "custom", path: [variable], message });
  if (env.DKIM_PRIVATE_KEY && env.DKIM_PRIVATE_KEY_FILE) return issue("DKIM_PRIVATE_KEY_FILE", "set DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both");
  const anyKey = Boolean(env.DKIM_PRIVATE_KEY || env.DKIM_PRIVATE_KEY_FILE);
  const set = [Boolean(env.DKIM_DOMAIN), Boolean(env.DKIM_SELECTOR), anyKey];
  if (set.some(Boolean) && !set.every(Boolean)) {
    const missing = !env.DKIM_DOMAIN ? "DKIM_DOMAIN" : !env.DKIM_SELECTOR ? "DKIM_SELECTOR" : "DKIM_PRIVATE_KEY";
    return issue(missing, "DKIM needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) together");
  }
  if (env.DKIM_PRIVATE_KEY_FILE && !existsSync(env.DKIM_PRIVATE_KEY_FILE)) return issue("DKIM_PRIVATE_KEY_FILE", "no such file");
  const pem = dkimKey(env);
  if (pem === undefined) return;
  try {
    createPrivateKey(pem);
  } catch {
    issue(env.DKIM_PRIVATE_KEY_FILE ? "DKIM_PRIVATE_KEY_FILE" : "DKIM_PRIVATE_KEY", "must be a PEM private key (openssl genrsa 2048)");
  }
}

/** The DKIM key's PEM text, from the variable or its file. */
function dkimKey(env: { DKIM_PRIVATE_KEY?: string; DKIM_PRIVATE_KEY_FILE?: string }): string | undefined {
  if (env.DKIM_PRIVATE_KEY_FILE) return readFileSync(env.DKIM_PRIVATE_KEY_FILE, "utf8").trim();
  return env.DKIM_PRIVATE_KEY?.replace(/\\n/g, "\n").trim();
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SITE_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Also append everything the process logs (pino lines, stderr) to this file (server/start.js); the e2e suite reads it. */
  LOG_FILE: z.string().min(1).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_API_BASE: z.url().default("https://api-m.sandbox.paypal.com"),
  PAYPAL_SDK_URL: z.url().default("https://www.paypal.com/sdk/js"),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Trigger Shop <orders@triggershop.example>"),
  SHOP_EMAIL: z.email().default("support@triggershop.example"),
  /** Where seller alerts and contact messages go; SHOP_EMAIL when unset. */
  SELLER_EMAIL: z.email().optional(),
  DISCORD_URL: z.url().default("https://discord.gg/triggershop"),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{6,15}$/, "must be digits only, with country code (e.g. 447700900123)")
    .default("447700900123"),
  INSTAGRAM_URL: optionalUrl,
  TIKTOK_URL: optionalUrl,
  YOUTUBE_URL: optionalUrl,
  CONTACT_FORM_URL: optionalUrl,
  /** Asked by the server (`/api/geo`) for the client's country; `{ip}` stands for the client's address. */
  GEO_LOOKUP_URL: z.url().default("https://ipapi.co/{ip}/json/"),
  COUNTRY_HEADER: z.string().min(1).optional(),
  REVIEW_WIDGET_URL: optionalUrl,
  SELLER_DISCORD_WEBHOOK: optionalUrl,
  SEED_COUPONS_FILE: z.string().min(1).optional(),
  /** How many campaign mails leave per second (docs/decisions/046); a few a second keeps a small sender's reputation. */
  CAMPAIGN_MAILS_PER_SECOND: z.coerce.number().positive().max(1000).default(5),
  /** How long a shared page stays in the in-process render cache; 0 turns it off (off in development). */
  RENDER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1000).default(1),
  /** Media storage (local or S3), public URL and upload limits: docs/decisions/030. */
  ...mediaEnvShape,
  /** Which proxies' X-Forwarded-For/-Proto/-Host are believed (client address, https): Express's `trust proxy`. */
  TRUST_PROXY: trustProxy,
  /** Scheduled backups every this many hours (docs/decisions/031); unset = none. */
  BACKUP_INTERVAL_HOURS: z.coerce.number().positive().max(8760).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Where scheduled backups (and `npm run backup` without a file) go; DATA_DIR/backups when unset. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_TO: z.enum(["folder", "storage"]).default("folder"),
  BACKUP_KEY: z
    .string()
    .refine((v) => parseBackupKey(v) !== null, "must be 32 random bytes in base64 or hex (openssl rand -base64 32)")
    .optional(),
  /** Retention (docs/decisions/041): order personal data pseudonymised this many months after the order's last event. */
  RETENTION_ORDER_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Status-page visits and rate-limit rows deleted after this many days. */
  RETENTION_VISIT_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /**
   * Minutes after which an unpaid PayPal order gets its one "finish your payment" reminder
   * (docs/decisions/045); 0 turns reminders off. Below the 24 h after which the order is cancelled.
   */
  UNPAID_REMINDER_MINUTES: z.coerce
    .number({ error: "must be a whole number of minutes" })
    .int("must be a whole number of minutes")
    .min(0, "must be 0 (off) or more")
    .max(1380, "must be at most 1380 (23 hours): unpaid orders are cancelled after 24 hours")
    .default(60),
  /** Bearer token for /metrics (docs/decisions/032); unset = no /metrics. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Mail that reaches the inbox (docs/decisions/044): every mail is DKIM-signed when all three are set. */
  ...inboxEnvShape,
  /**
   * Web Push to the sellers' devices (docs/decisions/053): the VAPID key pair, base64url (the public
   * key 65 bytes uncompressed P-256, the private 32 bytes; `npx web-push generate-vapid-keys`). Both or
   * neither; unset, a pair is generated once into DATA_DIR (not in production on PostgreSQL: pushes off).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, "must be the 65-byte public key in base64url (npx web-push generate-vapid-keys)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, "must be the 32-byte private key in base64url (npx web-push generate-vapid-keys)")
    .optional(),
  /** Who the push services may contact about our pushes: a mailto: or https: URL; mailto:SELLER_EMAIL when unset. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, "must be a mailto: or https: URL")
    .optional(),
});

export type Env = z.infer<typeof schema> & { SITE_URL: string; SESSION_SECRET: string; SELLER_EMAIL: string; VAPID_SUBJECT: string };

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses the environment once at start; the first bad variable is named in one line. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, emptyToUndefined(v)]));
  const result = schema.superRefine(refineMediaEnv).superRefine(refineDkimEnv).superRefine(refineVapidEnv).safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    const got = raw[name] === undefined ? "unset" : `"${String(raw[name])}"`;
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message} (got ${got})`);
  }
  const env = result.data;
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    ...env,
    SITE_URL: siteUrl,
    SESSION_SECRET: env.SESSION_SECRET ?? localSessionSecret(env),
    SELLER_EMAIL: env.SELLER_EMAIL ?? env.SHOP_EMAIL,
    // One place holds the key afterwards: the variable, read from its file if need be.
    DKIM_PRIVATE_KEY: dkimKey(env),
    DKIM_PRIVATE_KEY_FILE: undefined,
    ...vapidKeys(env),
    VAPID_SUBJECT: env.VAPID_SUBJECT ?? `mailto:${env.SELLER_EMAIL ?? env.SHOP_EMAIL}`,
  };
}

function refineVapidEnv(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }, ctx: z.RefinementCtx): void {
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    const missing = env.VAPID_PUBLIC_KEY === undefined ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY";
    ctx.addIssue({ code: "custom", path: [missing], message: "required with the other VAPID key (both or neither)" });
  }
}

/** A new VAPID key pair as `npx web-push generate-vapid-keys` prints it: the raw P-256 public point and private scalar, base64url. */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const pub = publicKey.export({ format: "jwk" });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, "base64url"), Buffer.from(pub.y!, "base64url")]);
  return { publicKey: raw.toString("base64url"), privateKey: privateKey.export({ format: "jwk" }).d! };
}

/**
 * The VAPID key pair: the environment's, or one generated once into DATA_DIR as the session secret
 * is (docs/decisions/053). Production on PostgreSQL (possibly several processes, each with its own
 * folder) must be given one: without, pushes stay off rather than differ between processes. Tests
 * (NODE_ENV=test) give theirs.
 */
function vapidKeys(env: z.infer<typeof schema>): { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string } {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY };
  // Tests give their keys (a parse must not write into the working folder).
  if ((env.NODE_ENV === "production" && env.DATABASE_URL) || env.NODE_ENV === "test") return {};
  const file = path.join(env.DATA_DIR, "vapid-keys.json");
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { VAPID_PUBLIC_KEY: saved.publicKey, VAPID_PRIVATE_KEY: saved.privateKey };
  }
  const keys = newVapidKeys();
  // A throwaway database (memory://) has no folder: its keys live as long as the process.
  if (!env.DATA_DIR.startsWith("memory://")) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

/**
 * Production on PostgreSQL (possibly several processes) must be given one shared secret. A single
 * process on the embedded database keeps a generated one in its data dir, like development, so the
 * README's `npm start` works on a fresh machine (docs/decisions/007-session-secret.md).
 */
function localSessionSecret(env: z.infer<typeof schema>): string {
  if (env.NODE_ENV === "production" && env.DATABASE_URL) {
    throw new EnvError("Invalid environment variable SESSION_SECRET: required in production with DATABASE_URL (got unset)");
  }
  const file = path.join(env.DATA_DIR, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
