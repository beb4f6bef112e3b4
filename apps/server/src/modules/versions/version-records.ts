import { recordTypeLabel } from '@srs/shared/versions';
import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import { anyId, type Scope, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sawStudent } from './deleted-records.ts';
import { personName, recordLabel, rowOf } from './version-words.ts';

type Row = Record<string, unknown>;
type Versioned = { id: number; item_type: string; item_id: number; object: Row | null; object_changes: Record<string, [unknown, unknown]> };

/** The records that belong to an enrollment, and the column that names it. */
const ofEnrollment: Record<string, string> = {
  EpisodeDelivery: 'enrollmentId',
  Attendance: 'enrollmentId',
  Visit: 'enrollmentId',
  Reminder: 'enrollmentId',
  ProductDelivery: 'enrollmentId',
  Decision: 'cachedEnrollmentId',
  Note: 'cachedEnrollmentId',
};

const idOf = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null);

/** What a version's record belongs to: its enrollment and student, a user, a series, a school, a lesson. */
function contextOf(version: Versioned) {
  const row = rowOf(version.object, version.object_changes);
  const enrollmentId = version.item_type === 'Enrollment' ? version.item_id : idOf(row[ofEnrollment[version.item_type] ?? '']);
  return {
    row,
    enrollmentId,
    // A student's own version is named by the same rule as what belongs to them.
    studentId: version.item_type === 'Student' ? version.item_id : idOf(row.studentId),
    seriesId: idOf(row.seriesId),
    userId: idOf(row.userId),
    schoolId: idOf(row.schoolId),
    episodeId: version.item_type === 'EpisodeDelivery' || version.item_type === 'Attendance' ? idOf(row.episodeId) : null,
  };
}

type Enrollment = { student_id: number | null; series_id: number | null };

/**
 * Each version's record as a person names it (issue 25): a note, a visit, a lesson by the student
 * and the enrollment it belongs to ('Note on Ann Smith's Discover enrollment', 'Lesson 3. The
 * Bible on …'), a role and an offer
 * by who and where, the others by their own name (recordLabel). A student is named only to a viewer
 * who sees them now, or who saw them when they were deleted; otherwise the record reads by its
 * course ('Visit on an enrollment in Discover'). A fixed number of queries for a page of versions.
 */
export async function recordNames(db: DbOrTx, scope: Scope, versions: readonly Versioned[]): Promise<Map<number, string>> {
  const contexts = new Map(versions.map((version) => [version.id, contextOf(version)]));
  const enrollmentIds = [...new Set([...contexts.values()].flatMap((c) => (c.enrollmentId === null ? [] : [c.enrollmentId])))];
  const enrollments = await enrollmentsOf(db, enrollmentIds);
  for (const context of contexts.values()) {
    const enrollment = context.enrollmentId === null ? undefined : enrollments.get(context.enrollmentId);
    context.studentId ??= enrollment?.student_id ?? null;
    context.seriesId ??= enrollment?.series_id ?? null;
  }
  const wanted = (key: 'studentId' | 'seriesId' | 'userId' | 'schoolId' | 'episodeId') => [
    ...new Set([...contexts.values()].flatMap((c) => (c[key] === null ? [] : [c[key]]))),
  ];
  const students = await studentNames(db, scope, wanted('studentId'));
  const series = await labels(db, sql`select id, name as label from series`, wanted('seriesId'));
  const users = await labels(db, sql`select id, first_name || ' ' || last_name as label from users`, wanted('userId'));
  const schools = await labels(db, sql`select id, church_name || ' (' || school_code || ')' as label from schools`, wanted('schoolId'));
  const episodes = await labels(db, sql`select id, position || '. ' || name as label from episodes`, wanted('episodeId'));

  const names = new Map<number, string>();
  for (const version of versions) {
    const context = contexts.get(version.id)!;
    const student = context.studentId === null ? undefined : students.get(context.studentId);
    const course = context.seriesId === null ? undefined : series.get(context.seriesId);
    // A lesson and an attendance say which lesson or presentation: 'Lesson 3. The Bible on …'.
    const episode = context.episodeId === null ? undefined : episodes.get(context.episodeId);
    const kind = episode
      ? version.item_type === 'Attendance'
        ? `Attendance at ${episode}`
        : `Lesson ${episode}`
      : recordTypeLabel(version.item_type);
    const enrollment = student && course ? `${student}'s ${course} enrollment` : course ? `an enrollment in ${course}` : null;
    let name: string;
    if (version.item_type === 'Enrollment') name = student && course ? enrollment! : course ? `Enrollment in ${course}` : 'An enrollment';
    else if (version.item_type in ofEnrollment && context.enrollmentId !== null) name = `${kind} on ${enrollment ?? 'a deleted enrollment'}`;
    else if (version.item_type === 'Note' || version.item_type === 'StudentShare') {
      const whom = context.userId === null ? undefined : users.get(context.userId);
      const of = student ?? 'a student';
      name = version.item_type === 'Note' ? `Note on ${of}` : `Share of ${of}${whom ? ` with ${whom}` : ''}`;
    } else if (version.item_type === 'Role' && context.userId !== null) {
      const where = context.schoolId === null ? '' : ` at ${schools.get(context.schoolId) ?? 'a deleted school'}`;
      name = `Role of ${users.get(context.userId) ?? 'a deleted user'}${where}`;
    } else if (version.item_type === 'SeriesOffered' && course) {
      name = `${course} offered${context.schoolId === null ? '' : ` at ${schools.get(context.schoolId) ?? 'a deleted school'}`}`;
    } else if (version.item_type === 'Student' && personName(context.row) && !students.has(version.item_id)) {
      // A student this viewer does not see now and did not see when they were deleted.
      name = 'A student';
    } else name = recordLabel(version.item_type, version.item_id, context.row);
    names.set(version.id, name);
  }
  return names;
}

/** Each enrollment's student and series: from the row, or from its last version once it is gone. */
async function enrollmentsOf(db: DbOrTx, ids: number[]): Promise<Map<number, Enrollment>> {
  const found = new Map<number, Enrollment>();
  if (ids.length === 0) return found;
  const current = await rows<{ id: string | number; student_id: string | number; series_id: string | number }>(
    db.execute(sql`select id, student_id, series_id from enrollments where id = ${anyId(ids)}`),
  );
  for (const row of current) found.set(Number(row.id), { student_id: Number(row.student_id), series_id: Number(row.series_id) });
  const gone = ids.filter((id) => !found.has(id));
  if (gone.length === 0) return found;
  const field = (name: string) => sql`coalesce(v.object->>${name}, v.object_changes->${name}->>1)`;
  const versioned = await rows<{ id: string | number; student_id: string | null; series_id: string | null }>(
    db.execute(sql`select distinct on (v.item_id) v.item_id as id, ${field('studentId')} as student_id, ${field('seriesId')} as series_id
      from versions v where v.item_type = 'Enrollment' and v.item_id = ${anyId(gone)} order by v.item_id, v.id desc`),
  );
  for (const row of versioned) found.set(Number(row.id), { student_id: idOf(row.student_id), series_id: idOf(row.series_id) });
  return found;
}

/**
 * The names of the students this viewer may see: those they see now, and those deleted since that
 * they saw when they were deleted (the row their destroy version keeps). An erased name is none.
 */
async function studentNames(db: DbOrTx, scope: Scope, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  const current = await rows<{ id: string | number; first_name: string; last_name: string; seen: boolean }>(
    db.execute(sql`select s.id, s.first_name, s.last_name, ${visibleStudent(scope)} as seen from students s where s.id = ${anyId(ids)}`),
  );
  for (const row of current) {
    const name = row.seen ? personName({ firstName: row.first_name, lastName: row.last_name }) : null;
    if (name) names.set(Number(row.id), name);
  }
  const gone = ids.filter((id) => !current.some((row) => Number(row.id) === id));
  if (gone.length === 0) return names;
  const deleted = await rows<{ id: string | number; object: Row }>(
    db.execute(sql`select distinct on (v.item_id) v.item_id as id, v.object from versions v
      where v.item_type = 'Student' and v.event = 'destroy' and v.item_id = ${anyId(gone)} order by v.item_id, v.id desc`),
  );
  for (const row of deleted) {
    const name = sawStudent(scope, row.object) ? personName(row.object) : null;
    if (name) names.set(Number(row.id), name);
  }
  return names;
}

/** Labels of rows of one table by id (`select id, label …`). */
async function labels(db: DbOrTx, select: ReturnType<typeof sql>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string | number; label: string }>(db.execute(sql`select * from (${select}) r where r.id = ${anyId(ids)}`));
  return new Map(found.map((row) => [Number(row.id), row.label]));
}
