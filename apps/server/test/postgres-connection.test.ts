import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.ts';

const onPostgres = process.env.TEST_BACKEND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('the PostgreSQL pool', () => {
  let database: Database | undefined;
  let admin: Database | undefined;
  afterAll(async () => {
    await database?.close();
    await admin?.close();
  });

  it('survives the server closing an idle connection (a restart or failover) and answers the next query', async () => {
    database = openPostgres(process.env.TEST_DATABASE_URL as string, 1);
    admin = openPostgres(process.env.TEST_DATABASE_URL as string, 1);
    const [{ pid }] = (await database.query<{ pid: number }>('select pg_backend_pid() as pid')) as [{ pid: number }];
    await admin.query('select pg_terminate_backend($1)', [pid]);
    // The idle client hears of it a moment later; without a pool error handler the process would end.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [{ one }] = (await database.query<{ one: number }>('select 1 as one')) as [{ one: number }];
    expect(one).toBe(1);
  });
});
