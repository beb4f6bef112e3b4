// What one step of a bench costs, read from /proc: the server process's CPU seconds and resident
// memory, and the CPU seconds of every PostgreSQL backend of the bench's database (pids from
// pg_stat_activity). Wall times on a shared machine drift with the load; these count the work.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type pg from 'pg';
import { readRssKb } from './rss.ts';

const ticksPerSecond = (() => {
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim());
  return ticks > 0 ? ticks : 100;
})();

/** utime + stime of a process (all its threads) in seconds; null once it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) may hold spaces: count from its closing parenthesis (field 3 is index 0).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

function readHwmKb(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Resets the process's peak resident memory (VmHWM), so that it brackets one step; false where not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const mb = (kb: number) => Math.round(kb / 102.4) / 10;

export type StepUsage = {
  seconds: number;
  serverCpu: number;
  rssBeforeMb: number;
  /** The highest VmRSS of the 50 ms samples. */
  rssPeakMb: number;
  /** VmHWM after it was reset at the step's start: the kernel's own peak (null where it could not be reset). */
  hwmMb: number | null;
  postgresCpu: number;
  /** The backends' CPU seconds by backend_type (client backend, autovacuum worker, parallel worker…). */
  postgresByType: Record<string, number>;
  backends: number;
  appeared: number;
  disappeared: number;
};

type Backend = { type: string; first: number; last: number; appeared: boolean; gone: boolean };

export type Target = { serverPid: number; monitor: pg.Client; database: string };

/** Runs `work`, sampling the server's VmRSS and the backends' CPU every 50 ms (the backends' list every 200 ms). */
export async function measureStep<T>(target: Target, work: () => Promise<T>): Promise<{ result: T; usage: StepUsage }> {
  const { serverPid, monitor, database } = target;
  const backends = new Map<number, Backend>();
  // A backend that appears during the step started from 0 CPU seconds; one that ends keeps its last sample.
  const refresh = async (initial: boolean) => {
    const { rows } = await monitor.query<{ pid: number; type: string }>(
      'select pid, backend_type as type from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    for (const { pid, type } of rows) {
      if (backends.has(pid)) continue;
      const cpu = cpuSeconds(pid);
      if (cpu !== null) backends.set(pid, { type, first: initial ? cpu : 0, last: cpu, appeared: !initial, gone: false });
    }
  };
  const readBackends = () => {
    for (const [pid, backend] of backends) {
      if (backend.gone) continue;
      const cpu = cpuSeconds(pid);
      if (cpu === null) backend.gone = true;
      else backend.last = cpu;
    }
  };

  await refresh(true);
  const hwmReset = resetPeak(serverPid);
  const rssBefore = readRssKb(serverPid);
  let rssPeak = rssBefore;
  const cpuBefore = cpuSeconds(serverPid) ?? 0;
  let tick = 0;
  let pending: Promise<void> | null = null;
  const timer = setInterval(() => {
    try {
      rssPeak = Math.max(rssPeak, readRssKb(serverPid));
    } catch {
      // The server is gone: the step fails on its own.
    }
    readBackends();
    if (++tick % 4 === 0 && !pending) pending = refresh(false).finally(() => (pending = null));
  }, 50);
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (cpuSeconds(serverPid) ?? cpuBefore) - cpuBefore;
  rssPeak = Math.max(rssPeak, readRssKb(serverPid));
  const hwm = hwmReset ? readHwmKb(serverPid) : null;
  await pending;
  await refresh(false);
  readBackends();

  const postgresByType: Record<string, number> = {};
  let appeared = 0;
  for (const backend of backends.values()) {
    postgresByType[backend.type] = (postgresByType[backend.type] ?? 0) + backend.last - backend.first;
    if (backend.appeared) appeared++;
  }
  return {
    result,
    usage: {
      seconds,
      serverCpu,
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(rssPeak),
      hwmMb: hwm === null ? null : mb(hwm),
      postgresCpu: Object.values(postgresByType).reduce((sum, cpu) => sum + cpu, 0),
      postgresByType,
      backends: backends.size,
      appeared,
      disappeared: [...backends.values()].filter((backend) => backend.gone).length,
    },
  };
}
