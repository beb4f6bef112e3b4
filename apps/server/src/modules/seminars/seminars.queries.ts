import { activeStatuses } from '@srs/shared/enrollments';
import type {
  AssignableStudent,
  AssignStudentsQuery,
  AttendanceRow,
  SeminarStudent,
  SeminarStudentsQuery,
} from '@srs/shared/seminars';
import { type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../core/errors.ts';
import { and, orderBy, pageWindow, rows, searchWords } from '../../core/lists.ts';
import type { Visible } from '../../core/records.ts';
import { type Scope, sqlIdList, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/** The seminar a route names, with its hosting school; a course has no seminar pages (404). */
export type Seminar = {
  id: Visible<'series'>;
  name: string;
  location: string | null;
  school_id: number | null;
  school_code: string | null;
  church_name: string | null;
  first_date: string | null;
  last_date: string | null;
};

export async function seminarOr404(db: DbOrTx, id: Visible<'series'>): Promise<Seminar> {
  const [found] = await rows<Omit<Seminar, 'id'>>(
    db.execute(sql`select se.name, se.location, se.school_id, sc.school_code, sc.church_name,
        (select min(ep.date)::text from episodes ep where ep.series_id = se.id) as first_date,
        (select max(ep.date)::text from episodes ep where ep.series_id = se.id) as last_date
      from series se left join schools sc on sc.id = se.school_id
      where se.id = ${id} and se.type = 'Seminar'`),
  );
  // A course is in scope but has no seminar pages: it answers like a missing series.
  if (!found) throw notFound('Series');
  return { id, ...found };
}

const activeList = sql.join(
  activeStatuses.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * Name words (every one must match first, middle or last name); a word of digits also matches a
 * registration number (docs/decisions.md, Name search).
 */
function nameSearch(query: string | undefined, registration?: SQL): SQL[] {
  return searchWords(undefined, query).map((word) => {
    const digits = word.replace(/[%\\]/g, '');
    const byName = sql`lower(concat_ws(' ', s.first_name, s.middle_name, s.last_name)) like ${word}`;
    return registration && /^[0-9]+$/.test(digits) ? sql`(${byName} or ${registration} = ${digits})` : byName;
  });
}

const seminarStudentColumns = sql`e.id as enrollment_id, e.registration_number::text as registration_number,
  e.status, e.orphaned, s.id as student_id, s.first_name, s.last_name,
  sc.id as school_id, sc.school_code, sc.church_name,
  to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

type SeminarStudentRow = Omit<SeminarStudent, 'student' | 'school' | 'attendances_count'> & {
  student_id: number;
  first_name: string;
  last_name: string;
  school_id: number;
  school_code: string;
  church_name: string;
  attendances_count?: number;
  attended_episode_ids?: number[];
};

const toSeminarStudent = (row: SeminarStudentRow) => ({
  enrollment_id: row.enrollment_id,
  registration_number: row.registration_number,
  status: row.status,
  orphaned: row.orphaned,
  student: { id: row.student_id, first_name: row.first_name, last_name: row.last_name },
  school: { id: row.school_id, school_code: row.school_code, church_name: row.church_name },
});

/** GET /series/{id}/students: the seminar's enrollments whose students the user sees. */
export async function seminarStudents(db: DbOrTx, scope: Scope, seminarId: Visible<'series'>, query: SeminarStudentsQuery) {
  const where = and([
    sql`e.series_id = ${seminarId}`,
    visibleStudent(scope),
    ...nameSearch(query.query, sql`e.registration_number::text`),
  ]);
  const order = orderBy(
    {
      name: [sql`s.last_name`, sql`s.first_name`],
      registration_number: [sql`e.registration_number`],
      status: [sql`e.status`],
      school: [sql`sc.church_name`],
      created_at: [sql`e.created_at`],
    },
    query.sortBy,
    query.orderBy,
    sql`e.id`,
  );
  const { limit, offset } = pageWindow(query);
  const from = sql`from enrollments e join students s on s.id = e.student_id join schools sc on sc.id = s.school_id`;
  const found = await rows<SeminarStudentRow & { attendances_count: number }>(
    db.execute(sql`select ${seminarStudentColumns},
        (select count(*)::int from attendances a where a.enrollment_id = e.id) as attendances_count
      ${from} where ${where} order by ${order} limit ${limit} offset ${offset}`),
  );
  const [count] = await rows<{ total: number }>(db.execute(sql`select count(*)::int as total ${from} where ${where}`));
  const students: SeminarStudent[] = found.map((row) => ({
    ...toSeminarStudent(row),
    attendances_count: row.attendances_count,
    created_at: row.created_at,
  }));
  return { students, total: count?.total ?? 0 };
}

/** GET /series/{id}/recently_assigned: the ten newest enrollments of the seminar the user sees. */
export async function recentlyAssigned(db: DbOrTx, scope: Scope, seminarId: Visible<'series'>) {
  const { students } = await seminarStudents(db, scope, seminarId, {
    page: 1,
    per_page: 10,
    pagination: true,
    sortBy: 'created_at',
    orderBy: 'desc',
  });
  return students;
}

/**
 * The schools whose students the seminar takes: its host and the schools participating through
 * series_offered (the enrollments module's create path enforces the same, offeredBySql).
 */
const seminarSchoolIds = (seminarId: number) => sql`(
  select so.school_id from series_offered so where so.series_id = ${seminarId}
  union all select sh.school_id from series sh where sh.id = ${seminarId} and sh.school_id is not null)`;

/** GET /series/{id}/assign_students: students the user sees, of the seminar's schools, not yet in it. */
export async function assignableStudents(
  db: DbOrTx,
  scope: Scope,
  seminarId: Visible<'series'>,
  query: AssignStudentsQuery,
) {
  const where = and([
    visibleStudent(scope),
    sql`s.school_id in ${seminarSchoolIds(seminarId)}`,
    query.school_id !== undefined && sql`s.school_id = ${query.school_id}`,
    sql`not exists (select 1 from enrollments e where e.student_id = s.id and e.series_id = ${seminarId}
      and not e.orphaned and e.status in (${activeList}))`,
    ...nameSearch(query.query),
  ]);
  const { limit, offset } = pageWindow(query);
  const order = orderBy({ name: [sql`s.last_name`, sql`s.first_name`] }, query.sortBy, query.orderBy, sql`s.id`);
  const found = await rows<Omit<AssignableStudent, 'school'> & { school_id: number; school_code: string; church_name: string }>(
    db.execute(sql`select s.id, s.first_name, s.last_name, s.city, sc.id as school_id, sc.school_code, sc.church_name
      from students s join schools sc on sc.id = s.school_id
      where ${where} order by ${order} limit ${limit} offset ${offset}`),
  );
  const [count] = await rows<{ total: number }>(
    db.execute(sql`select count(*)::int as total from students s where ${where}`),
  );
  const students: AssignableStudent[] = found.map(({ school_id, school_code, church_name, ...student }) => ({
    ...student,
    school: { id: school_id, school_code, church_name },
  }));
  return { students, total: count?.total ?? 0 };
}

/** One seminar enrollment the user sees, as the students list shows it (after assigning). */
export async function seminarStudentOf(db: DbOrTx, enrollmentId: number): Promise<SeminarStudent> {
  const [found] = await seminarStudentsOf(db, [enrollmentId]);
  if (!found) throw notFound('Enrollment');
  return found;
}

/** Seminar enrollments just made, as the students list shows them, in one query (after assigning several). */
export async function seminarStudentsOf(db: DbOrTx, enrollmentIds: readonly number[]): Promise<SeminarStudent[]> {
  if (enrollmentIds.length === 0) return [];
  const found = await rows<SeminarStudentRow & { attendances_count: number }>(
    db.execute(sql`select ${seminarStudentColumns},
        (select count(*)::int from attendances a where a.enrollment_id = e.id) as attendances_count
      from enrollments e join students s on s.id = e.student_id join schools sc on sc.id = s.school_id
      where e.id in ${sqlIdList([...enrollmentIds])}`),
  );
  return found.map((row) => ({ ...toSeminarStudent(row), attendances_count: row.attendances_count, created_at: row.created_at }));
}

type SchoolRow = {
  id: number;
  school_code: string;
  church_name: string;
  hosting: boolean;
  series_offered_id: number | null;
  students_count: number;
};
type InstructorRow = { school_id: number; id: number; first_name: string; last_name: string };

/** The host and the participating schools, each with its active instructors. */
export async function participatingSchools(db: DbOrTx, scope: Scope, seminarId: Visible<'series'>) {
  const schools = await rows<SchoolRow>(
    db.execute(sql`select sc.id, sc.school_code, sc.church_name, coalesce(sc.id = se.school_id, false) as hosting,
        so.id as series_offered_id,
        (select count(distinct e.student_id)::int from enrollments e join students s on s.id = e.student_id
          where e.series_id = se.id and s.school_id = sc.id and not e.orphaned and ${visibleStudent(scope)}) as students_count
      from series se
        join schools sc on sc.id in ${seminarSchoolIds(seminarId)}
        left join series_offered so on so.series_id = se.id and so.school_id = sc.id
      where se.id = ${seminarId}
      order by hosting desc, sc.church_name, sc.id`),
  );
  const schoolIds = schools.map((school) => school.id);
  const instructors =
    schoolIds.length === 0
      ? []
      : await rows<InstructorRow>(
          db.execute(sql`select distinct r.school_id, u.id, u.first_name, u.last_name
            from roles r join users u on u.id = r.user_id
            where r.role_type = 'instructor' and u.active and r.school_id in (${sql.join(
              schoolIds.map((id) => sql`${id}`),
              sql`, `,
            )})
            order by u.last_name, u.first_name, u.id`),
        );
  return schools.map((school) => ({
    ...school,
    instructors: instructors
      .filter((row) => row.school_id === school.id)
      .map(({ id, first_name, last_name }) => ({ id, first_name, last_name })),
  }));
}

/** At most this many rows in the attendance grid (take_attendance takes as many in one call). */
export const maxGridRows = 2000;

/** GET /series/{id}/attendances: the presentations and, per enrollment the user sees, those attended. */
export async function attendanceGrid(db: DbOrTx, scope: Scope, seminarId: Visible<'series'>, search?: string) {
  const presentations = await rows<{ id: number; position: number; name: string; date: string | null; time: string | null }>(
    db.execute(sql`select id, position, name, date::text as date, to_char(time, 'HH24:MI') as time
      from episodes where series_id = ${seminarId} order by position, id`),
  );
  const where = and([
    sql`e.series_id = ${seminarId}`,
    sql`not e.orphaned`,
    visibleStudent(scope),
    ...nameSearch(search, sql`e.registration_number::text`),
  ]);
  const found = await rows<SeminarStudentRow & { attended_episode_ids: number[] }>(
    db.execute(sql`select ${seminarStudentColumns},
        (select coalesce(json_agg(a.episode_id order by a.episode_id), '[]'::json) from attendances a
          where a.enrollment_id = e.id) as attended_episode_ids
      from enrollments e join students s on s.id = e.student_id join schools sc on sc.id = s.school_id
      where ${where} order by s.last_name, s.first_name, e.id limit ${maxGridRows}`),
  );
  const students: AttendanceRow[] = found.map((row) => ({
    ...toSeminarStudent(row),
    attended_episode_ids: row.attended_episode_ids.map(Number),
  }));
  return { presentations, students };
}

export type TicketRow = {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  registration_number: string;
  school_code: string;
  church_name: string;
};

/** The tickets to print: the chosen enrollments, or every active one, of students the user sees. */
export async function ticketRows(
  db: DbOrTx,
  scope: Scope,
  seminarId: Visible<'series'>,
  ids: readonly number[] | undefined,
  cap: number,
): Promise<TicketRow[]> {
  const chosen =
    ids && ids.length > 0
      ? sql`e.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`e.status in (${activeList})`;
  return rows<TicketRow>(
    db.execute(sql`select s.first_name, s.middle_name, s.last_name, e.registration_number::text as registration_number,
        sc.school_code, sc.church_name
      from enrollments e join students s on s.id = e.student_id join schools sc on sc.id = s.school_id
      where e.series_id = ${seminarId} and not e.orphaned and ${chosen} and ${visibleStudent(scope)}
      order by s.last_name, s.first_name, e.id limit ${cap + 1}`),
  );
}
