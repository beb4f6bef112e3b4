// The resident memory of a server process, read from /proc/<pid>/status every 200 ms.
import { readFileSync } from 'node:fs';

const megabytes = (kilobytes: number) => Math.round((kilobytes / 1024) * 10) / 10;

export function readRssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) : 0;
}

export type RssWindow = { startMb: number; endMb: number; peakMb: number; growthMb: number };

/** Samples one process for the whole run; `window()` brackets a scenario. */
export function sampleRss(pid: number) {
  let current = readRssKb(pid);
  let overallPeak = current;
  let windowPeak = current;
  const timer = setInterval(() => {
    try {
      current = readRssKb(pid);
    } catch {
      return;
    }
    overallPeak = Math.max(overallPeak, current);
    windowPeak = Math.max(windowPeak, current);
  }, 200);
  timer.unref();
  return {
    /** Starts a window; the function it returns ends it (peak and growth within it). */
    window(): () => RssWindow {
      const start = readRssKb(pid);
      windowPeak = start;
      return () => {
        const end = readRssKb(pid);
        const peak = Math.max(windowPeak, end);
        return {
          startMb: megabytes(start),
          endMb: megabytes(end),
          peakMb: megabytes(peak),
          growthMb: megabytes(peak - start),
        };
      };
    },
    peakMb: () => megabytes(overallPeak),
    stop: () => clearInterval(timer),
  };
}

export type RssSampler = ReturnType<typeof sampleRss>;
