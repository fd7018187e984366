/**
 * The embedded database belongs to one process. Whoever opens a data folder (the shop, or
 * `npm run backup` / `npm run restore` when no shop runs) first listens on a unix socket inside it,
 * DATA_DIR/shop.sock: listening fails while another process holds it, so two processes never open
 * the same folder. The shop answers `POST /backup` on it with an archive streamed back, which is
 * how `npm run backup` copies a running embedded shop (docs/decisions/031-backup-archive.md).
 *
 * Only the folder's owner can connect (the socket is 0600, inside the data folder): whoever can
 * reach it can read the database files anyway, so no token is needed.
 */
import { chmodSync, existsSync, mkdirSync, unlinkSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";

const SOCKET_NAME = "shop.sock";
/** sun_path holds 108 bytes on Linux (104 on macOS), terminator included. */
const MAX_SOCKET_PATH = 100;

export class DataDirBusy extends Error {
  override name = "DataDirBusy";
}

/** The socket's path: absolute, or relative to the working directory when that is short enough and the absolute one is not. */
export function controlSocketPath(dataDir: string): string {
  const absolute = path.resolve(dataDir, SOCKET_NAME);
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH) return absolute;
  const relative = path.relative(process.cwd(), absolute);
  if (Buffer.byteLength(relative) <= MAX_SOCKET_PATH) return relative;
  throw new Error(`DATA_DIR's path is too long for its control socket (${absolute}): use a shorter DATA_DIR`);
}

/** Whether a process answers on the data folder's socket (a stale file left by a crash does not). */
function probe(socketPath: string): Promise<"answers" | "stale" | "absent"> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve("answers");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED" ? "stale" : "absent"));
  });
}

export interface DataDirClaim {
  readonly socketPath: string;
  /** Answers requests on the socket with `listener` from now on (503 until then). */
  handle(listener: http.RequestListener): void;
  release(): Promise<void>;
}

const busy = (dataDir: string) =>
  new DataDirBusy(`Another process is using the embedded database in ${path.resolve(dataDir)} (a running shop, a backup or a restore): stop it first`);

/**
 * Takes the data folder for this process; requests on its socket are refused (503) until a handler
 * is given. Throws DataDirBusy while another process holds it.
 */
export async function claimDataDir(dataDir: string): Promise<DataDirClaim> {
  const socketPath = controlSocketPath(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const state = await probe(socketPath);
  if (state === "answers") throw busy(dataDir);
  if (state === "stale" && existsSync(socketPath)) unlinkSync(socketPath);
  let handler: http.RequestListener = (_req, res) => {
    res.writeHead(503, { "Content-Type": "text/plain" }).end("This data folder is held by a backup or a restore; try again when it is done.\n");
  };
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "EADDRINUSE" ? busy(dataDir) : error));
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  // A socket never keeps the process alive on its own; the HTTP server or the command does.
  server.unref();
  return {
    socketPath,
    handle: (listener) => void (handler = listener),
    release: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Asks the process holding `dataDir` to stream a backup: null when no process holds it (the caller
 * may then open the database itself).
 */
export async function requestBackupFromShop(dataDir: string, body: { location: string; key: string | null }): Promise<http.IncomingMessage | null> {
  const socketPath = controlSocketPath(dataDir);
  if ((await probe(socketPath)) !== "answers") return null;
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: "/backup", method: "POST", headers: { "Content-Type": "application/json" } }, resolve);
    request.once("error", reject);
    request.end(JSON.stringify(body));
  });
}
