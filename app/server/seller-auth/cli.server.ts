/**
 * `npm run admin -- <command>`: seller accounts from the shell (scripts/admin.ts opens the database
 * and the terminal). Passwords come from a prompt or stdin, never from argv: arguments end up in
 * shell history and in every user's process list.
 */
import { parseArgs } from "node:util";
import { sellerEmailSchema, sellerPasswordSchema } from "~/domain/seller-access";
import { isSellerRole, SELLER_ROLES, type SellerRole } from "~/domain/seller/permissions";
import type { Db } from "../platform/db.server";
import { recordSellerAction } from "./audit.server";
import { createSeller, disableTotp, findSellerByEmail, listSellers, resetSellerPassword, setSellerDisabled, setSellerRole } from "./sellers.server";
import { deleteSellerSessions } from "./sessions.server";

export interface CliIo {
  /** The new password: asked twice on a terminal, else the first line of stdin. */
  readPassword(): Promise<string>;
  out(line: string): void;
  err(line: string): void;
  /** Who runs the command (the operating-system user), for the audit table. */
  user: string;
  /** The clock the command reads "now" from (scripts/admin.ts: the system's; tests: their own). */
  now(): Date;
}

export const USAGE = `Usage: npm run admin -- <command> [--email EMAIL] [--role owner|staff]

  create --email EMAIL [--role ROLE]  new seller account (password prompted, or read from stdin);
                                      an owner unless --role staff
  role --email EMAIL --role ROLE      owner: everything; staff: orders, deliveries, login reveals,
                                      reports and the inbox (no refunds, prices, products, coupons,
                                      exports, blocklist, disputes answers or accounts)
  reset --email EMAIL                 new password; ends every session of the account
  totp disable --email EMAIL          turn the authenticator code off (lost phone)
  logout --email EMAIL                end every session of the account
  disable --email EMAIL               no login, every session ended (never the last enabled owner)
  enable --email EMAIL                may log in again
  list                                accounts, their role, whether they use an authenticator code,
                                      and whether they are disabled

Owners can do the same from the console's Accounts page, and invite new accounts there.

Passwords are never accepted as arguments. On a terminal you are asked twice; otherwise the first
line of standard input is read:  printf '%s\\n' "$PASSWORD" | npm run admin -- create --email you@example.com`;

const ARGV_PASSWORD = /^(--?p(ass(word)?)?|--pw)(=|$)/i;

/** Runs one command; returns the process exit code (0 ok, 1 refused, 2 usage). */
export async function runAdminCli(db: Db, argv: string[], io: CliIo): Promise<number> {
  if (argv.some((arg) => ARGV_PASSWORD.test(arg))) {
    io.err("Passwords are never taken from the command line (shell history, process list). Type it at the prompt or pipe it on stdin.");
    return 2;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: "string" }, role: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, sub] = parsed.positionals;
  if (parsed.values.help || !command) {
    io.out(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const cli = { id: null, actor: `cli:${io.user}` };
  const now = io.now();

  if (command === "list") {
    const rows = await listSellers(db);
    if (rows.length === 0) io.out("No seller accounts yet: npm run admin -- create --email you@example.com");
    for (const row of rows)
      io.out(
        `${row.email}\t${row.role}\t${row.totp ? "password + authenticator code" : "password only"}\tcreated ${row.createdAt.toISOString()}${row.disabledAt ? "\tdisabled" : ""}`,
      );
    return 0;
  }

  const email = sellerEmailSchema.safeParse(parsed.values.email ?? "");
  if (!email.success) {
    io.err(`--email must be an email address.\n\n${USAGE}`);
    return 2;
  }
  const target = `seller:${email.data}`;
  let role: SellerRole | undefined;
  if (parsed.values.role !== undefined) {
    const wanted = parsed.values.role.trim().toLowerCase();
    if (!isSellerRole(wanted)) {
      io.err(`--role must be one of: ${SELLER_ROLES.join(", ")}.\n\n${USAGE}`);
      return 2;
    }
    role = wanted;
  }

  const newPassword = async (): Promise<string | null> => {
    const password = sellerPasswordSchema.safeParse(await io.readPassword());
    if (!password.success) {
      io.err(`Password refused: ${password.error.issues[0]?.message}.`);
      return null;
    }
    return password.data;
  };

  switch (command === "totp" ? `totp ${sub ?? ""}` : command) {
    case "create": {
      if (await findSellerByEmail(db, email.data)) {
        io.err(`${email.data} already has an account (npm run admin -- reset --email ${email.data} sets a new password).`);
        return 1;
      }
      const password = await newPassword();
      if (!password) return 1;
      const created = await createSeller(db, email.data, password, now, role ?? "owner");
      if (!created.ok) {
        io.err(`${email.data} already has an account.`);
        return 1;
      }
      await recordSellerAction(db, cli, "account_created", target, { role: created.seller.role }, now);
      io.out(`Created ${email.data} (${created.seller.role}). Log in at /admin/login.`);
      return 0;
    }
    case "role": {
      if (!role) {
        io.err(`role needs --role ${SELLER_ROLES.join("|")}.\n\n${USAGE}`);
        return 2;
      }
      const result = await setSellerRole(db, email.data, role);
      if (!result.ok) {
        io.err(
          result.reason === "unknown"
            ? `No account for ${email.data}.`
            : `${email.data} is the shop's only owner: make another account owner first (npm run admin -- role --email OTHER --role owner).`,
        );
        return 1;
      }
      await recordSellerAction(db, cli, "role_set", target, { from: result.before, to: role }, now);
      io.out(
        result.before === role ? `${email.data} already is ${role}.` : `${email.data} is ${role} now (was ${result.before}); it applies from the next request.`,
      );
      return 0;
    }
    case "reset": {
      if (!(await findSellerByEmail(db, email.data))) {
        io.err(`No account for ${email.data}.`);
        return 1;
      }
      const password = await newPassword();
      if (!password) return 1;
      await resetSellerPassword(db, email.data, password, now);
      await recordSellerAction(db, cli, "password_reset", target, null, now);
      io.out(`New password set for ${email.data}; every session of the account has ended.`);
      return 0;
    }
    case "totp disable": {
      const seller = await findSellerByEmail(db, email.data);
      if (!seller) {
        io.err(`No account for ${email.data}.`);
        return 1;
      }
      await disableTotp(db, seller.id);
      await recordSellerAction(db, cli, "totp_disabled", target, null, now);
      io.out(`${email.data} logs in with the password only now; enrol a new authenticator from Account in the console.`);
      return 0;
    }
    case "logout": {
      const seller = await findSellerByEmail(db, email.data);
      if (!seller) {
        io.err(`No account for ${email.data}.`);
        return 1;
      }
      const ended = await deleteSellerSessions(db, seller.id);
      await recordSellerAction(db, cli, "logout_everywhere", target, { sessions: ended }, now);
      io.out(`Ended ${ended} session${ended === 1 ? "" : "s"} of ${email.data}.`);
      return 0;
    }
    case "disable":
    case "enable": {
      const seller = await findSellerByEmail(db, email.data);
      if (!seller) {
        io.err(`No account for ${email.data}.`);
        return 1;
      }
      const disabled = command === "disable";
      const result = await setSellerDisabled(db, seller.id, disabled, now);
      if (!result.ok) {
        io.err(`${email.data} is the shop's last enabled owner: make another account owner first (npm run admin -- role --email OTHER --role owner).`);
        return 1;
      }
      if (result.changed) await recordSellerAction(db, cli, disabled ? "account_disabled" : "account_enabled", target, null, now);
      io.out(disabled ? `${email.data} is disabled: every session ended and no login works.` : `${email.data} may log in again.`);
      return 0;
    }
    default:
      io.err(`Unknown command: ${[command, sub].filter(Boolean).join(" ")}\n\n${USAGE}`);
      return 2;
  }
}
