import { type UserLimitKind, userLimitMessages } from '@srs/shared/user-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';

/** Two of each kind a minute: the third is refused, whatever the route of the kind. */
const limit = 2;

describe('costly requests are limited per user (search, exports, labels, imports)', () => {
  let t: TestContext;
  let admin: { authorization: string };
  let instructor: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_SEARCH: String(limit),
      RATE_LIMIT_EXPORTS: String(limit),
      RATE_LIMIT_LABELS: String(limit),
      RATE_LIMIT_IMPORTS: String(limit),
    });
    admin = await t.headersFor('global.admin@demo.test');
    instructor = await t.headersFor('instructor@demo.test');
  });
  afterAll(async () => t.close());

  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });
  const expectRefused = (answer: Awaited<ReturnType<typeof get>>, kind: UserLimitKind) => {
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toEqual({ error: userLimitMessages[kind] });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(60);
  };

  it('searches: the quick find and the student list count together; a list without search words does not count', async () => {
    expect((await get('/api/students?query=an')).statusCode).toBe(200);
    expect((await get('/api/schools?query=an')).statusCode).toBe(200);
    expect((await get('/api/students?page=2')).statusCode).toBe(200);
    expectRefused(await get('/api/students?full_name_i_cont_all[]=ann'), 'search');
    // Another person's searches are their own.
    expect((await get('/api/students?query=an', instructor)).statusCode).toBe(200);
  });

  it('searches sent together are each counted, and the counters write nothing to the WAL (migration 0028)', async () => {
    const other = await t.headersFor('school.admin@demo.test');
    const answers = await Promise.all(Array.from({ length: 4 }, () => get('/api/students?query=an', other)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 429, 429]);
    // Unlogged: a search does not wait for its counter to reach the disk (issue 28).
    const [table] = await t.database.query<{ persistence: string }>(
      "select relpersistence as persistence from pg_class where relname = 'rate_limits'",
    );
    expect(table?.persistence).toBe('u');
  });

  it('exports: CSV, Excel and reports count together', async () => {
    expect((await get('/api/students.csv')).statusCode).toBe(200);
    expect((await get('/api/reports/followup.xlsx')).statusCode).toBe(200);
    expectRefused(await get('/api/schools.csv'), 'export');
  });

  it('labels: the third PDF of labels in a minute is refused before it is drawn', async () => {
    for (let i = 0; i < limit; i += 1) expect((await get('/api/students/avery_labels?query=nobody-by-this-name')).statusCode).toBe(422);
    expectRefused(await get('/api/students/avery_labels?query=nobody-by-this-name'), 'labels');
  });

  it('imports: a preview counts, and the third is refused before its file is read', async () => {
    const preview = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/schools/bulk_import_zips',
        headers: admin,
        payload: { file: 'school_code,zip_code\n', dry_run: true },
      });
    for (let i = 0; i < limit; i += 1) expect((await preview()).statusCode).not.toBe(429);
    expectRefused(await preview(), 'import');
  });
});
