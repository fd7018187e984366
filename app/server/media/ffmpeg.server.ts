/**
 * ffmpeg for videos: the static binary inside @ffmpeg-installer/ffmpeg (nothing downloaded), or
 * FFMPEG_PATH. Used at upload only — a probe, a poster frame and a container rewrite — never per
 * request. When it is missing or does not run, videos are still accepted with a poster the seller
 * uploads.
 *
 * Every ffmpeg the shop starts is bounded (issue 27, docs/decisions/040): one at a time per process
 * (a queue, like photos), one decoding thread, an address-space limit on the child (`prlimit --as`,
 * or the shell's `ulimit -v` where util-linux is missing), a CPU-time limit, and a kill timer.
 */
import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { access, chmod } from "node:fs/promises";

/** Address space an ffmpeg child may map: a 4K poster frame takes ≈ 120 MB resident (ADR 040). */
export const FFMPEG_MEMORY_BYTES = 384 * 1024 * 1024;

export interface ChildLimits {
  /** Address-space limit (RLIMIT_AS) of the child. */
  memoryBytes: number;
  /** Wall-clock time after which the child is killed (SIGKILL). */
  timeoutMs: number;
}

interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  timedOut: boolean;
}

const PRLIMIT_PATHS = ["/usr/bin/prlimit", "/bin/prlimit", "/usr/sbin/prlimit"];
let prlimitPath: string | null | undefined;

function findPrlimit(): string | null {
  if (prlimitPath === undefined) {
    prlimitPath =
      PRLIMIT_PATHS.find((candidate) => {
        try {
          accessSync(candidate, constants.X_OK);
          return true;
        } catch {
          return false;
        }
      }) ?? null;
  }
  return prlimitPath;
}

/**
 * The command line that runs `file args` under `limits`: through util-linux's prlimit (it sets the
 * limits, then execs the program: the pid is ffmpeg's), else through /bin/sh's `ulimit` (also exec).
 */
export function limitedCommand(file: string, args: string[], limits: ChildLimits): { command: string; args: string[] } {
  const cpuSeconds = Math.max(1, Math.ceil(limits.timeoutMs / 1000));
  const prlimit = findPrlimit();
  if (prlimit) return { command: prlimit, args: [`--as=${limits.memoryBytes}`, `--cpu=${cpuSeconds}`, "--core=0", "--", file, ...args] };
  const kib = Math.floor(limits.memoryBytes / 1024);
  return { command: "/bin/sh", args: ["-c", `ulimit -v ${kib} && ulimit -t ${cpuSeconds} && ulimit -c 0 && exec "$0" "$@"`, file, ...args] };
}

/** One child at a time per process: however many videos arrive together, one ffmpeg runs. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
}

/** Children running now (their pids), for a test or the bench that samples their memory. */
export const runningChildren = new Set<number>();

/**
 * Runs `file args` under `limits`, in the queue; resolves with how it ended (never rejects for a
 * failing child, only when it cannot be started). stdout is ignored; stderr is kept (last 64 KiB).
 */
export function runLimited(file: string, args: string[], limits: ChildLimits): Promise<ChildResult> {
  return oneAtATime(
    () =>
      new Promise<ChildResult>((resolve, reject) => {
        const { command, args: argv } = limitedCommand(file, args, limits);
        const child = execFile(
          command,
          argv,
          { timeout: limits.timeoutMs, killSignal: "SIGKILL", maxBuffer: 1024 * 1024, encoding: "utf8" },
          (error, _stdout, stderr) => {
            if (child.pid !== undefined) runningChildren.delete(child.pid);
            const failure = error as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string; signal?: NodeJS.Signals }) | null;
            if (failure && typeof failure.code === "string" && failure.code !== "ERR_CHILD_PROCESS_STDIO_MAXBUFFER") {
              reject(failure); // ENOENT, EACCES: it never ran
              return;
            }
            resolve({
              code: child.exitCode,
              signal: child.signalCode,
              stderr: String(stderr ?? "").slice(-64 * 1024),
              timedOut: Boolean(failure?.killed) && child.signalCode === "SIGKILL",
            });
          },
        );
        if (child.pid !== undefined) runningChildren.add(child.pid);
      }),
  );
}

const checked = new Map<string, Promise<string | null>>();

/** Runs `ffmpeg -version` once per path: a present file may still be the wrong architecture. */
function usable(path: string): Promise<string | null> {
  let answer = checked.get(path);
  if (!answer) {
    answer = (async () => {
      try {
        await access(path, constants.X_OK);
      } catch {
        // npm 11 skips the package's `chmod u+x` install script; the file usually ships executable.
        await chmod(path, 0o755).catch(() => {});
      }
      try {
        const { code } = await runLimited(path, ["-hide_banner", "-version"], { memoryBytes: FFMPEG_MEMORY_BYTES, timeoutMs: 10_000 });
        return code === 0 ? path : null;
      } catch {
        return null;
      }
    })();
    checked.set(path, answer);
  }
  return answer;
}

/**
 * The ffmpeg to use, or null when there is none that runs. `override`: a path (FFMPEG_PATH), null for
 * none, undefined for the packaged binary.
 */
export async function findFfmpeg(override?: string | null): Promise<string | null> {
  if (override === null) return null;
  if (override !== undefined) return usable(override);
  try {
    const installer = (await import("@ffmpeg-installer/ffmpeg")) as { default?: { path: string }; path?: string };
    const path = installer.default?.path ?? installer.path;
    return path ? usable(path) : null;
  } catch {
    return null; // the package throws when its platform's binary is not installed
  }
}

/** Why an ffmpeg run failed, in one line (its last error line, or the limit that stopped it). */
function failureOf(result: ChildResult, limits: ChildLimits): string {
  if (result.timedOut) return `stopped after ${Math.round(limits.timeoutMs / 1000)} s`;
  if (result.signal) return `stopped by ${result.signal} (memory or CPU limit)`;
  const last = result.stderr.trim().split("\n").pop();
  return last || `exit code ${result.code}`;
}

/** Runs ffmpeg quietly on one thread under `limits`; rejects with its last error line. */
async function runFfmpeg(ffmpeg: string, args: string[], timeoutMs: number): Promise<void> {
  const limits = { memoryBytes: FFMPEG_MEMORY_BYTES, timeoutMs };
  const result = await runLimited(ffmpeg, ["-hide_banner", "-loglevel", "error", "-nostdin", "-filter_threads", "1", "-threads", "1", ...args], limits);
  if (result.code !== 0) throw new Error(`ffmpeg failed: ${failureOf(result, limits)}`);
}

export interface VideoProbe {
  /** The first video stream's coded size. */
  width: number;
  height: number;
  /** The container's duration, null when it does not say. */
  seconds: number | null;
}

/** Reads `ffmpeg -i`'s description of a file (its stderr): the first video stream's size, the duration. */
export function parseProbe(stderr: string): VideoProbe | null {
  const stream = /Stream #\d+:\d+.*?: Video: (.*)$/m.exec(stderr)?.[1];
  const size = stream ? /(?:^|[\s,])(\d{1,6})x(\d{1,6})(?=[\s,[]|$)/.exec(stream) : null;
  if (!size) return null;
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  return {
    width: Number(size[1]),
    height: Number(size[2]),
    seconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
  };
}

/**
 * The video's size and duration from its container and stream headers, decoding nothing
 * (`-skip_frame all`: ffmpeg would otherwise decode a frame to describe it — 170 MB for an 8192 × 8192
 * H.264). null when ffmpeg finds no video stream in it.
 */
export async function probeVideo(ffmpeg: string, video: string): Promise<VideoProbe | null> {
  // Without an output ffmpeg exits 1 after describing its input: the description is what we want.
  const result = await runLimited(ffmpeg, ["-hide_banner", "-nostdin", "-threads", "1", "-skip_frame", "all", "-i", video], {
    memoryBytes: FFMPEG_MEMORY_BYTES,
    timeoutMs: 30_000,
  });
  return result.signal ? null : parseProbe(result.stderr);
}

/** The poster frame is never wider or taller than the photo pipeline's largest picture. */
const POSTER_SCALE = "scale=w='min(1280,iw)':h='min(2560,ih)':force_original_aspect_ratio=decrease";

/**
 * A representative frame near the start (the `thumbnail` filter skips black or blurred first frames)
 * as PNG, taken from a scaled stream: the filter keeps 24 frames, at 1280 px wide instead of full
 * size (a 4K video: ≈ 120 MB instead of ≈ 660 MB). Rejects when no frame could be decoded.
 */
export async function extractPosterFrame(ffmpeg: string, video: string, output: string): Promise<void> {
  await runFfmpeg(
    ffmpeg,
    ["-i", video, "-map", "0:v:0", "-vf", `${POSTER_SCALE},thumbnail=24`, "-frames:v", "1", "-f", "image2", "-c:v", "png", "-y", output],
    60_000,
  );
}

/**
 * The same audio and video, without transcoding, in a fresh container: metadata dropped (phones
 * write the place a video was shot), data and subtitle tracks dropped, MP4's index moved to the
 * front so playback starts before the whole file has arrived.
 */
export async function rewriteContainer(ffmpeg: string, input: string, output: string, format: "mp4" | "webm"): Promise<void> {
  const container = format === "mp4" ? ["-f", "mp4", "-movflags", "+faststart"] : ["-f", "webm"];
  await runFfmpeg(
    ffmpeg,
    ["-i", input, "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", "-map_metadata", "-1", "-map_chapters", "-1", "-dn", "-sn", ...container, "-y", output],
    120_000,
  );
}
