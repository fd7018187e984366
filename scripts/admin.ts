/**
 * npm run admin -- <command>: seller accounts from the shell (app/server/seller-auth/cli.server.ts).
 * Uses the shop's database: DATABASE_URL, else the embedded one in DATA_DIR (./data). The embedded
 * database belongs to one process at a time: while a shop runs on it this command is refused (its
 * folder's socket, docs/decisions/031); stop the shop first.
 */
import { userInfo } from "node:os";
import { claimDataDir } from "../app/server/backup/control-socket.server";
import { openDatabase } from "../app/server/platform/db.server";
import { safeErrorMessage } from "../app/server/platform/safe-error.server";
import { runAdminCli, type CliIo } from "../app/server/seller-auth/cli.server";

/** Reads a line without echoing it (a terminal). */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const done = (result: string | Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stdout.write("\n");
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done(value);
        if (char === "\u0003") return done(new Error("Cancelled"));
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else if (char >= " ") value += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

const io: CliIo = {
  async readPassword() {
    if (!process.stdin.isTTY) return readStdinLine();
    const first = await promptHidden("New password: ");
    const second = await promptHidden("Repeat it: ");
    if (first !== second) throw new Error("The two passwords differ; nothing was changed.");
    return first;
  },
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  user: (() => {
    try {
      return userInfo().username;
    } catch {
      return "unknown";
    }
  })(),
  // A command-line entry point: the system clock.
  now: () => new Date(),
};

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || "./data";
// The embedded database is one process's: refused at once while a shop (or a backup) holds the folder.
const claim = databaseUrl ? null : await claimDataDir(dataDir).catch((error: Error) => (console.error(error.message), process.exit(1)));
const database = await openDatabase({ databaseUrl, dataDir });
let code = 1;
try {
  code = await runAdminCli(database.db, process.argv.slice(2), io);
} catch (error) {
  console.error(safeErrorMessage(error)); // the cause, never a query's parameters (a seller's email, a hash)
} finally {
  await database.close();
  await claim?.release();
}
process.exit(code);
