import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from './client.ts';

/** Runs one SQL text (one statement, or several without parameters) on the transaction's connection. */
export type RunSql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** One connection in one transaction, on either database; COPY in PostgreSQL's text format. */
export type OneTransaction = {
  kind: Database['kind'];
  run: RunSql;
  /** `COPY <target> TO …`, e.g. target `"users" ("id", "email")`: the rows' text, chunk by chunk. */
  copyOut: (target: string, write: (chunk: Buffer) => Promise<void> | void) => Promise<void>;
  /** `COPY <target> FROM …`, fed chunks of whole lines (each ending in a line feed). */
  copyIn: (target: string, lines: AsyncIterable<Uint8Array>) => Promise<void>;
};

/** PGlite takes a copy in through a file in memory: this many bytes of lines at a time. */
const pgliteCopyBytes = 16 * 1024 * 1024;

/**
 * Runs `work` in one transaction on one connection, committed when it returns and rolled back
 * when it throws. `snapshot` makes it a read-only REPEATABLE READ transaction: every read sees the
 * database as it stood at the first one (a consistent backup while the server writes).
 */
export async function inOneTransaction<T>(
  database: Database,
  work: (tx: OneTransaction) => Promise<T>,
  options: { snapshot?: boolean } = {},
): Promise<T> {
  if (database.pglite) {
    // One connection only: the transaction is the whole database's, nobody writes meanwhile.
    return database.pglite.transaction((tx) => work(pgliteTransaction(tx)));
  }
  if (!database.pool) throw new Error('A transaction needs a PGlite or a PostgreSQL database.');
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(options.snapshot ? 'begin isolation level repeatable read read only' : 'begin');
    const result = await work(postgresTransaction(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

function pgliteTransaction(tx: Transaction): OneTransaction {
  return {
    kind: 'pglite',
    run: async <T>(text: string, params?: unknown[]) => {
      if (params?.length) return (await tx.query<T>(text, params)).rows;
      return ((await tx.exec(text)).at(-1)?.rows ?? []) as T[];
    },
    copyOut: async (target, write) => {
      const result = await tx.query(`COPY ${target} TO '/dev/blob'`);
      if (result.blob) await write(Buffer.from(await result.blob.arrayBuffer()));
    },
    copyIn: async (target, lines) => {
      let parts: Uint8Array[] = [];
      let bytes = 0;
      const flush = async () => {
        if (parts.length === 0) return;
        await tx.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob(parts) });
        parts = [];
        bytes = 0;
      };
      for await (const line of lines) {
        parts.push(line);
        bytes += line.length;
        if (bytes >= pgliteCopyBytes) await flush();
      }
      await flush();
    },
  };
}

function postgresTransaction(client: pg.PoolClient): OneTransaction {
  return {
    kind: 'postgres',
    run: async <T>(text: string, params?: unknown[]) => {
      const result = (await client.query(text, params)) as pg.QueryResult | pg.QueryResult[];
      // Several statements without parameters answer one result each; the last one's rows count.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as T[];
    },
    copyOut: async (target, write) => {
      const stream = client.query(copyTo(`COPY ${target} TO STDOUT`));
      for await (const chunk of stream) await write(chunk as Buffer);
    },
    copyIn: async (target, lines) => {
      const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`));
      const done = new Promise<void>((resolve, reject) => {
        stream.on('finish', resolve);
        stream.on('error', reject);
      });
      try {
        for await (const line of lines) {
          if (!stream.write(line)) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), done]);
        }
      } catch (error) {
        stream.destroy(error as Error);
        await done.catch(() => {});
        throw error;
      }
      stream.end();
      await done;
    },
  };
}
