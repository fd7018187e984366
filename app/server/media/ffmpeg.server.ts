/**
 * ffmpeg for videos: the static binary inside @ffmpeg-installer/ffmpeg (nothing downloaded), or
 * FFMPEG_PATH. Used at upload only — a poster frame and a container rewrite — never per request.
 * When it is missing or does not run, videos are still accepted with a poster the seller uploads.
 */
import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access, chmod } from "node:fs/promises";
import { promisify } from "node:util";

const run = promisify(execFile);

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
        await run(path, ["-hide_banner", "-version"], { timeout: 10_000 });
        return path;
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

/** Runs ffmpeg quietly on one thread; rejects with its last error line. */
async function runFfmpeg(ffmpeg: string, args: string[], timeoutMs: number): Promise<void> {
  try {
    await run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-nostdin", "-threads", "1", ...args], { timeout: timeoutMs, maxBuffer: 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? "").trim();
    throw new Error(`ffmpeg failed: ${stderr.split("\n").pop() || (error as Error).message}`, { cause: error });
  }
}

/**
 * A representative frame near the start (the `thumbnail` filter skips black or blurred first frames)
 * as PNG. Rejects when no frame could be decoded.
 */
export async function extractPosterFrame(ffmpeg: string, video: string, output: string): Promise<void> {
  await runFfmpeg(ffmpeg, ["-i", video, "-map", "0:v:0", "-vf", "thumbnail=24", "-frames:v", "1", "-f", "image2", "-c:v", "png", "-y", output], 60_000);
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
