/**
 * Samples the memory of this process's child processes through /proc while something runs: each
 * child's VmHWM (its peak resident set so far) and how many run at once. Linux only.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ChildWatch {
  stop(): void;
  /** The largest VmHWM (KB) seen in any child. */
  peakKb(): number;
  /** How many samples saw at least one child. */
  samples(): number;
  /** The most children seen running at the same moment. */
  mostAtOnce(): number;
}

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function peakOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return hwm ? Number(hwm) : 0;
  } catch {
    return 0;
  }
}

/** Starts sampling the children of `parent` (this process) every `everyMs`. */
export function watchChildren(parent = process.pid, everyMs = 5): ChildWatch {
  let peak = 0;
  let samples = 0;
  let most = 0;
  const sample = () => {
    const children = childrenOf(parent).filter((pid) => peakOf(pid) > 0); // zombies have no memory left
    if (children.length > 0) samples++;
    most = Math.max(most, children.length);
    for (const pid of children) peak = Math.max(peak, peakOf(pid));
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
    },
    peakKb: () => peak,
    samples: () => samples,
    mostAtOnce: () => most,
  };
}
