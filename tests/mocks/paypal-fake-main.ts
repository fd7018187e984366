/**
 * Starts the fake PayPal (REST API + JS SDK, paypal-server.ts) on a fixed port, for Playwright and
 * for clicking through a payment locally:
 *   tsx tests/mocks/paypal-fake-main.ts [port]         the fake alone (default 8790, or FAKE_PAYPAL_PORT)
 *   tsx tests/mocks/paypal-fake-main.ts --dev [port]   the fake, and `npm run dev` pointed at it (npm run dev:paypal)
 */
import { spawn } from "node:child_process";
import { shopEnvForFakePayPal } from "./paypal-fake-env";
import { startFakePayPal } from "./paypal-server";

const args = process.argv.slice(2);
const withDev = args.includes("--dev");
const port = Number(args.find((a) => /^\d+$/.test(a)) ?? process.env.FAKE_PAYPAL_PORT ?? 8790);
const env = shopEnvForFakePayPal(`http://127.0.0.1:${port}`);
const fake = await startFakePayPal({ port, clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET });
console.log(`fake PayPal on ${fake.url} (SDK: ${fake.url}/sdk/js)`);

const dev = withDev ? spawn("node", ["server/start.js", "--dev"], { stdio: "inherit", env: { ...process.env, ...env } }) : null;
const stop = () => void fake.close().finally(() => process.exit(0));
dev?.on("exit", stop);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    dev?.kill(signal);
    stop();
  });
}
