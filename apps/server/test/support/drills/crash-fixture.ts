import pg from 'pg';
import { createTokenService } from '../../../src/auth/tokens.ts';
import type { Database } from '../../../src/db/client.ts';

/** What the crash drill's writes need from the demo network, and the tokens they are sent with. */
export type CrashFixture = {
  schoolId: number;
  /** The school's head school admin: the new students' instructor, told of each by mail. */
  headAdminId: number;
  /** The school's instructors: the reassigns' targets. */
  instructorIds: number[];
  courseId: number;
  /** The course's first two lessons. */
  lessonIds: number[];
  optionIds: number[];
  interestTracking: boolean;
  tokens: { admin: string; global: string };
};

/** Drops the database and creates it empty, on the server of `url`. */
export async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

async function one<T>(database: Database, text: string, params: unknown[] = []): Promise<T> {
  const [row] = await database.query<T>(text, params);
  if (!row) throw new Error(`The demo network lacks what the drill needs: ${text}`);
  return row;
}

/**
 * School 101 of the demo network, its admin (who adds the students) and instructors, a course it
 * offers with its lessons and decision options; tokens signed with the server's JWT_SECRET, as a
 * sign-in would give them (test/support/app.ts does the same).
 */
export async function loadCrashFixture(
  database: Database,
  options: { jwtSecret: string; interestTracking: boolean },
): Promise<CrashFixture> {
  const admin = await one<{ id: number; school_id: number }>(
    database,
    `select u.id, r.school_id from users u join roles r on r.user_id = u.id
      where u.email = 'school.admin@demo.test' and r.role_type = 'school_admin'`,
  );
  const global = await one<{ id: number }>(database, `select id from users where email = 'global.admin@demo.test'`);
  const instructors = await database.query<{ id: number }>(
    `select u.id from users u join roles r on r.user_id = u.id
      where r.school_id = $1 and r.role_type = 'instructor' and u.active order by u.id`,
    [admin.school_id],
  );
  if (instructors.length < 2) throw new Error('The drill needs a school with two instructors.');
  const course = await one<{ id: number }>(
    database,
    `select s.id from series s join series_offered o on o.series_id = s.id
      where o.school_id = $1 and s.type = 'Course' and s.active
        and (select count(*) from episodes e where e.series_id = s.id) >= 2
        and exists (select 1 from decision_options d where d.series_id = s.id and d.active)
      order by s.id limit 1`,
    [admin.school_id],
  );
  const lessons = await database.query<{ id: number }>(
    'select id from episodes where series_id = $1 order by position limit 2',
    [course.id],
  );
  const options_ = await database.query<{ id: number }>(
    'select id from decision_options where series_id = $1 and active order by position, id',
    [course.id],
  );
  const tokens = await createTokenService(database.db, { JWT_SECRET: options.jwtSecret, TOKEN_TTL_MINUTES: 24 * 60 });
  const tokenOf = async (userId: number) => {
    const issued = await tokens.issueFor(userId);
    if (!issued) throw new Error(`User ${userId} cannot sign in.`);
    return issued.token;
  };
  return {
    schoolId: admin.school_id,
    headAdminId: admin.id,
    instructorIds: instructors.map((row) => row.id),
    courseId: course.id,
    lessonIds: lessons.map((row) => row.id),
    optionIds: options_.map((row) => row.id),
    interestTracking: options.interestTracking,
    tokens: { admin: await tokenOf(admin.id), global: await tokenOf(global.id) },
  };
}
