import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../../../src/db/client.ts';

const writer = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-writer.ts');

export type PgliteKill = {
  /** Rows whose commit the child reported before it was killed (this round). */
  acknowledged: number;
  /** Of those, rows missing when the folder was opened again. */
  lost: number;
  /** Rows found beyond the last one reported: committed, their report cut short by the kill. */
  unreported: number;
  /** The lock file the dead child left, naming its pid. */
  staleLockPid: number | null;
  /** The folder opened again (its lock released: the pid it names is dead), in ms. */
  reopenMs: number;
};

/**
 * One round: a child process opens the embedded database in `dir` and commits rows, reporting
 * each; it is SIGKILLed `killAfterMs` after its first report; then this process opens the folder
 * and counts which reported rows are there.
 */
export async function killPgliteWriter(dir: string, killAfterMs: number): Promise<PgliteKill> {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const reported: number[] = [];
  let before = 0;
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    let timer: NodeJS.Timeout | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (/^\d+$/.test(line)) reported.push(Number(line));
        const opened = /^open (\d+)$/.exec(line);
        if (opened) before = Number(opened[1]);
        if (/^\d+$/.test(line) && !timer) {
          timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, killAfterMs);
        }
      }
    });
    child.on('exit', () => (timer ? undefined : reject(new Error(`The writer exited before writing:\n${errors}`))));
  });
  await exited;
  const lockFile = path.join(dir, 'srs.lock');
  const staleLockPid = existsSync(lockFile) ? Number.parseInt(readFileSync(lockFile, 'utf8'), 10) : null;
  const started = Date.now();
  const database = await openPglite(dir);
  const reopenMs = Date.now() - started;
  try {
    const found = new Set(
      (await database.query<{ n: number }>('select n from kill_drill')).map((row) => Number(row.n)),
    );
    const lastReported = Math.max(before, ...reported);
    return {
      acknowledged: reported.length,
      lost: reported.filter((n) => !found.has(n)).length,
      unreported: [...found].filter((n) => n > lastReported).length,
      staleLockPid,
      reopenMs,
    };
  } finally {
    await database.close();
  }
}
