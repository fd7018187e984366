/**
 * Reads a multipart upload (a React Router action's Request) with busboy, each file streamed to a
 * temporary file under the data directory while its bytes are counted: the body is never held in
 * memory, the limits hold while it arrives, and a refused or broken upload leaves no file behind
 * (docs/decisions/030). Client file names are only shown back to the seller, never used for storage.
 */
import busboy from "busboy";
import { once } from "node:events";
import { createWriteStream, WriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { MediaSource } from "./ingested.server";
import { MediaError, megabytes } from "./media-error.server";

export interface UploadedFile extends MediaSource {
  /** The form field it came in. */
  field: string;
  /** The type the browser claimed: shown at most, never trusted (the bytes decide). */
  declaredType: string;
}

export interface Upload {
  /** The form's text fields (alt texts, ids…). */
  fields: URLSearchParams;
  /** Files in the order they arrived; an empty file input is skipped. */
  files: UploadedFile[];
  /** Removes the temporary files (withUpload calls it for you). */
  dispose(): Promise<void>;
}

export interface UploadOptions {
  /** Folder for temporary files (each upload gets its own subfolder). */
  tempDir: string;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxFiles: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

/** An upload folder still there after this long was left by a process that stopped mid-upload. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * The name to show: control and invisible formatting characters (bidi overrides among them) removed,
 * at most 120 characters. The caller has already refused names with a path.
 */
export function displayName(raw: string): string {
  const cleaned = raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 120);
  return cleaned || "file";
}

/** Browsers send a bare file name; a folder in it (or a drive) means a hand-made request. */
function hasPath(raw: string): boolean {
  return /[/\\]/.test(raw) || /^[A-Za-z]:/.test(raw) || raw === "." || raw === "..";
}

async function sweepStaleUploads(tempDir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(tempDir).catch(() => [] as string[])) {
    if (!name.startsWith("upload-")) continue;
    const info = await stat(path.join(tempDir, name)).catch(() => null);
    if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await rm(path.join(tempDir, name), { recursive: true, force: true });
  }
}

const cutOff = () => new MediaError("cut_off", "The upload was cut off before it finished, so nothing was saved. Try again.");

/**
 * Reads the whole upload into temporary files and resolves once every file is complete; rejects
 * with a MediaError (and no temporary file left) when a limit is passed, a file name holds a path,
 * or the body is cut off or malformed. Call `dispose()` when done, or use `withUpload`.
 */
export async function readUpload(request: Request, options: UploadOptions): Promise<Upload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) {
    throw new MediaError("not_multipart", "Send the files with the upload form (multipart/form-data).");
  }
  await mkdir(options.tempDir, { recursive: true });
  void sweepStaleUploads(options.tempDir).catch(() => {});
  const dir = await mkdtemp(path.join(options.tempDir, "upload-"));
  const dispose = () => rm(dir, { recursive: true, force: true });

  const input = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Keep the name as sent, to refuse a path in it (busboy would silently strip it).
      preservePath: true,
      defParamCharset: "utf8",
      limits: {
        files: options.maxFiles,
        fileSize: options.maxFileBytes,
        fields: options.maxFields ?? 100,
        fieldSize: options.maxFieldBytes ?? 64 * 1024,
        parts: options.maxFiles + (options.maxFields ?? 100),
        headerPairs: 20,
      },
    });
  } catch {
    await dispose();
    throw new MediaError("malformed", "The upload could not be read (malformed form data).");
  }

  const files: UploadedFile[] = [];
  const fields = new URLSearchParams();
  const writes: Promise<void>[] = [];
  /** Every stream of every file (busboy's, the counter, the file on disk), to stop them all at once. */
  const streams: (Readable | Transform | WriteStream)[] = [];
  let total = 0;

  return new Promise<Upload>((resolve, reject) => {
    let failure: MediaError | null = null;
    let finished = false;

    /** Stops at the first problem: stops parsing, drains what the client still sends (so it gets the answer), removes every temporary file, then rejects. */
    const fail = (error: MediaError) => {
      if (failure || finished) return;
      failure = error;
      input.unpipe(parser);
      let drained = 0;
      input.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > options.maxTotalBytes) input.destroy(); // a client that will not stop: cut it
      });
      input.on("error", () => {});
      input.resume();
      // Not from inside busboy's own callback (it goes on with the chunk it is parsing).
      setImmediate(() => {
        parser.destroy();
        for (const stream of streams) stream.destroy();
        const files = streams.filter((stream): stream is WriteStream => stream instanceof WriteStream);
        void Promise.all(files.map((file) => (file.closed ? undefined : once(file, "close").catch(() => {}))))
          .then(dispose)
          .finally(() => reject(error));
      });
    };

    parser.on("file", (field, stream, info) => {
      stream.on("error", () => {}); // a failure is reported once, by fail()
      const raw = info.filename ?? "";
      if (failure || raw === "") return void stream.resume(); // an empty file input sends no name
      if (hasPath(raw)) {
        stream.resume();
        return fail(new MediaError("path_in_name", `The file name "${displayName(raw)}" contains a folder path; send the file itself with a plain name.`));
      }
      const file: UploadedFile = { field, name: displayName(raw), path: path.join(dir, String(files.length)), bytes: 0, declaredType: info.mimeType };
      files.push(file);
      stream.on("limit", () =>
        fail(new MediaError("file_too_large", `${file.name} is larger than ${megabytes(options.maxFileBytes)}, the most one file may be.`)),
      );
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          file.bytes += chunk.length;
          total += chunk.length;
          if (total > options.maxTotalBytes)
            fail(
              new MediaError(
                "upload_too_large",
                `These files add up to more than ${megabytes(options.maxTotalBytes)}, the most one upload may carry. Send fewer at a time.`,
              ),
            );
          done(null, chunk);
        },
      });
      const sink = createWriteStream(file.path, { flags: "wx" });
      streams.push(stream, count, sink);
      writes.push(pipeline(stream, count, sink).catch(() => fail(cutOff())));
    });
    parser.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(new MediaError("too_many_fields", `The form field "${name.slice(0, 40)}" is too long.`));
      fields.append(name, value);
    });
    parser.on("filesLimit", () => fail(new MediaError("too_many_files", `At most ${options.maxFiles} files can be sent at once.`)));
    parser.on("fieldsLimit", () => fail(new MediaError("too_many_fields", "The form has too many fields.")));
    parser.on("partsLimit", () => fail(new MediaError("too_many_fields", "The form has too many parts.")));
    parser.on("error", (error: Error) =>
      fail(error.message === "Unexpected end of form" ? cutOff() : new MediaError("malformed", "The upload could not be read (malformed form data).")),
    );
    parser.on("close", () => {
      void Promise.all(writes).then(() => {
        if (failure) return;
        finished = true;
        resolve({ fields, files, dispose });
      });
    });
    input.on("error", () => fail(cutOff()));
    input.pipe(parser);
  });
}

/** Reads the upload, runs `handle`, and removes the temporary files whatever happens. */
export async function withUpload<T>(request: Request, options: UploadOptions, handle: (upload: Upload) => Promise<T>): Promise<T> {
  const upload = await readUpload(request, options);
  try {
    return await handle(upload);
  } finally {
    await upload.dispose();
  }
}
