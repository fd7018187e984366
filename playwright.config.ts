import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { shopEnvForFakePayPal } from "./tests/mocks/paypal-fake-env";
import { createSellersCommand } from "./tests/e2e/seller-accounts";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const dataDir = `.e2e-data/${port}`;
// The fake PayPal (REST API and JS SDK, tests/mocks/paypal-fake-main.ts) beside the shop; one per E2E_PORT.
const fakePayPalPort = port + 1000;
export const FAKE_PAYPAL_URL = `http://127.0.0.1:${fakePayPalPort}`;
// The fake mail server (SMTP peer + Discord webhook + inbox, tests/mocks/mail-fake-main.ts).
const fakeSmtpPort = port + 1001;
export const FAKE_MAIL_URL = `http://127.0.0.1:${port + 1002}`;
// Everything the shop logs during the run (pino lines and stderr), for the specs that check the log.
export const SHOP_LOG_FILE = `.e2e-data/${port}.log`;
/**
 * Every mail the e2e shop sends is DKIM-signed (docs/decisions/044) with a key made for this
 * machine's runs: written once, then read by the shop (DKIM_PRIVATE_KEY_FILE) and by the specs that
 * verify a signature with its public half (the config is loaded again in every worker: a file keeps
 * one key for all of them). The domain is MAIL_FROM's default, triggershop.example.
 */
export const E2E_DKIM = { domain: "triggershop.example", selector: "e2e", keyFile: `.e2e-data/dkim-${port}.pem` };
if (!existsSync(E2E_DKIM.keyFile)) {
  mkdirSync(".e2e-data", { recursive: true });
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  writeFileSync(E2E_DKIM.keyFile, privateKey.export({ type: "pkcs8", format: "pem" }).toString(), { mode: 0o600 });
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${port}`,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  // payments.spec.ts sets the fake PayPal's scenario (declined or pending captures, a cancelled or
  // failing SDK) for the whole fake: it runs last, alone, so no other spec's payment meets it.
  projects: [
    // back-in-stock.spec.ts puts a seeded out-of-stock product in stock for a while: it runs there too,
    // after every spec that counts the storefront's products.
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: ["payments.spec.ts", "back-in-stock.spec.ts"],
      grepInvert: /@owner-language/,
    },
    {
      name: "payments",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: ["payments.spec.ts", "back-in-stock.spec.ts"],
      dependencies: ["desktop"],
    },
    // Tests tagged @owner-language switch `main`, the shop's only owner, to another language (the
    // owner-only pages in French, tests/e2e/console-i18n.spec.ts): alone, after every other spec.
    {
      name: "owner-language",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: ["console-i18n.spec.ts"],
      grep: /@owner-language/,
      dependencies: ["payments"],
    },
  ],
  webServer: [
    {
      command: `npx tsx tests/mocks/mail-fake-main.ts ${fakeSmtpPort} ${port + 1002} --quiet`,
      url: `${FAKE_MAIL_URL}/messages`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `npx tsx tests/mocks/paypal-fake-main.ts ${fakePayPalPort}`,
      url: `${FAKE_PAYPAL_URL}/__fake/violations`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // A fresh embedded database and log for every run, with the seller accounts of tests/e2e/seller-accounts.ts
      // created through the CLI first (PGlite is one process at a time); the server is the production build.
      command: `rm -rf ${dataDir} ${SHOP_LOG_FILE} && ${createSellersCommand()} && node server/start.js`,
      url: `${baseURL}/robots.txt`,
      reuseExistingServer: false,
      // The sellers are created first (two tsx + argon2 runs): on a busy 2-core machine that alone can take a minute.
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
        // Request lines included: the log is checked for leaks (tests/e2e/login-handoff.spec.ts reads LOG_FILE).
        LOG_LEVEL: "info",
        LOG_FILE: SHOP_LOG_FILE,
        SITE_URL: baseURL,
        // Extra coupons (future expiry, limits, minimums) so every coupon rule can be exercised.
        SEED_COUPONS_FILE: "tests/e2e/coupons.json",
        // Every test shares 127.0.0.1; tests that check a limit itself count on the scaled number.
        RATE_LIMIT_SCALE: "20",
        // Online payment against the fake PayPal.
        ...shopEnvForFakePayPal(FAKE_PAYPAL_URL),
        // Every notification goes to the fake mail server.
        SMTP_URL: `smtp://127.0.0.1:${fakeSmtpPort}`,
        SELLER_EMAIL: "seller@triggershop.test",
        SELLER_DISCORD_WEBHOOK: `${FAKE_MAIL_URL}/discord/webhook`,
        DKIM_DOMAIN: E2E_DKIM.domain,
        DKIM_SELECTOR: E2E_DKIM.selector,
        DKIM_PRIVATE_KEY_FILE: E2E_DKIM.keyFile,
        // Campaigns reach every confirmed subscriber of the run (other specs' too): no waiting on the pace.
        CAMPAIGN_MAILS_PER_SECOND: "50",
      },
    },
  ],
});
