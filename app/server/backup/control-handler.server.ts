/**
 * What the running embedded shop answers on its data folder's socket (control-socket.server.ts):
 * `POST /backup` with `{"location": "…", "key": base64 | null}` streams an archive back, made from
 * the shop's own database connection while it keeps serving. The archive's size and sha256 follow
 * in trailers: a response without them was cut short.
 */
import type http from "node:http";
import { PassThrough } from "node:stream";
import { z } from "zod";
import { backupToStream, type BackupSource } from "./backup.server";
import { parseBackupKey } from "../platform/backup-key.server";

const requestSchema = z.object({ location: z.string().min(1).max(4096), key: z.string().max(100).nullable() });

export const RESULT_TRAILER = "x-backup-result";

async function readBody(req: http.IncomingMessage, limit: number): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function backupControlHandler(source: () => BackupSource, defaultKey: Buffer | null, now: () => Date): http.RequestListener {
  return (req, res) => {
    void (async () => {
      if (req.method !== "POST" || req.url !== "/backup") {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("Unknown request\n");
        return;
      }
      const text = await readBody(req, 8192);
      let body: z.infer<typeof requestSchema>;
      try {
        body = requestSchema.parse(JSON.parse(text ?? ""));
      } catch {
        res.writeHead(400, { "Content-Type": "text/plain" }).end("Malformed backup request\n");
        return;
      }
      const key = body.key === null ? defaultKey : parseBackupKey(body.key);
      if (body.key !== null && !key) {
        res.writeHead(400, { "Content-Type": "text/plain" }).end("BACKUP_KEY must be 32 bytes in base64 or hex\n");
        return;
      }
      const sink = new PassThrough();
      sink.on("data", (chunk: Buffer) => {
        if (!res.headersSent) res.writeHead(200, { "Content-Type": "application/octet-stream", Trailer: RESULT_TRAILER });
        if (!res.write(chunk)) {
          sink.pause();
          res.once("drain", () => sink.resume());
        }
      });
      const ended = new Promise<void>((resolve) => sink.once("end", resolve));
      // The command went away: the backup fails (and is recorded so) instead of finishing for nobody.
      res.once("close", () => {
        if (!res.writableFinished) sink.destroy(new Error("npm run backup disconnected before the archive was complete"));
      });
      try {
        const result = await backupToStream(source(), sink, body.location, { key, trigger: "command", now });
        await ended;
        res.addTrailers({
          [RESULT_TRAILER]: JSON.stringify({
            sizeBytes: result.sizeBytes,
            sha256: result.sha256,
            schema: result.schema.tag,
            rows: result.rows,
            mediaFiles: result.mediaFiles,
            encrypted: result.encrypted,
          }),
        });
        res.end();
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" }).end(`${(error as Error).message}\n`);
        else res.destroy();
      }
    })().catch(() => res.destroy());
  };
}
