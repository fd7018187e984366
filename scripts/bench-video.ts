/**
 * npm run bench -- --only video (or `npx tsx scripts/bench-video.ts`): peak memory while the owner
 * uploads an 8K video (issue 27, docs/decisions/040). The upload's processing — the probe, and for
 * an accepted 4K video the container rewrite, the poster frame and its photo variants — runs here
 * as the shop runs it (ingestVideo, packaged ffmpeg, local storage), while /proc is sampled every
 * 5 ms: this process's RSS plus every child's. Target: ≤ 512 MB together.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { findFfmpeg } from "../app/server/media/ffmpeg.server";
import type { MediaSource } from "../app/server/media/ingested.server";
import { createLocalStorage } from "../app/server/media/local-storage.server";
import { mediaLimits } from "../app/server/media/media-env.server";
import { ingestVideo } from "../app/server/media/video-pipeline.server";

const TARGET_MB = 512;
const run = promisify(execFile);

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Runs `task` while sampling this process and its children; the peak of their summed RSS, in MB. */
async function peakWhile(task: () => Promise<unknown>): Promise<{ peakMb: number; childPeakMb: number; outcome: string; seconds: number }> {
  let peak = 0;
  let childPeak = 0;
  const sample = () => {
    const children = childrenOf(process.pid).map(rssKb);
    const childSum = children.reduce((a, b) => a + b, 0);
    childPeak = Math.max(childPeak, childSum);
    peak = Math.max(peak, rssKb(process.pid) + childSum);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  const outcome = await task().then(
    () => "accepted",
    (error: Error) => `refused: ${error.message}`,
  );
  clearInterval(timer);
  sample();
  return { peakMb: peak / 1024, childPeakMb: childPeak / 1024, outcome, seconds: (performance.now() - started) / 1000 };
}

async function video(ffmpeg: string, dir: string, name: string, source: string, seconds: number): Promise<MediaSource> {
  const file = path.join(dir, name);
  await run(ffmpeg, [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `${source}:d=${seconds}`],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-threads", "2", "-y", file],
  ]);
  return { path: file, name, bytes: statSync(file).size };
}

async function main(): Promise<void> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error("no ffmpeg: the video bench needs @ffmpeg-installer/ffmpeg");
  const dir = mkdtempSync(path.join(tmpdir(), "bench-video-"));
  try {
    const eightK = await video(ffmpeg, dir, "phone-8k.mp4", "color=c=gray:s=8192x8192:r=1", 2);
    const fourK = await video(ffmpeg, dir, "phone-4k.mp4", "testsrc=size=3840x2160:rate=30", 3);
    const deps = {
      storage: createLocalStorage({ root: path.join(dir, "media"), publicBase: "/media" }),
      limits: mediaLimits({ MEDIA_MAX_IMAGE_MB: 20, MEDIA_MAX_VIDEO_MB: 100 }),
      workDir: path.join(dir, "work"),
    };
    const restMb = rssKb(process.pid) / 1024;
    console.log(`\nVideo upload (issue 27): this process at rest ${restMb.toFixed(0)} MB RSS`);
    console.log("| video | outcome | time | peak RSS, process + children | children alone | target |\n| --- | --- | --- | --- | --- | --- |");
    for (const [label, source] of [
      ["8192 × 8192 H.264, 2 frames", eightK],
      ["3840 × 2160 H.264, 3 s", fourK],
    ] as const) {
      const r = await peakWhile(() => ingestVideo(source, deps));
      console.log(
        `| ${label} (${(source.bytes / 1024).toFixed(0)} KB) | ${r.outcome.slice(0, 60)} | ${r.seconds.toFixed(1)} s | ${r.peakMb.toFixed(0)} MB | ${r.childPeakMb.toFixed(0)} MB | ≤ ${TARGET_MB} MB — ${r.peakMb <= TARGET_MB ? "met" : "MISSED"} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
