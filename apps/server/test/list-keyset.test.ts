import { countCap, notValid } from '@srs/shared/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createNetwork, enroll, type Network, offer } from './support/factories.ts';

type Page = {
  students: { id: number }[];
  pagination: { page: number; total_count: number; total_capped: boolean; next_cursor: string | null; prev_cursor: string | null };
};

/** More students than the count cap, with cities and instructors missing on some (nulls sort last). */
const crowd = countCap + 5;

describe('long lists: capped counts and pages by key (docs/decisions/008)', () => {
  let t: TestContext;
  let net: Network;
  let headers: Record<string, string>;
  const get = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/students?full_name_i_cont_all[]=pagewalker&${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(t.database.db);
    headers = await t.headersFor(net.globalAdmin.email);
    // Few distinct names, cities and instructors: many rows share every sort value but the id.
    await t.database.db.execute(sql`
      insert into students (first_name, last_name, address, city, state, zip_code, country, school_id, instructor_id, created_at)
      select 'Ann' || (n % 7), 'Pagewalker' || (n % 3), case when n % 5 = 0 then null else n % 4 || ' Main St' end,
        case when n % 6 = 0 then null else 'City' || (n % 4) end, 'IL', '62701', 'United States',
        case when n % 2 = 0 then ${net.schoolA.id}::int else ${net.schoolB.id}::int end,
        case when n % 3 = 0 then null when n % 3 = 1 then ${net.instructorA.id}::int else ${net.instructorB.id}::int end,
        timestamp '2026-01-01' + (n % 11) * interval '1 day'
      from generate_series(1, ${crowd}::int) as n`);
  });
  afterAll(async () => t.close());

  it('counts up to the cap and says the count stopped there', async () => {
    const first = await get('per_page=25');
    expect(first.students).toHaveLength(25);
    expect(first.pagination).toMatchObject({ total_count: countCap, total_capped: true, page: 1, prev_cursor: null });
    expect(first.pagination.next_cursor).toEqual(expect.any(String));
    const few = await get('full_name_i_cont_all[]=ann1&full_name_i_cont_all[]=pagewalker0');
    expect(few.pagination.total_capped).toBe(false);
    expect(few.pagination.total_count).toBeLessThan(countCap);
  });

  for (const sortBy of ['name', 'address', 'instructor', 'created_at', 'school']) {
    for (const orderBy of ['asc', 'desc']) {
      it(`walks every row once by key, forwards and back, sorted by ${sortBy} ${orderBy}`, async () => {
        const sort = `sortBy=${sortBy}&orderBy=${orderBy}&per_page=100`;
        const all = (await get(`${sort}&pagination=false`)).students.map((s) => s.id);
        expect(all).toHaveLength(crowd);

        const forwards: number[][] = [];
        let page = await get(`${sort}&page=1`);
        forwards.push(page.students.map((s) => s.id));
        while (page.pagination.next_cursor) {
          page = await get(`${sort}&page=${page.pagination.page + 1}&after=${page.pagination.next_cursor}`);
          forwards.push(page.students.map((s) => s.id));
        }
        expect(forwards.flat()).toEqual(all);
        expect(page.pagination.page).toBe(Math.ceil(crowd / 100));

        const backwards: number[][] = [forwards.at(-1) ?? []];
        while (page.pagination.prev_cursor) {
          page = await get(`${sort}&page=${page.pagination.page - 1}&before=${page.pagination.prev_cursor}`);
          backwards.unshift(page.students.map((s) => s.id));
        }
        expect(page.pagination.page).toBe(1);
        expect(backwards).toEqual(forwards);

        // A numbered page (an offset) and the same page by key hold the same rows.
        expect((await get(`${sort}&page=3`)).students.map((s) => s.id)).toEqual(forwards[2]);
      });
    }
  }

  it('refuses a cursor it did not write with a 422 naming the parameter', async () => {
    for (const [name, cursor] of [
      ['after', 'not-a-cursor'],
      ['before', Buffer.from('[1,2,3,4,5]').toString('base64url')],
      ['after', Buffer.from('[{"a":1},2,3]').toString('base64url')],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/students?${name}=${cursor}`, headers });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ [name]: [notValid] });
    }
  });

  it('numbers pages only within the counted records: deeper pages go by key', async () => {
    expect((await get('per_page=25&page=40')).students).toHaveLength(25);
    for (const url of ['/api/students?per_page=25&page=41', '/api/students?per_page=25&page=20000', '/api/enrollments/needing_followup?per_page=100&page=11']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(422);
      expect(response.json()).toEqual({ page: [url.includes('per_page=100') ? 'must be at most 10' : 'must be at most 40'] });
    }
  });

  it('pages the follow-up list by key, oldest first, with a capped count', async () => {
    const { course } = await createCourse(t.database.db);
    await offer(t.database.db, course.id, net.schoolA.id);
    const old = await t.database.db.execute(sql`select id from students where last_name like 'Pagewalker%' order by id limit 40`);
    const ids = (Array.isArray(old) ? old : (old as { rows: { id: number }[] }).rows) as { id: number }[];
    for (const [i, { id }] of ids.entries()) {
      await enroll(t.database.db, id, course.id, { startedOn: `2025-0${1 + (i % 5)}-01` });
    }
    const url = (query: string) => `/api/enrollments/needing_followup?per_page=7&${query}`;
    const walk: number[] = [];
    let next: string | null = '';
    let page = 0;
    while (next !== null) {
      page += 1;
      const response = await t.app.inject({ method: 'GET', url: url(`page=${page}${next ? `&after=${next}` : ''}`), headers });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { enrollments: { id: number }[]; pagination: Page['pagination'] };
      walk.push(...body.enrollments.map((e) => e.id));
      next = body.pagination.next_cursor;
    }
    const everything = await t.app.inject({ method: 'GET', url: url('pagination=false'), headers });
    expect(walk).toEqual(everything.json().enrollments.map((e: { id: number }) => e.id));
    expect(walk.length).toBeGreaterThanOrEqual(40);
  });
});
