import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh copy of the migrated, seeded template: PGlite always, PostgreSQL when TEST_BACKEND=postgres. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_BACKEND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `srs_test_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(url, 1);
    await admin.exec(`create database ${name} template ${inject('templateDatabase')}`);
    await admin.close();
    const database = openPostgres(withDatabase(url, name), 4);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const cleanup = openPostgres(url, 1);
        await cleanup.exec(`drop database if exists ${name} with (force)`);
        await cleanup.close();
      },
    };
  }
  const file = inject('templateFile');
  return openPglite(undefined, { loadDataDir: new Blob([readFileSync(file)]) });
}
