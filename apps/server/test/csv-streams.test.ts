import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { request } from 'node:http';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFormats } from '@srs/shared/exports';
import { type CsvExport, numberCell, sendExport, textCell } from '../src/core/csv.ts';
import { csvStream } from '../src/core/csv-streams.ts';
import type { Database } from '../src/db/client.ts';
import { openTestDatabase } from './support/database.ts';

/** Rows numbered 1…n, in groups by n mod 3: an order of two keys, over several pages. */
const numbered = (rows: number, filler = 0): CsvExport => ({
  label: 'numbers',
  columns: [
    numberCell('Group', sql`g.n % 3`),
    textCell('Name', sql`case when g.n % 2 = 0 then '=' || g.n else 'n, ' || g.n end`),
    // Volatile (random), so computed after the sort, as each row is sent: the sort stays small.
    textCell('Filler', sql`repeat('x', ${filler} + (random() * 0)::int)`),
  ],
  from: sql`generate_series(1, ${rows}) g(n)`,
  where: sql`g.n % 7 <> 0`,
  key: [sql`g.n % 3`, sql`g.n`],
});

async function until(condition: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 100; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Still waiting: ${what}`);
}

describe('the CSV stream of an export', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('prints every row once, in the order of its keys, across pages', async () => {
    const expected = ['Group,Name,Filler'];
    for (const group of [0, 1, 2]) {
      for (let n = 1; n <= 4500; n++) {
        if (n % 3 === group && n % 7 !== 0) expected.push(`${group},${n % 2 === 0 ? `'=${n}` : `"n, ${n}"`},`);
      }
    }
    expect(await text(await csvStream(database.db, numbered(4500)))).toBe(`${expected.join('\n')}\n`);
  });

  it.each(exportFormats)('ends its query and frees its connection and turn when the client goes away mid-download (%s)', async (format) => {
    const app = Fastify();
    app.get<{ Querystring: { rows: string; filler: string } }>('/numbers.csv', (req, reply) =>
      sendExport(format, reply, database.db, numbered(Number(req.query.rows), Number(req.query.filler))),
    );
    // PostgreSQL: far more than the sockets hold, so COPY is still sending when the client goes
    // away. The embedded database: several pages.
    const big =
      database.kind === 'postgres' ? '/numbers.csv?rows=60000&filler=1000' : '/numbers.csv?rows=10000&filler=10';
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let i = 0; i < 6; i++) {
        await new Promise<void>((resolve, reject) => {
          const req = request(`${address}${big}`, (response) => {
            response.once('data', () => {
              req.destroy();
              resolve();
            });
          });
          req.on('error', (error) => (error.message === 'socket hang up' ? resolve() : reject(error)));
          req.end();
        });
      }
      if (database.kind === 'postgres') {
        // The test pool has 4 connections: six stopped downloads would have used them all.
        await until(
          async () =>
            (await database.query(`select pid from pg_stat_activity where query like 'copy (select%generate_series%'`))
              .length === 0,
          'the COPY statements to end',
        );
        expect(database.pool?.waitingCount).toBe(0);
      }
      // The database answers at once: no page, cursor or transaction is left holding it.
      await expect(database.query('select 1 as one')).resolves.toEqual([{ one: 1 }]);
      // More exports than turns (a third of the pool): they wait theirs, and all end.
      const complete = await Promise.all(
        [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/numbers.csv?rows=3000&filler=1' })),
      );
      for (const response of complete) {
        expect(response.statusCode).toBe(200);
        if (format === 'csv') expect(response.body.split('\n')).toHaveLength(1 + 2572 + 1);
        else expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
      }
    } finally {
      await app.close();
    }
  });
});
