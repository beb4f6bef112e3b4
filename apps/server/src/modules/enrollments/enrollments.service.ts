import {
  activeStatuses,
  type EnrollmentCreateInput,
  type EnrollmentUpdate,
  type SeriesType,
} from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { insertAudited } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { assertAllowed } from '../../core/permissions.ts';
import type { Visible } from '../../core/records.ts';
import { type Scope, visibleStudent } from '../../core/scope.ts';
import { lockSchoolCounts } from '../../db/school-counts-lock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { enrollments } from '../../db/schema/index.ts';
import { queueNotice } from '../mail/public.ts';
import { deleteEnrollmentsAudited } from './enrollment-dependents.ts';
import { offeredBySql } from '../series/public.ts';
import { enrollmentNotice } from './enrollment-notice.ts';
import { initialStatus } from './enrollment-status.ts';
import { alreadyEnrolled, enrollmentRules } from './enrollment-rules.ts';
import { writeNestedRecords } from './nested-records.ts';
import { loadRecordContext } from './record-context.ts';
import {
  changeEnrollmentRecords,
  type EnrollmentHead,
  lockVisibleEnrollments,
} from './record-pipeline.ts';

type StudentRow = {
  id: number;
  school_id: number;
  first_name: string;
  last_name: string;
  instructor_id: number | null;
  instructor_email: string | null;
  instructor_language: string | null;
};
type SeriesRow = { id: number; type: SeriesType; name: string };

async function lockStudent(tx: Tx, scope: Scope, studentId: number) {
  const [student] = await rows<StudentRow>(
    tx.execute(sql`
      select s.id, s.school_id, s.first_name, s.last_name, s.instructor_id, i.email as instructor_email,
        i.language as instructor_language
      from students s left join users i on i.id = s.instructor_id and i.active
      where s.id = ${studentId} and ${visibleStudent(scope)}
      for update of s`),
  );
  return student ?? null;
}

/**
 * The series, when it is active and the student's school offers it (or holds the seminar). The
 * user sees the student already: they may enroll the student in what the student's school offers,
 * also when it is not one of their own schools (a shared student).
 */
async function offeredSeries(tx: Tx, seriesId: number, schoolId: number) {
  const [series] = await rows<SeriesRow>(
    tx.execute(sql`
      select se.id, se.type, se.name from series se
      where se.id = ${seriesId} and se.active and ${offeredBySql(sql`se.id`, schoolId)}`),
  );
  return series ?? null;
}

/**
 * A student has at most one active enrollment in a series (Applied, Enrolled or Attended, and not
 * orphaned; docs/decisions.md): a course graduated or left may be taken again. The refusal names
 * the enrollment there is, so that the person can open it instead.
 */
async function refuseDuplicate(tx: Tx, student: StudentRow, series: SeriesRow) {
  const [existing] = await rows<{ registration_number: string }>(
    tx.execute(sql`select registration_number::text as registration_number from enrollments
      where student_id = ${student.id} and series_id = ${series.id} and not orphaned
        and status in (${sql.join(activeStatuses.map((status) => sql`${status}`), sql`, `)}) limit 1`),
  );
  if (existing) {
    throw alreadyEnrolled(student, series.name, existing.registration_number);
  }
}

/** POST /enrollments: the enrollment and, when asked, the notice to the student's instructor. */
export async function createEnrollment(
  db: Db,
  actor: Actor,
  input: EnrollmentCreateInput,
  baseUrl: string,
): Promise<{ id: number; outboxIds: number[] }> {
  return db.transaction((tx) => enrollInTransaction(tx, actor, input, baseUrl));
}

/** The enrollment inside the caller's transaction: an interest's assignment makes its student and enrollment together. */
export async function enrollInTransaction(
  tx: Tx,
  actor: Actor,
  input: EnrollmentCreateInput,
  baseUrl: string,
): Promise<{ id: number; outboxIds: number[] }> {
  // The student row is locked so that two saves cannot both pass the duplicate check.
  const student = await lockStudent(tx, actor.scope, input.student_id);
  if (!student) throw notFound('Student');
  if (input.school_id !== undefined && input.school_id !== student.school_id) {
    throw invalid({ school_id: ["must be the student's school"] });
  }
  const series = await offeredSeries(tx, input.series_id, student.school_id);
  if (!series) throw invalid({ series_id: ["is not offered by the student's school"] });
  await refuseDuplicate(tx, student, series);
  const enrollment = await insertAudited(
    tx,
    actor,
    enrollments,
    { studentId: student.id, seriesId: series.id, status: initialStatus[series.type] },
  );
  const outboxIds: number[] = [];
  // Nobody is told of what they did themselves.
  if (input.notify_instructor_by_email && student.instructor_email && student.instructor_id !== actor.userId) {
    const notice = enrollmentNotice({
      to: student.instructor_email,
      language: student.instructor_language,
      studentId: student.id,
      studentName: `${student.first_name} ${student.last_name}`,
      enrollmentId: enrollment.id,
      seriesName: series.name,
      seriesType: series.type,
      registrationNumber: enrollment.registrationNumber,
      baseUrl,
    });
    const queued = await queueNotice(tx, notice);
    if (queued !== null) outboxIds.push(queued);
  }
  return { id: enrollment.id, outboxIds };
}

const nestedKeys = [
  'visits_attributes',
  'episode_deliveries_attributes',
  'product_deliveries_attributes',
  'reminders_attributes',
  'attendances_attributes',
] as const;

/**
 * PUT /enrollments/{id}: the status, then every nested record, in one transaction — any invalid
 * item leaves the database as it was. The pipeline then runs the caches and the status rules.
 */
export async function updateEnrollment(
  db: Db,
  actor: Actor,
  id: Visible<'enrollment'>,
  body: EnrollmentUpdate,
): Promise<void> {
  await changeEnrollmentRecords(db, actor, [id], async (changes) => {
    const [enrollment] = changes.enrollments as [EnrollmentHead];
    if (body.status !== undefined) await changes.chooseStatus(enrollment, body.status);
    if (!nestedKeys.some((key) => (body[key]?.length ?? 0) > 0)) return;
    await writeNestedRecords(await loadRecordContext(changes, enrollment, body), body);
  });
}

/**
 * DELETE /enrollments/{id}: for admins of the student's school (docs/decisions.md). The rows the
 * deletion cascades away are kept inside the enrollment's destroy version, so history survives.
 */
export async function deleteEnrollment(db: Db, actor: Actor, id: Visible<'enrollment'>): Promise<void> {
  await db.transaction(async (tx) => {
    const [enrollment] = await lockVisibleEnrollments(tx, actor.scope, [id]);
    if (!enrollment) throw notFound('Enrollment');
    assertAllowed(actor, enrollmentRules.destroy, [enrollment]);
    await lockSchoolCounts(tx, [enrollment.schoolId]);
    await deleteEnrollmentsAudited(tx, actor, [id]);
  });
}
