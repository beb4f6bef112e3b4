import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenUser } from '../src/auth/current-user.ts';
import { rows } from '../src/core/lists.ts';
import { resolveScope, visibleStudent } from '../src/core/scope.ts';
import { studentsCount } from '../src/modules/series/series.queries.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createConference, createCourse, createSchool, createUser, offer } from './support/factories.ts';

/**
 * A series' students as the user sees them, from the counts kept per series and school (migration
 * 0007), against counting them one by one, after every kind of change that moves them.
 */
describe('students per series kept by the database', () => {
  let t: TestContext;
  const users: Record<string, number> = {};
  let schools: { id: number }[] = [];
  let courses: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const conference = await createConference(db);
    schools = [];
    for (let i = 0; i < 4; i++) schools.push(await createSchool(db, { conferenceId: conference.id }));
    users.global = (await createUser(db, { roleType: 'global_admin' })).id;
    users.conference = (await createUser(db, { roleType: 'conference_admin', conferenceId: conference.id })).id;
    users.school = (await createUser(db, { roleType: 'school_admin', schoolId: schools[0]!.id })).id;
    users.instructor = (await createUser(db, { roleType: 'instructor', schoolId: schools[1]!.id })).id;
    courses = [(await createCourse(db)).course.id, (await createCourse(db)).course.id];
    for (const school of schools) for (const course of courses) await offer(db, course, school.id);
    const array = (values: number[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::bigint[]`;
    await db.execute(sql`
      insert into students (first_name, last_name, school_id, instructor_id)
      select 'Pat', 'Counted' || n, (${array(schools.map((s) => s.id))})[1 + n % 4],
        case when n % 6 = 0 then ${users.instructor}::bigint end
      from generate_series(1, 300) as n`);
    // Some students twice in one series (a course taken again), some in both.
    await db.execute(sql`
      insert into enrollments (student_id, series_id, status)
      select s.id, (${array(courses)})[1 + s.id % 2], 'Enrolled' from students s where s.last_name like 'Counted%'
      union all select s.id, (${array(courses)})[1 + s.id % 2], 'Graduated' from students s where s.last_name like 'Counted%' and s.id % 5 = 0
      union all select s.id, (${array(courses)})[2 - s.id % 2], 'Applied' from students s where s.last_name like 'Counted%' and s.id % 3 = 0`);
    const [shared] = await rows<{ id: number }>(db.execute(sql`select id from students where school_id = ${schools[3]!.id} and instructor_id is null limit 1`));
    await db.execute(sql`insert into student_shares (student_id, user_id) values (${shared!.id}, ${users.instructor})`);
  });
  afterAll(async () => t.close());

  const compare = async () => {
    for (const who of Object.keys(users)) {
      const user = await loadTokenUser(t.database.db, users[who]!);
      const scope = await resolveScope(t.database.db, user!);
      const counted = await rows<{ id: number; kept: number; counted: number }>(
        t.database.db.execute(sql`select se.id, ${studentsCount(scope)} as kept,
          (select count(distinct e.student_id)::int from enrollments e join students s on s.id = e.student_id
            where e.series_id = se.id and ${visibleStudent(scope)}) as counted
          from series se where se.id in (${courses[0]!}, ${courses[1]!})`),
      );
      for (const row of counted) expect(row.kept, `${who}, series ${row.id}`).toBe(row.counted);
      expect(counted.map((row) => row.counted).some((n) => n > 0), `${who} sees students of the courses`).toBe(true);
    }
  };

  it('counts what counting one by one finds, for every user', compare);

  it('follows students who move, enrollments that change series, and deletions', async () => {
    const db = t.database.db;
    await db.execute(sql`update students set school_id = ${schools[2]!.id} where school_id = ${schools[0]!.id} and id % 3 = 0`);
    await compare();
    await db.execute(sql`update enrollments set series_id = ${courses[0]!} where series_id = ${courses[1]!} and id % 4 = 0`);
    await compare();
    await db.execute(sql`delete from students where id in (select id from students where last_name like 'Counted%' and id % 7 = 0)`);
    await compare();
    await db.execute(sql`delete from enrollments where status = 'Graduated'`);
    await compare();
    // A lesson sent or a status changed recounts nothing (and changes nothing).
    await db.execute(sql`update enrollments set status = 'Inactive', lesson_number = 3 where id % 3 = 0`);
    await compare();
  });
});
