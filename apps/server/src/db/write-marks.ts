import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.ts';

/** A keyed write's claim (table idempotent_writes, core/idempotent-writes.ts). */
export type Claim = { userId: number; route: string; key: string };

/**
 * The claim of the keyed write whose handler is running (plugins/idempotency.ts runs the handler
 * in it). Every transaction the handler begins marks the claim written as its last statement, so
 * the mark commits with the write or not at all (docs/decisions/020): after a crash, a retry learns
 * from the claim whether the write was made.
 */
export const keyedWrite = new AsyncLocalStorage<Claim>();

export async function markWritten(db: DbOrTx, owner: Claim): Promise<void> {
  await db.execute(
    sql`update idempotent_writes set written_at = now()
      where user_id = ${owner.userId} and route = ${owner.route} and key = ${owner.key}`,
  );
}

/**
 * Runs bookkeeping whose transactions are not the keyed write itself (a second factor's code
 * checked and used up before the handler decides): they do not mark the claim, so a failure that
 * follows is not taken for a write that was made.
 */
export const asBookkeeping = <T>(work: () => Promise<T>): Promise<T> => keyedWrite.exit(work);

/** The database whose transactions mark the running keyed write's claim. A nested one (a savepoint) is its outer one's. */
export function withWriteMarks(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const marked: Db['transaction'] = (work, config) =>
    transaction(async (tx) => {
      const result = await work(tx);
      const owner = keyedWrite.getStore();
      if (owner) await markWritten(tx, owner);
      return result;
    }, config);
  db.transaction = marked;
  return db;
}
