import type { Database } from '../../src/db/client.ts';
import { type JobLog, type JobQueue, startJobQueue } from '../../src/jobs/job-queue.ts';

export type RecordedLog = JobLog & { errors: unknown[] };

/** A logger that keeps the queue's error reports, so that a test can check there were none. */
export function recordingLog(): RecordedLog {
  const errors: unknown[] = [];
  return {
    errors,
    info: () => {},
    warn: () => {},
    error: (...args: unknown[]) => {
      errors.push(args[0]);
    },
  };
}

/**
 * The real job queue on a test database: PGlite through its `db` option, PostgreSQL through the
 * test database's own connection string (as the server passes DATABASE_URL).
 */
export async function startTestJobQueue(database: Database, log: JobLog): Promise<JobQueue> {
  const connectionString =
    database.kind === 'postgres'
      ? (database.pool as unknown as { options: { connectionString: string } }).options.connectionString
      : undefined;
  // Polling at pg-boss's minimum keeps the retries of a failing message within a few seconds.
  return startJobQueue(database, { connectionString, log, pollingIntervalSeconds: 0.5, stopTimeoutMs: 5_000 });
}

/** Polls until `check` gives a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
