import { sql } from 'drizzle-orm';
import { type DbOrTx, prepared } from '../db/client.ts';

/** A counter's state after a hit or a read: how many in its window and how long the window has left. */
export type Count = { count: number; ttlMs: number };

/**
 * Fixed-window counters in the database (table rate_limits), so that every instance counts the
 * same events: sign-in attempts, uploads, sign-up mails. One home for the counting SQL; the
 * rate-limit plugin's store (core/rate-limit-store.ts) and the services' own limits both use it.
 */
export async function hitCounter(db: DbOrTx, key: string, windowMs: number): Promise<Count> {
  // Prepared: every limited request writes its counter, and parsing the statement cost more than running it.
  const result = await db.execute<{ count: number; ttl: number }>(
    prepared(sql`insert into rate_limits (key, count, expires_at) values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
        expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
      returning count, (extract(epoch from (expires_at - now())) * 1000)::int as ttl`),
  );
  return countOf(result, windowMs);
}

/** The count in a key's current window, without adding to it. */
export async function readCounter(db: DbOrTx, key: string, windowMs: number): Promise<Count> {
  const result = await db.execute<{ count: number; ttl: number }>(
    sql`select count, (extract(epoch from (expires_at - now())) * 1000)::int as ttl from rate_limits
      where key = ${key} and expires_at > now()`,
  );
  return countOf(result, windowMs);
}

function countOf(result: unknown, windowMs: number): Count {
  const row = (result as { rows: { count: number; ttl: number }[] }).rows[0];
  return { count: Number(row?.count ?? 0), ttlMs: Math.max(0, Number(row?.ttl ?? windowMs)) };
}

/** Counters whose window has passed are removed now and then (server.ts), so that keys of passing addresses do not pile up. */
export async function purgeExpiredCounters(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limits where expires_at < now()`);
}
