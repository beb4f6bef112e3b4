import type { Env } from '../env.ts';
import { type Database, openPglite, openPostgres } from './client.ts';

/** DATABASE_URL set: that PostgreSQL server. Otherwise the embedded PGlite in DATA_DIR. */
export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  return openPglite(env.DATA_DIR);
}
