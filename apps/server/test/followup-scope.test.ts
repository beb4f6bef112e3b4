import { countCap } from '@srs/shared/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenUser } from '../src/auth/current-user.ts';
import { today } from '../src/core/csv.ts';
import { rows } from '../src/core/lists.ts';
import { resolveScope, visibleStudent } from '../src/core/scope.ts';
import { needsFollowupSql } from '../src/modules/enrollments/public.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createConference, createCourse, createSchool, createUser } from './support/factories.ts';

type Page = {
  enrollments: { id: number }[];
  pagination: { page: number; total_count: number; total_capped: boolean; next_cursor: string | null; prev_cursor: string | null };
};

/**
 * GET /enrollments/needing_followup reads a user's schools one index range each (docs/decisions/011):
 * the same enrollments, in the same order, as the one definition of needing follow-up within what
 * the user sees, page by page both ways; and an enrollment's school follows its student.
 */
describe('enrollments needing follow-up by scope', () => {
  let t: TestContext;
  const users: Record<string, { id: number; email: string }> = {};
  let schools: { id: number }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const conference = await createConference(db);
    schools = [];
    for (let i = 0; i < 5; i++) schools.push(await createSchool(db, { conferenceId: conference.id }));
    const elsewhere = await createSchool(db);
    users['global admin'] = await createUser(db, { roleType: 'global_admin' });
    users['conference admin'] = await createUser(db, { roleType: 'conference_admin', conferenceId: conference.id });
    users['school admin'] = await createUser(db, { roleType: 'school_admin', schoolId: schools[0]!.id });
    users.instructor = await createUser(db, { roleType: 'instructor', schoolId: schools[1]!.id });
    const { course } = await createCourse(db);
    const array = (values: number[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::bigint[]`;
    await db.execute(sql`
      insert into students (first_name, last_name, school_id, instructor_id)
      select 'Pat', 'Follow' || n, case when n % 8 = 0 then ${elsewhere.id}::bigint else (${array(schools.map((s) => s.id))})[1 + n % 5] end,
        case when n % 5 = 0 then ${users.instructor.id}::bigint end
      from generate_series(1, 1400) as n`);
    // Follow-ups of every age, some reminders due, every status, some orphaned; many on one date.
    await db.execute(sql`
      insert into enrollments (student_id, series_id, status, orphaned, started_on, cached_latest_followup_date, cached_next_reminder_date)
      select s.id, ${course.id}, (array['Applied', 'Enrolled', 'Attended', 'Graduated', 'Inactive'])[1 + s.id % 5],
        s.id % 11 = 0, date '2026-01-01' + (s.id % 40)::int,
        case when s.id % 3 = 0 then null else current_date - (s.id % 90)::int end,
        case when s.id % 7 = 0 then current_date - (s.id % 3)::int + 1 end
      from students s where s.last_name like 'Follow%'`);
    const [shared] = await rows<{ id: number }>(db.execute(sql`select id from students where school_id = ${elsewhere.id} limit 1`));
    await db.execute(sql`insert into student_shares (student_id, user_id) values (${shared!.id}, ${users.instructor.id})`);
  });
  afterAll(async () => t.close());

  const expected = async (who: string) => {
    const user = await loadTokenUser(t.database.db, users[who]!.id);
    const scope = await resolveScope(t.database.db, user!);
    const found = await rows<{ id: number }>(
      t.database.db.execute(sql`select e.id from enrollments e join students s on s.id = e.student_id
        where ${needsFollowupSql(today(), 30)} and ${visibleStudent(scope)}
        order by coalesce(e.cached_latest_followup_date, e.started_on), e.id`),
    );
    return found.map((row) => Number(row.id));
  };

  for (const who of ['global admin', 'conference admin', 'school admin', 'instructor']) {
    it(`lists what the definition finds, page by page both ways (${who})`, async () => {
      const headers = await t.headersFor(users[who]!.email);
      const all = await expected(who);
      expect(all.length).toBeGreaterThan(0);
      const get = async (rest: string) => {
        const response = await t.app.inject({ method: 'GET', url: `/api/enrollments/needing_followup?per_page=50&${rest}`, headers });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as Page;
      };
      let page = await get('page=1');
      expect(page.pagination.total_count).toBe(Math.min(all.length, countCap));
      expect(page.pagination.total_capped).toBe(all.length > countCap);
      const forwards = [page.enrollments.map((e) => e.id)];
      while (page.pagination.next_cursor) {
        page = await get(`page=${page.pagination.page + 1}&after=${page.pagination.next_cursor}`);
        forwards.push(page.enrollments.map((e) => e.id));
      }
      expect(forwards.flat()).toEqual(all);
      const backwards = [forwards.at(-1)];
      while (page.pagination.prev_cursor) {
        page = await get(`page=${page.pagination.page - 1}&before=${page.pagination.prev_cursor}`);
        backwards.unshift(page.enrollments.map((e) => e.id));
      }
      expect(backwards).toEqual(forwards);
      if (forwards.length > 2) expect((await get('page=3')).enrollments.map((e) => e.id)).toEqual(forwards[2]);
    });
  }

  it('keeps each enrollment in its student’s school as students move', async () => {
    const db = t.database.db;
    const mismatched = async () =>
      (
        await rows<{ n: number }>(
          db.execute(sql`select count(*)::int as n from enrollments e join students s on s.id = e.student_id
            where e.school_id is distinct from s.school_id`),
        )
      )[0]?.n;
    expect(await mismatched()).toBe(0);
    await db.execute(sql`update students set school_id = ${schools[4]!.id} where school_id = ${schools[0]!.id} and id % 2 = 0`);
    await db.execute(sql`update enrollments set school_id = ${schools[3]!.id} where id % 5 = 0`);
    expect(await mismatched()).toBe(0);
  });
});
