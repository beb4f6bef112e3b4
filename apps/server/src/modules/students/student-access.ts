import { messages } from '@srs/shared/messages';
import type { StudentFields } from '@srs/shared/students';
import { sql } from 'drizzle-orm';
import { invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { type Scope, sqlIdList, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { students } from '../../db/schema/index.ts';
import { offeredBySql } from '../series/public.ts';

export type StudentKey = { id: number; school_id: number; instructor_id: number | null };

/** Students the user may see, locked for the change that follows; missing or out of scope are absent. */
export async function lockVisibleStudents(tx: DbOrTx, scope: Scope, ids: number[]): Promise<StudentKey[]> {
  if (ids.length === 0) return [];
  return rows<StudentKey>(
    tx.execute(sql`select s.id, s.school_id, s.instructor_id from students s
      where s.id in ${sqlIdList(ids)} and ${visibleStudent(scope)} order by s.id for update`),
  );
}

/** One visible student, or 404 exactly like a missing one (DOMAIN.md). */
export async function visibleStudentOr404(tx: DbOrTx, scope: Scope, id: number): Promise<StudentKey> {
  const [student] = await lockVisibleStudents(tx, scope, [id]);
  if (!student) throw notFound('Student');
  return student;
}

/** Every id must name a visible student (else 404). */
export async function visibleStudentsOr404(tx: DbOrTx, scope: Scope, ids: number[]): Promise<StudentKey[]> {
  const unique = [...new Set(ids)];
  const found = await lockVisibleStudents(tx, scope, unique);
  if (found.length !== unique.length) throw notFound('Student');
  return found;
}

export type SchoolFacts = {
  id: number;
  school_code: string;
  church_name: string;
  active: boolean;
  head_school_admin_id: number | null;
};

export async function loadSchool(tx: DbOrTx, id: number): Promise<SchoolFacts | null> {
  const [school] = await rows<SchoolFacts>(
    tx.execute(sql`select sc.id, sc.school_code, sc.church_name, sc.active, sc.head_school_admin_id
      from schools sc where sc.id = ${id}`),
  );
  return school ?? null;
}

export function headSchoolAdminOr422(school: SchoolFacts): number {
  if (school.head_school_admin_id === null) throw invalid(messages.noHeadSchoolAdmin);
  return school.head_school_admin_id;
}

/** A student's instructor holds a school_admin or instructor role in the student's school. */
export async function assertInstructorOfSchool(tx: DbOrTx, instructorId: number, schoolId: number): Promise<void> {
  const found = await rows<{ id: number }>(
    tx.execute(sql`select r.id from roles r join users u on u.id = r.user_id
      where r.user_id = ${instructorId} and r.school_id = ${schoolId} and u.active
        and r.role_type in ('school_admin', 'instructor') limit 1`),
  );
  if (found.length === 0) throw invalid({ instructor: ['must be a school admin or an instructor of the school'] });
}

export async function seriesNameOffered(tx: DbOrTx, seriesId: number, schoolId: number): Promise<string> {
  const [found] = await rows<{ name: string }>(
    tx.execute(sql`select se.name from series se where se.id = ${seriesId} and ${offeredBySql(sql`se.id`, schoolId)}`),
  );
  if (!found) throw invalid({ series: ['is not offered by this school'] });
  return found.name;
}

type StudentColumns = ReturnType<typeof columnsOf>;
/**
 * The profile columns of a student from the fields the forms send (SPEC section 3). A field left
 * out of an update stays undefined, which the update skips.
 */
export function studentColumns(fields: StudentFields): StudentColumns;
export function studentColumns(fields: Partial<StudentFields>): Partial<StudentColumns>;
export function studentColumns(fields: Partial<StudentFields>) {
  return columnsOf(fields as StudentFields);
}

function columnsOf(fields: StudentFields) {
  return {
    firstName: fields.first_name,
    middleName: fields.middle_name,
    lastName: fields.last_name,
    address: fields.address,
    address2: fields.address_2,
    city: fields.city,
    state: fields.state,
    country: fields.country,
    zipCode: fields.zip_code,
    email: fields.email,
    phone: fields.phone,
    socialMedia: fields.social_media,
    includeInMailingList: fields.include_in_mailing_list,
  } satisfies Partial<typeof students.$inferInsert>;
}

/** A unique index refused the row (PostgreSQL 23505), however deep the driver wrapped the error. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === '23505') {
      return candidate.constraint === constraint || String(candidate.message ?? '').includes(constraint);
    }
  }
  return false;
}
