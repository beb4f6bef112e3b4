import { countCap } from '@srs/shared/common';
import { registrationNumberMaxDigits, type Student, type StudentListQuery } from '@srs/shared/students';
import { type SQL, sql } from 'drizzle-orm';
import { today } from '../../core/csv.ts';
import { notFound } from '../../core/errors.ts';
import { and, cappedCount, keysetPage, type PageKey, rows, type SortKey, searchWords } from '../../core/lists.ts';
import { personRef } from '../../core/person-ref.ts';
import type { Visible } from '../../core/records.ts';
import { anyId, type Scope, visibleStudent } from '../../core/scope.ts';
import { type DbOrTx, prepared } from '../../db/client.ts';
import { enrollmentSummariesByStudent, needsFollowupSql } from '../enrollments/public.ts';
import { nameKeys, nameSearchCount, nameSearchOf, nameSearchPage } from './name-search.ts';

type StudentRow = Omit<Student, 'instructor' | 'school' | 'course_enrollments' | 'seminar_enrollments'> & {
  instructor_id: number | null;
  instructor_first_name: string | null;
  instructor_last_name: string | null;
  school_id: number;
  school_code: string;
  church_name: string;
};

/** The stored, lowercased full name (migration 0005): every search word must appear in it. */
const fullName = sql`s.search_name`;

/**
 * A registration number of up to 18 digits as SQL: sent as text and cast by the database, since a
 * JS number loses digits above 2^53.
 */
const registrationNumber = (digits: string) => sql`${digits}::bigint`;
/** A search word (`%…%`) of digits that could be a registration number. */
const registrationWord = new RegExp(`^%\\d{1,${registrationNumberMaxDigits}}%$`);

/** The list's orders (SPEC: sortBy), each ending with the id so that every row has its own key. */
const sortKeys = {
  name: [{ expr: sql`s.last_name` }, { expr: sql`s.first_name` }],
  address: [
    { expr: sql`s.city`, nullable: true },
    { expr: sql`s.address`, nullable: true },
  ],
  created_at: [{ expr: sql`s.created_at` }],
  instructor: [
    { expr: sql`i.last_name`, nullable: true },
    { expr: sql`i.first_name`, nullable: true },
  ],
  school: [{ expr: sql`sc.school_code` }],
} satisfies Record<StudentListQuery['sortBy'], SortKey[]>;

/** The WHERE of the student list: the user's scope and every SPEC filter. */
export function studentFilter(scope: Scope, query: StudentListQuery, followupDays: number): SQL {
  const words = searchWords(query.full_name_i_cont_all, query.query);
  return and([
    visibleStudent(scope),
    // A word of digits may also be a registration number, so Quick find finds both.
    ...words.map((word) =>
      registrationWord.test(word)
        ? sql`(${fullName} like ${word} or exists (select 1 from enrollments ew where ew.student_id = s.id and ew.registration_number = ${registrationNumber(word.slice(1, -1))}))`
        : sql`${fullName} like ${word}`,
    ),
    query.section === 'mine' && sql`s.instructor_id = ${scope.userId}`,
    query.section === 'shared' &&
      sql`exists (select 1 from student_shares ss2 where ss2.student_id = s.id and ss2.user_id = ${scope.userId})`,
    query.enrollments_registration_number_eq !== undefined &&
      sql`exists (select 1 from enrollments er where er.student_id = s.id and er.registration_number = ${registrationNumber(query.enrollments_registration_number_eq)})`,
    query.enrollments_needing_followup_eq === 'true' &&
      sql`exists (select 1 from enrollments e where e.student_id = s.id and ${needsFollowupSql(today(), followupDays)})`,
    query.enrollments_series_id_eq !== undefined &&
      sql`exists (select 1 from enrollments es where es.student_id = s.id and es.series_id = ${query.enrollments_series_id_eq})`,
    // One probe of the student's enrollments (enrollments_student_id_idx), each joined to its series by key.
    query.enrollments_series_type_eq !== undefined &&
      sql`exists (select 1 from enrollments et join series st on st.id = et.series_id
        where et.student_id = s.id and not et.orphaned and st.type = ${query.enrollments_series_type_eq})`,
    query.school_id_eq !== undefined && sql`s.school_id = ${query.school_id_eq}`,
    query.instructor_id_eq !== undefined && sql`s.instructor_id = ${query.instructor_id_eq}`,
  ]);
}

const studentColumns = sql`s.id, s.first_name, s.middle_name, s.last_name, s.address, s.address_2, s.city, s.state,
  s.country, s.zip_code, s.email, s.phone, s.social_media, s.include_in_mailing_list,
  to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  i.id as instructor_id, i.first_name as instructor_first_name, i.last_name as instructor_last_name,
  sc.id as school_id, sc.school_code, sc.church_name`;

const fromStudents = sql`from students s join schools sc on sc.id = s.school_id left join users i on i.id = s.instructor_id`;

export async function listStudents(db: DbOrTx, scope: Scope, query: StudentListQuery, followupDays: number) {
  const where = studentFilter(scope, query, followupDays);
  const page = keysetPage(query, [...sortKeys[query.sortBy], { expr: sql`s.id` }], query.orderBy);
  // A search by name in name order finds its page and count its own way (docs/decisions/011).
  const search = nameSearchOf(scope, query);
  const [ids, searchTotal] = search
    ? await Promise.all([
        nameSearchPage(db, search, page, {
          n: keysetPage(query, nameKeys('n', 'id'), query.orderBy),
          sw: keysetPage(query, nameKeys('sw', 'student_id'), query.orderBy),
        }),
        nameSearchCount(db, search),
      ])
    : [null, null];
  const [found, count] = await Promise.all([
    rows<StudentRow & PageKey>(
      db.execute(
        ids
          ? prepared(sql`select ${studentColumns}, ${page.key} as page_key ${fromStudents} where s.id = ${anyId(ids)}
              order by ${page.order}`)
          : sql`select ${studentColumns}, ${page.key} as page_key ${fromStudents} where ${where} and ${page.where}
              order by ${page.order} limit ${page.limit} offset ${page.offset}`,
      ),
    ),
    searchTotal === null
      ? // The filter reads only `s`: the count needs no joins.
        cappedCount(db, sql`from students s`, where)
      : { total: Math.min(searchTotal, countCap), capped: searchTotal > countCap },
  ]);
  const { rows: students, ...cursors } = page.finish(found);
  return { students: await withEnrollments(db, students), total: count.total, more: { total_capped: count.capped, ...cursors } };
}

/** GET /students/{id}: the student whose scope check passed. */
export async function findStudent(db: DbOrTx, id: Visible<'student'>): Promise<Student> {
  const found = await rows<StudentRow>(
    db.execute(prepared(sql`select ${studentColumns} ${fromStudents} where s.id = ${id}`)),
  );
  const [student] = await withEnrollments(db, found);
  // Checked in this request: gone now means deleted by someone else in between.
  if (!student) throw notFound('Student');
  return student;
}

async function withEnrollments(db: DbOrTx, found: StudentRow[]): Promise<Student[]> {
  const enrollments = await enrollmentSummariesByStudent(
    db,
    found.map((row) => row.id),
  );
  return found.map(
    ({
      instructor_id,
      instructor_first_name,
      instructor_last_name,
      school_id,
      school_code,
      church_name,
      ...student
    }) => ({
      ...student,
      instructor: personRef(instructor_id, instructor_first_name, instructor_last_name),
      school: { id: school_id, school_code, church_name },
      course_enrollments: enrollments.get(student.id)?.course_enrollments ?? [],
      seminar_enrollments: enrollments.get(student.id)?.seminar_enrollments ?? [],
    }),
  );
}
