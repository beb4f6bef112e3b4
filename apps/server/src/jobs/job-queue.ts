import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { connectionTimeoutMs } from '../db/unreachable.ts';

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type JobQueue = {
  boss: PgBoss;
  /** Finishes the job in hand (up to `stopTimeoutMs`), then stops polling; the database stays open. */
  stop: () => Promise<void>;
};

export type JobQueueOptions = {
  /** PostgreSQL only: pg-boss keeps its own small pool, so jobs never wait for request connections. */
  connectionString?: string;
  log: JobLog;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  stopTimeoutMs?: number;
};

/**
 * The pg-boss job queue on the product's own database (ARCHITECTURE.md: jobs live in the
 * database, so any instance may work any job). Call after the migrations.
 */
export async function startJobQueue(database: Database, options: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    ...connectionOf(database, options.connectionString),
    // No cron jobs: the clock monitor would only cost queries.
    schedule: false,
    ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
  });
  // An 'error' event without a listener would crash the process; a failed poll is worth a log line.
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  return { boss, stop: () => boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 20_000 }) };
}

function connectionOf(database: Database, connectionString: string | undefined): PgBoss.DatabaseOptions {
  if (database.kind === 'postgres') {
    if (!connectionString) throw new Error('The job queue needs the PostgreSQL connection string (DATABASE_URL).');
    // pg-boss hands these to its pg.Pool, which also takes the connection timeout its types leave out.
    const options: PgBoss.DatabaseOptions & { connectionTimeoutMillis: number } = {
      connectionString,
      max: 4,
      application_name: 'srs-jobs',
      connectionTimeoutMillis: connectionTimeoutMs,
    };
    return options;
  }
  if (!database.pglite) throw new Error('The embedded database is not open.');
  return { db: pgliteExecutor(database.pglite) };
}

/**
 * pg-boss on PGlite (STACK-NOTES.md): its schema set-up sends several statements in one string,
 * which PGlite's `query` refuses, so SQL without parameters goes through `exec`; the rows are
 * those of the last statement, which is the only one pg-boss reads.
 */
export function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * `boss.createQueue`, tried again when PostgreSQL picks it as a deadlock's victim: two instances
 * starting at once create the same queue's tables side by side (found by the two-instance test,
 * issue 26), and the server must not end its start on that.
 */
export async function createQueueOnce(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(name, options);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}
