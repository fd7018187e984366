/**
 * Starts the fake mail server (mail-server.ts) on fixed ports, for Playwright and for reading the
 * shop's mails locally:
 *   tsx tests/mocks/mail-fake-main.ts [smtpPort] [httpPort]        the fake alone (default 1025 and 1080)
 *   tsx tests/mocks/mail-fake-main.ts --dev                        the fake, and `npm run dev` sending to it (npm run dev:mail)
 * Each mail is printed (subject, recipients, text) as it arrives.
 */
import { spawn } from "node:child_process";
import { startFakeMail } from "./mail-server";

const args = process.argv.slice(2);
const withDev = args.includes("--dev");
const [smtpPort = 1025, httpPort = 1080] = args.filter((a) => /^\d+$/.test(a)).map(Number);
const quiet = args.includes("--quiet");
const fake = await startFakeMail({
  smtpPort,
  httpPort,
  onMail: (mail) => {
    if (quiet) return;
    console.log(`\n=== mail to ${mail.to.join(", ")}: ${mail.subject}\n${mail.text}`);
  },
});
console.log(`fake mail: SMTP ${fake.smtpUrl}, inbox ${fake.httpUrl}/messages, Discord webhook ${fake.discordWebhookUrl}`);

const dev = withDev
  ? spawn("node", ["server/start.js", "--dev"], {
      stdio: "inherit",
      env: { ...process.env, SMTP_URL: fake.smtpUrl, SELLER_DISCORD_WEBHOOK: fake.discordWebhookUrl, COMMUNITY_DISCORD_WEBHOOK: fake.communityWebhookUrl },
    })
  : null;
const stop = () => void fake.close().finally(() => process.exit(0));
dev?.on("exit", stop);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    dev?.kill(signal);
    stop();
  });
}
