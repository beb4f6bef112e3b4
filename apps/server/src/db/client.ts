import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { migrateKeepingData } from './upgrade-rules.ts';
import { connectionTimeoutMs } from './unreachable.ts';
import { withWriteMarks } from './write-marks.ts';

export type Schema = typeof schema;
/** One type for both drivers: every query is written once and runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction offers the same query API as the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed) — used by pg-boss and the seed. */
  exec: (sql: string) => Promise<void>;
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * Hears `pg_notify(channel, …)` from any connection of any process. `up` and `down` say whether
   * notices are being heard right now (a PostgreSQL connection can drop; it is opened again).
   */
  listen: (channel: string, handlers: NoticeHandlers) => Promise<() => Promise<void>>;
  /**
   * Whether the database answered a statement within the last connection timeout: a request that
   * then timed out waiting for a connection found the pool busy, not the database away.
   */
  answeredLately: () => boolean;
  pglite?: PGlite;
  pool?: pg.Pool;
};

export type NoticeHandlers = { notice: () => void; up: () => void; down: () => void };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// pg returns bigint (int8) as a string; our ids are below 2^53, and counts too.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// Dates (no time) stay the plain YYYY-MM-DD strings that the API sends (SPEC section 5).
pg.types.setTypeParser(1082, (value) => value);

/**
 * Marks a statement whose plan does not depend on its parameters (a record by id, the rows of a few
 * ids): on PostgreSQL each connection prepares it once, and after five runs PostgreSQL keeps one
 * plan for it when that plan costs no more than planning for the values would, where planning
 * cost more than running (docs/decisions/011). Searches and filtered lists are planned for their
 * values every time and must not be marked. PGlite ignores the mark.
 */
export const prepared = (statement: SQL): SQL => sql.join([sql.raw(preparedMark), statement]);
const preparedMark = '/* prepared */ ';

const dialect = new PgDialect();
/**
 * A fragment without parameters as one piece of text, written once: drizzle walks every part of a
 * statement each time it sends it, and the student list's JSON is some hundred parts (building
 * the name search's statement was 0.1–0.2 ms of the server's CPU, about a tenth of a search's).
 */
export function writtenOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('writtenOnce: the fragment has parameters');
  return sql.raw(text);
}

type QueryConfig = { text?: unknown; name?: string };
const statementNames = new Map<string, string>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `srs_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (statementNames.size >= 2000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
};
/** Names marked statements by their text, so that node-postgres prepares each once per connection. */
function nameMarkedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const statement = config as QueryConfig | null;
    if (statement && typeof statement === 'object' && typeof statement.text === 'string' && !statement.name) {
      if (statement.text.startsWith(preparedMark)) return query({ ...statement, name: statementName(statement.text) }, ...rest);
    }
    return query(config, ...rest);
  };
}

export function openPostgres(url: string, max = 10, { connectTimeoutMs = connectionTimeoutMs } = {}): Database {
  // A request waits a few seconds at most for a connection: a database that does not answer is
  // then said in a sentence (db/unreachable.ts), not a request that hangs.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: connectTimeoutMs });
  pool.on('connect', (client) => {
    nameMarkedStatements(client);
    // A connection lost while checked out (a transaction between two statements) is an 'error'
    // event the pool does not listen to then: unheard, it would end the process. Its statement
    // fails with the error, and the pool drops the connection when it is released.
    client.on('error', () => {});
  });
  // An idle connection closed by the server (a restart, a failover, a dropped database) must not
  // end the process: the pool opens a new connection for the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  let answeredAt = 0;
  pool.on('release', (error: Error | undefined) => {
    if (!error) answeredAt = Date.now();
  });
  const db = withWriteMarks(drizzleNodePg(pool, { schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    pool,
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params as unknown[])).rows as T[],
    migrate: () =>
      migrateKeepingData(
        async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
        () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
      ),
    close: () => pool.end(),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers, connectTimeoutMs),
    answeredLately: () => Date.now() - answeredAt < connectTimeoutMs - 50,
  };
}

/** A connection of its own that LISTENs, opened again a second after it drops. */
async function listenPostgres(url: string, channel: string, handlers: NoticeHandlers, connectTimeoutMs: number) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    client = next;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      handlers.down();
      void next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    };
    next.on('notification', (message) => message.channel === channel && handlers.notice());
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (!lost) handlers.up();
    } catch {
      onLost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    handlers.down();
    await client?.end().catch(() => {});
  };
}

/**
 * PGlite takes no lock on its folder and two processes would corrupt it (STACK-NOTES.md),
 * so the folder gets a lock file naming the owning process.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'srs.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The database folder ${dataDir} is in use by another process (pid ${owner}). ` +
            'Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${dataDir}.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    const db = withWriteMarks(drizzlePglite(pglite, { schema }) as unknown as Db);
    return {
      db,
      kind: 'pglite',
      pglite,
      exec: async (sql) => {
        await pglite.exec(sql);
      },
      query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
      migrate: () =>
        migrateKeepingData(
          async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
          () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
        ),
      // In the process itself: it is never away, and has no pool to be busy.
      answeredLately: () => true,
      // One process owns an embedded database: its notices never drop.
      listen: async (channel, handlers) => {
        const unlisten = await pglite.listen(channel, handlers.notice);
        handlers.up();
        return async () => {
          handlers.down();
          await unlisten();
        };
      },
      close: async () => {
        await pglite.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
