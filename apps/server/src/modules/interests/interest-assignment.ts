import { activeStatuses } from '@srs/shared/enrollments';
import {
  type InterestAssigned,
  type InterestAssignInput,
  type InterestAssignment,
  type InterestAssignmentsQuery,
  interestMessages,
} from '@srs/shared/interests';
import { StudentFields } from '@srs/shared/students';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { updateAudited } from '../../core/audit.ts';
import { today } from '../../core/csv.ts';
import { invalid, notFound, validationBody } from '../../core/errors.ts';
import { orderBy, pageWindow, rows } from '../../core/lists.ts';
import { type Scope, visibleInterest, visibleStudent } from '../../core/scope.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { interests } from '../../db/schema/index.ts';
import { enrollInTransaction } from '../enrollments/public.ts';
import { mailText as t, queueNotice, recipientLanguage } from '../mail/public.ts';
import { insertStudent, likelyDuplicateCounts, likelyDuplicatesOf, suggestedSchools } from '../students/public.ts';
import { checkSeries } from './interest-writes.ts';
import { interestById, quickFind, selectInterests } from './interests.queries.ts';

/**
 * /interests/assignments (issue 12; docs/decisions/018): an interest nobody has assigned yet, the
 * school the wizard's rule suggests (the school that claimed the zip, then the nearest offering the
 * series), the students it likely already is, and its assignment: the student and the enrollment
 * made in one transaction, with a notice to the school's head school admin.
 */

const schoolsFor = (db: DbOrTx, scope: Scope, seriesId: number | undefined, zip: string | null) =>
  seriesId !== undefined && zip ? suggestedSchools(db, scope, seriesId, zip) : Promise.resolve([]);

/** GET /interests/assignments: the interests still new, oldest first, each with its first suggested school. */
export async function listUnassigned(db: Db, scope: Scope, query: InterestAssignmentsQuery) {
  const where = sql`i.status = 'new' and ${visibleInterest(scope)} and ${quickFind(query.query)}`;
  // Each row asks for its suggested school: never more than a hundred rows in one call.
  const { limit, offset } = pageWindow({ ...query, per_page: Math.min(query.per_page, 100) }, 100);
  const order = orderBy(
    { received_on: [sql`i.received_on`], name: [sql`i.last_name`, sql`i.first_name`] },
    query.sortBy,
    query.orderBy,
    sql`i.id`,
  );
  const found = await selectInterests(db, where, order, limit, offset);
  const [count] = await rows<{ total: number }>(db.execute(sql`select count(*)::int as total from interests i where ${where}`));
  // The likely duplicates by the new-student form's and the import's keys (issue 27), counted for the whole page at once.
  const duplicates = await likelyDuplicateCounts(db, scope, found);
  const interests = [];
  for (const [index, interest] of found.entries()) {
    const [suggested] = await schoolsFor(db, scope, interest.series?.id, interest.zip_code);
    interests.push({ ...interest, suggested_school: suggested ?? null, likely_duplicates: duplicates[index]! });
  }
  return { interests, total: count?.total ?? 0 };
}

/** GET /interests/{id}/assignment: the suggested schools for the series asked for (or another), and the likely duplicates. */
export async function assignmentOf(db: Db, scope: Scope, id: number, seriesId?: number): Promise<InterestAssignment> {
  const interest = await interestById(db, id);
  await checkSeries(db, seriesId);
  return {
    interest,
    suggested_schools: await schoolsFor(db, scope, seriesId ?? interest.series?.id, interest.zip_code),
    // The students the interest's person likely already is: the new-student form's and the import's keys.
    likely_duplicates: await likelyDuplicatesOf(db, scope, interest),
  };
}

type InterestRow = typeof interests.$inferSelect;
type StudentFacts = {
  id: number;
  school_id: number;
  school_code: string;
  church_name: string;
  head_school_admin_id: number | null;
  erased: boolean;
};

async function studentFacts(tx: Tx, scope: Scope, studentId: number): Promise<StudentFacts> {
  const [student] = await rows<StudentFacts>(
    tx.execute(sql`select s.id::int as id, sc.id::int as school_id, sc.school_code, sc.church_name,
        sc.head_school_admin_id::int as head_school_admin_id, s.erased_at is not null as erased
      from students s join schools sc on sc.id = s.school_id where s.id = ${studentId} and ${visibleStudent(scope)}`),
  );
  if (!student) throw notFound('Student');
  return student;
}

/** The new student: the interest's person with the address completed by the form; 422 names what is missing. */
function studentInput(row: InterestRow, input: InterestAssignInput) {
  const pick = <K extends 'address' | 'address_2' | 'city' | 'state' | 'zip_code' | 'country'>(key: K, current: string | null) =>
    input[key] !== undefined ? input[key] : current;
  const parsed = StudentFields.safeParse({
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    address: pick('address', row.address),
    address_2: pick('address_2', row.address2),
    city: pick('city', row.city),
    state: pick('state', row.state),
    zip_code: pick('zip_code', row.zipCode),
    country: pick('country', row.country),
  });
  if (!parsed.success) throw invalid(validationBody(parsed.error.issues));
  return parsed.data;
}

/** The student's active enrollment in the series, when the student follows it already. */
async function activeEnrollment(tx: Tx, studentId: number, seriesId: number): Promise<number | null> {
  const [found] = await rows<{ id: number }>(
    tx.execute(sql`select id::int as id from enrollments where student_id = ${studentId} and series_id = ${seriesId}
      and not orphaned and status in (${sql.join(activeStatuses.map((status) => sql`${status}`), sql`, `)}) limit 1`),
  );
  return found?.id ?? null;
}

async function headAdminContact(tx: Tx, userId: number | null) {
  if (userId === null) return null;
  const [found] = await rows<{ email: string; first_name: string; language: string | null }>(
    tx.execute(sql`select email, first_name, language from users where id = ${userId} and active`),
  );
  return found ?? null;
}

type AssignFacts = { baseUrl: string; addedBy: { first_name: string; last_name: string } };

/**
 * POST /interests/{id}/assign: in one transaction, the student (new in the chosen school, or the
 * likely duplicate chosen instead), the enrollment in the series (or the one the student already
 * has), the interest assigned to them, and the notice to the school's head school admin.
 */
export async function assignInterest(db: Db, actor: Actor, id: number, input: InterestAssignInput, facts: AssignFacts) {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(interests).where(eq(interests.id, id)).for('update');
    if (!row) throw notFound('Interest');
    if (row.status === 'closed') throw invalid([interestMessages.closed]);
    if (row.status !== 'new') throw invalid([interestMessages.alreadyAssigned]);
    await checkSeries(tx, input.series_id);

    let studentId: number;
    let createdStudent = false;
    if (input.student_id !== undefined) {
      const chosen = await studentFacts(tx, actor.scope, input.student_id);
      // An erased student is nobody: linking a person's details to them would write them back.
      if (chosen.erased) throw invalid({ student_id: [interestMessages.erasedStudent] });
      studentId = chosen.id;
    } else {
      const person = studentInput(row, input);
      const created = await insertStudent(
        tx,
        actor,
        { ...person, school_id: input.school_id!, series_id: input.series_id, notify_instructor_by_email: false },
        facts,
      );
      studentId = created.studentId;
      createdStudent = true;
    }
    const student = await studentFacts(tx, actor.scope, studentId);
    const enrollmentId =
      (await activeEnrollment(tx, studentId, input.series_id)) ??
      (await enrollInTransaction(tx, actor, { student_id: studentId, series_id: input.series_id, notify_instructor_by_email: false }, facts.baseUrl)).id;

    const completed = createdStudent
      ? {
          address: input.address !== undefined ? input.address : row.address,
          address2: input.address_2 !== undefined ? input.address_2 : row.address2,
          city: input.city !== undefined ? input.city : row.city,
          state: input.state !== undefined ? input.state : row.state,
          zipCode: input.zip_code !== undefined ? input.zip_code : row.zipCode,
          country: input.country !== undefined ? input.country : row.country,
        }
      : {};
    await updateAudited(tx, actor, interests, id, {
      ...completed,
      status: 'assigned',
      seriesId: input.series_id,
      schoolId: student.school_id,
      studentId,
      enrollmentId,
      assignedAt: today(),
    });

    const outboxIds: number[] = [];
    const head = await headAdminContact(tx, student.head_school_admin_id);
    // Nobody is told of what they did themselves.
    if (head && student.head_school_admin_id !== actor.userId) {
      const name = `${row.firstName} ${row.lastName}`;
      // In the language the head school admin chose, else English.
      const language = recipientLanguage(head.language);
      const church = student.church_name;
      const by = `${facts.addedBy.first_name} ${facts.addedBy.last_name}`;
      const queued = await queueNotice(tx, {
        to: head.email,
        kind: 'interest_assigned',
        subject: t(language, 'interest.subject', { church, name }),
        text: [
          t(language, 'dear', { name: head.first_name }),
          '',
          t(language, 'interest.assigned', { name, church, code: student.school_code, by }),
          t(language, createdStudent ? 'interest.newStudent' : 'interest.knownStudent', { name }),
          '',
          t(language, 'openStudent', { link: `${facts.baseUrl}/students/${studentId}` }),
          '',
        ].join('\n'),
      });
      if (queued !== null) outboxIds.push(queued);
    }
    return { studentId, enrollmentId, createdStudent, outboxIds };
  });
  const assigned: InterestAssigned = {
    interest: await interestById(db, id),
    student_id: result.studentId,
    enrollment_id: result.enrollmentId,
    created_student: result.createdStudent,
  };
  return { assigned, outboxIds: result.outboxIds };
}
