// The student import bench's file: realistic names and places from @faker-js/faker's en_US lists
// (as apps/server/src/seed/large.ts picks them), each row a new person with a course, lessons 1 and
// 2 sent, lesson 1 returned: the columns and mapping of bench/student-import.ts.
import { base, en, en_US, Faker } from '@faker-js/faker';
import { usZips } from '../../apps/server/src/seed/us-zips.ts';
import { stateForZip } from '../../apps/server/src/seed/zip-states.ts';

export const courseName = 'Bench Course';

/** The two date columns named by the mapping; the others are found from their headings. */
export const importMapping = { 'Sent on': 'last_lesson_sent_on', 'Returned on': 'last_lesson_returned_on' };

const heading = 'First name,Last name,Address,City,State,Zip,Course,Last lesson sent,Sent on,Last lesson returned,Returned on';

/**
 * `rows` lines. First and last names pair so that no two rows share a name (first = i mod F, last =
 * ⌊i / F⌋ mod L, F × L > rows), so the preview finds every row new, not a repeat.
 */
export function importFile(rows: number): string {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(2026);
  const people = faker.definitions.person;
  const firstNames = [...new Set([...(people.first_name.female ?? []), ...(people.first_name.male ?? [])])].sort();
  const lastNames = [...new Set(people.last_name.generic ?? [])].sort();
  if (firstNames.length * lastNames.length <= rows) {
    throw new Error(`${rows} rows need more than ${firstNames.length} × ${lastNames.length} name pairs`);
  }
  const streets = [...new Set(Array.from({ length: 800 }, () => faker.location.street()))];
  const towns = [...faker.definitions.location.city_name];
  const zips = usZips().flatMap((zip) => {
    const state = stateForZip(zip.zipCode);
    return state ? [[zip.zipCode, state] as const] : [];
  });
  const lines = [heading];
  for (let i = 0; i < rows; i++) {
    const first = firstNames[i % firstNames.length]!;
    const last = lastNames[Math.floor(i / firstNames.length) % lastNames.length]!;
    const [zip, state] = zips[(i * 7919) % zips.length]!;
    const address = `${1 + ((i * 37) % 9899)} ${streets[i % streets.length]!}`;
    const town = towns[(i * 13) % towns.length]!;
    lines.push(`${first},${last},${address},${town},${state},${zip},${courseName},2,2026-01-05,1,2026-01-20`);
  }
  return lines.join('\n');
}

type Queries = { query: <T>(text: string, params?: unknown[]) => Promise<T[]> };

/** The school an import bench imports into: its head school admin and the 10-lesson course it offers. */
export async function setUpImportSchool(database: Queries): Promise<{ schoolId: number; userId: number }> {
  const one = async <T>(text: string, params: unknown[] = []) => (await database.query<T>(text, params))[0]!;
  const conference = await one<{ id: number }>(`insert into conferences (name) values ('Bench') returning id`);
  const school = await one<{ id: number }>(
    `insert into schools (school_code, church_name, conference_id) values ('BENCH', 'Bench Church', $1) returning id`,
    [conference.id],
  );
  const user = await one<{ id: number }>(
    `insert into users (email, first_name, last_name) values ('bench.admin@bench.test', 'Bench', 'Admin') returning id`,
  );
  await database.query(`insert into roles (user_id, role_type, school_id) values ($1, 'school_admin', $2)`, [user.id, school.id]);
  await database.query('update schools set head_school_admin_id = $1 where id = $2', [user.id, school.id]);
  const course = await one<{ id: number }>(`insert into series (type, name) values ('Course', $1) returning id`, [courseName]);
  await database.query(
    `insert into episodes (series_id, position, name) select $1, n, 'Lesson ' || n from generate_series(1, 10) n`,
    [course.id],
  );
  await database.query('insert into series_offered (series_id, school_id) values ($1, $2)', [course.id, school.id]);
  return { schoolId: Number(school.id), userId: Number(user.id) };
}

/**
 * Another school of the same admin, with one student enrolled in the course and one lesson sent:
 * what `lessonsSavedMeanwhile` saves again and again while an import is written elsewhere.
 */
export async function setUpOtherSchool(database: Queries, userId: number): Promise<{ enrollmentId: number; lessonId: number }> {
  const one = async <T>(text: string, params: unknown[] = []) => (await database.query<T>(text, params))[0]!;
  const school = await one<{ id: number }>(
    `insert into schools (school_code, church_name, conference_id) select 'BENCH2', 'Other Church', conference_id from schools where school_code = 'BENCH' returning id`,
  );
  await database.query(`insert into roles (user_id, role_type, school_id) values ($1, 'school_admin', $2)`, [userId, school.id]);
  await database.query('update schools set head_school_admin_id = $1 where id = $2', [userId, school.id]);
  const course = await one<{ id: number }>('select id from series where name = $1', [courseName]);
  await database.query('insert into series_offered (series_id, school_id) values ($1, $2)', [course.id, school.id]);
  const student = await one<{ id: number }>(
    `insert into students (first_name, last_name, school_id, instructor_id, created_by_id) values ('Other', 'Student', $1, $2, $2) returning id`,
    [school.id, userId],
  );
  const enrollment = await one<{ id: number }>(`insert into enrollments (student_id, series_id, status) values ($1, $2, 'Enrolled') returning id`, [
    student.id,
    course.id,
  ]);
  const lesson = await one<{ id: number }>(
    `insert into episode_deliveries (enrollment_id, episode_id, date_sent)
       select $1, id, '2026-02-02' from episodes where series_id = $2 and position = 1 returning id`,
    [enrollment.id, course.id],
  );
  return { enrollmentId: Number(enrollment.id), lessonId: Number(lesson.id) };
}

/**
 * While `during` runs: the other school's lesson saved through the app every 250 ms (its date sent
 * changed back and forth, as an instructor corrects it), each save's time measured. Every lesson
 * saved takes the network's lesson-count lock (decision 014), so a save waits for whoever holds it.
 */
export async function lessonsSavedMeanwhile<T>(
  appUrl: string,
  headers: Record<string, string>,
  other: { enrollmentId: number; lessonId: number },
  during: () => Promise<T>,
): Promise<{ result: T; saves: number[] }> {
  const saves: number[] = [];
  let running = true;
  const saving = (async () => {
    for (let n = 0; running; n++) {
      const started = performance.now();
      const response = await fetch(`${appUrl}/api/enrollments/${other.enrollmentId}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ episode_deliveries_attributes: [{ id: other.lessonId, date_sent: n % 2 === 0 ? '2026-02-03' : '2026-02-02' }] }),
      });
      if (!response.ok) throw new Error(`PUT /api/enrollments/${other.enrollmentId}: ${response.status} ${(await response.text()).slice(0, 300)}`);
      await response.arrayBuffer();
      saves.push(performance.now() - started);
      await new Promise((done) => setTimeout(done, 250));
    }
  })();
  try {
    return { result: await during(), saves };
  } finally {
    running = false;
    await saving;
  }
}
