import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * Rate-limit counters in the database, so that every instance counts the same sign-in attempts
 * (ARCHITECTURE.md: no state in a server process). A fixed window per key and route.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseStore {
    constructor(readonly prefix = '') {}

    incr(key: string, callback: Callback, timeWindow: number) {
      this.count(`${this.prefix}${key}`, timeWindow, true).then((r) => callback(null, r), callback);
    }

    read(key: string, callback: Callback, timeWindow: number) {
      this.count(`${this.prefix}${key}`, timeWindow, false).then((r) => callback(null, r), callback);
    }

    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      return new DatabaseStore(`${routeOptions.routeInfo?.method ?? ''}${routeOptions.routeInfo?.url ?? ''}:`);
    }

    private async count(key: string, timeWindow: number, increment: boolean): Promise<Result> {
      const result = await db.execute<{ count: number; ttl: number }>(
        increment
          ? sql`insert into rate_limits (key, count, expires_at) values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
              on conflict (key) do update set
                count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
                expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
              returning count, (extract(epoch from (expires_at - now())) * 1000)::int as ttl`
          : sql`select count, (extract(epoch from (expires_at - now())) * 1000)::int as ttl from rate_limits
              where key = ${key} and expires_at > now()`,
      );
      const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0];
      return { current: Number(row?.count ?? 0), ttl: Math.max(0, Number(row?.ttl ?? timeWindow)) };
    }
  };
}
