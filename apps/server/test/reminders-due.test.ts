import type { DueRemindersResponse } from '@srs/shared/reminders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenUser } from '../src/auth/current-user.ts';
import { rows } from '../src/core/lists.ts';
import { resolveScope, visibleStudent } from '../src/core/scope.ts';
import { refreshAllEnrollmentCaches } from '../src/modules/enrollments/public.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { clientFor, dayFromToday, todayIso } from './support/enrollment-factories.ts';
import { createCourse, createNetwork, enroll, type Network, offer, remind, share } from './support/factories.ts';
import { visit } from './support/student-factories.ts';

/**
 * GET /enrollments/reminders_due (docs/decisions/021): a reminder comes back on the dashboard once
 * its date has come and no follow-up was made on or after it, for the people who see its
 * enrollment as they see the follow-up list; a done, future or inactive one never does.
 */
describe('reminders due on the dashboard', () => {
  let t: TestContext;
  let n: Network;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    n = await createNetwork(db);
    const { course } = await createCourse(db);
    const { course: second } = await createCourse(db);
    for (const school of [n.schoolA, n.schoolB]) {
      await offer(db, course.id, school.id);
      await offer(db, second.id, school.id);
    }
    const a = await enroll(db, n.studentA.id, course.id);
    const a2 = await enroll(db, n.studentA2.id, course.id);
    const b = await enroll(db, n.studentB.id, course.id);
    const graduated = await enroll(db, n.studentA.id, second.id, { status: 'Graduated' });
    const orphaned = await enroll(db, n.studentA2.id, second.id, { orphaned: true });
    ids.aToday = (await remind(db, a.id, todayIso())).id;
    ids.aOverdue = (await remind(db, a.id, dayFromToday(-5))).id;
    ids.aFuture = (await remind(db, a.id, dayFromToday(3))).id;
    // Followed up (a visit on or after its date): done. A later one is due again.
    ids.a2Done = (await remind(db, a2.id, dayFromToday(-10))).id;
    await visit(db, a2.id, dayFromToday(-6));
    ids.a2SameDay = (await remind(db, a2.id, dayFromToday(-6))).id;
    ids.a2Due = (await remind(db, a2.id, dayFromToday(-2))).id;
    ids.b = (await remind(db, b.id, dayFromToday(-3))).id;
    ids.graduated = (await remind(db, graduated.id, dayFromToday(-1))).id;
    ids.orphaned = (await remind(db, orphaned.id, dayFromToday(-1))).id;
    ids.enrollmentA = a.id;
    await refreshAllEnrollmentCaches(db);
    // Instructor A also sees school B's student shared with them.
    await share(db, n.studentB.id, n.instructorA.id);
  });
  afterAll(async () => t.close());

  const listed = async (email: string, query = '') => {
    const response = await clientFor(t, email).get(`/api/enrollments/reminders_due${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DueRemindersResponse;
  };
  const reminderIds = async (email: string) => (await listed(email)).reminders.map((r) => r.id);

  it('lists the reminders due today and overdue, the longest waiting enrollment first, and no done, future or inactive one', async () => {
    const answer = await listed(n.globalAdmin.email);
    const mine = answer.reminders.filter((r) => Object.values(ids).includes(r.id));
    expect(mine.map((r) => r.id)).toEqual([ids.aOverdue, ids.aToday, ids.b, ids.a2Due]);
    expect(mine[1]).toEqual({
      id: ids.aToday,
      date: todayIso(),
      enrollment_id: ids.enrollmentA,
      student: { id: n.studentA.id, first_name: 'Zebulon', last_name: 'Quartermain' },
      series: { id: expect.any(Number), name: expect.stringMatching(/^Course /), type: 'Course' },
      instructor: { id: n.instructorA.id, first_name: 'Test', last_name: n.instructorA.lastName },
    });
  });

  it('scopes them as the follow-up list: an instructor never sees another instructor’s', async () => {
    expect(await reminderIds(n.conferenceAdminA.email)).toEqual([ids.aOverdue, ids.aToday, ids.a2Due]);
    expect(await reminderIds(n.schoolAdminA.email)).toEqual([ids.aOverdue, ids.aToday, ids.a2Due]);
    expect(await reminderIds(n.instructorA.email)).toEqual([ids.aOverdue, ids.aToday, ids.b]);
    expect(await reminderIds(n.otherInstructorA.email)).toEqual([ids.a2Due]);
    expect(await reminderIds(n.instructorB.email)).toEqual([ids.b]);
  });

  it('pages by key both ways and counts them', async () => {
    const first = await listed(n.instructorA.email, '?per_page=2');
    expect(first.reminders.map((r) => r.id)).toEqual([ids.aOverdue, ids.aToday]);
    expect(first.pagination).toMatchObject({ total_count: 3, total_capped: false });
    const next = await listed(n.instructorA.email, `?per_page=2&page=2&after=${first.pagination.next_cursor}`);
    expect(next.reminders.map((r) => r.id)).toEqual([ids.b]);
    expect((await listed(n.instructorA.email, '?per_page=2&page=2')).reminders.map((r) => r.id)).toEqual([ids.b]);
    const back = await listed(n.instructorA.email, `?per_page=2&page=1&before=${next.pagination.prev_cursor}`);
    expect(back.reminders.map((r) => r.id)).toEqual([ids.aOverdue, ids.aToday]);
  });

  it('lets a reminder go once a follow-up is recorded through the record pipeline', async () => {
    const client = clientFor(t, n.instructorA.email);
    const put = await client.put(`/api/enrollments/${ids.enrollmentA}`, { visits_attributes: [{ date: todayIso() }] });
    expect(put.statusCode, put.body).toBe(200);
    expect(await reminderIds(n.instructorA.email)).toEqual([ids.b]);
    // A reminder for today added after today's visit is done already: a follow-up on its date.
    const again = await client.put(`/api/enrollments/${ids.enrollmentA}`, { reminders_attributes: [{ date: todayIso() }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(await reminderIds(n.instructorA.email)).toEqual([ids.b]);
  });

  it('answers 401 signed out', async () => {
    expect((await clientFor(t, null).get('/api/enrollments/reminders_due')).statusCode).toBe(401);
  });

  it('finds, page by page, what the rule finds within the follow-up scope, for every role', async () => {
    const db = t.database.db;
    const { course } = await createCourse(db);
    for (const school of [n.schoolA, n.schoolB]) await offer(db, course.id, school.id);
    // Many students of both schools, some instructor A's; reminders of every age, some followed up.
    await db.execute(sql`
      insert into students (first_name, last_name, school_id, instructor_id)
      select 'Pat', 'Due' || k, case when k % 3 = 0 then ${n.schoolB.id}::bigint else ${n.schoolA.id}::bigint end,
        case when k % 7 = 0 then ${n.instructorA.id}::bigint end
      from generate_series(1, 120) as k`);
    await db.execute(sql`
      insert into enrollments (student_id, series_id, status, started_on)
      select s.id, ${course.id}, (array['Applied', 'Enrolled', 'Attended', 'Graduated'])[1 + s.id % 4], current_date - 90
      from students s where s.last_name like 'Due%'`);
    await db.execute(sql`
      insert into reminders (enrollment_id, date)
      select e.id, current_date - ((e.id * k) % 40)::int + 5 from enrollments e cross join generate_series(1, 3) as k
      where e.series_id = ${course.id} and e.id % 5 <> 0`);
    await db.execute(sql`
      insert into visits (enrollment_id, date) select e.id, current_date - 12 from enrollments e
      where e.series_id = ${course.id} and e.id % 11 = 0`);
    await refreshAllEnrollmentCaches(db);
    for (const who of [n.globalAdmin, n.conferenceAdminA, n.schoolAdminA, n.instructorA, n.instructorB]) {
      const user = await loadTokenUser(db, who.id);
      const scope = await resolveScope(db, user!);
      const expected = await rows<{ id: number }>(
        db.execute(sql`select r.id from enrollments e join reminders r on r.enrollment_id = e.id
          join students s on s.id = e.student_id
          where e.status in ('Applied', 'Enrolled', 'Attended') and not e.orphaned and r.date <= current_date
            and (e.cached_latest_followup_date is null or r.date > e.cached_latest_followup_date)
            and ${visibleStudent(scope)}
          order by e.cached_next_reminder_date, e.id, r.date, r.id`),
      );
      let answer = await listed(who.email, '?per_page=7');
      expect(answer.pagination.total_count).toBe(expected.length);
      if (who !== n.instructorB) expect(expected.length, who.email).toBeGreaterThan(21);
      const pages = [answer.reminders.map((r) => r.id)];
      while (answer.pagination.next_cursor) {
        answer = await listed(who.email, `?per_page=7&page=${answer.pagination.page + 1}&after=${answer.pagination.next_cursor}`);
        pages.push(answer.reminders.map((r) => r.id));
      }
      expect(pages.flat(), who.email).toEqual(expected.map((row) => row.id));
      // A numbered page without a cursor: the same rows.
      if (pages.length >= 3) {
        expect((await listed(who.email, '?per_page=7&page=3')).reminders.map((r) => r.id)).toEqual(pages[2]);
      }
    }
  });
});
