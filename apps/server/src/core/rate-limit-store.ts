import type { Db } from '../db/client.ts';
import { type Count, hitCounter, readCounter } from './counters.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

const resultOf = ({ count, ttlMs }: Count): Result => ({ current: count, ttl: ttlMs });

/**
 * Rate-limit counters in the database, so that every instance counts the same sign-in attempts
 * (ARCHITECTURE.md: no state in a server process). A fixed window per key and route.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseStore {
    constructor(readonly prefix = '') {}

    incr(key: string, callback: Callback, timeWindow: number) {
      hitCounter(db, `${this.prefix}${key}`, timeWindow).then((count) => callback(null, resultOf(count)), callback);
    }

    read(key: string, callback: Callback, timeWindow: number) {
      readCounter(db, `${this.prefix}${key}`, timeWindow).then((count) => callback(null, resultOf(count)), callback);
    }

    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      return new DatabaseStore(`${routeOptions.routeInfo?.method ?? ''}${routeOptions.routeInfo?.url ?? ''}:`);
    }
  };
}
