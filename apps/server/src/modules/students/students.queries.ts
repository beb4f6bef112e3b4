import { countCap } from '@srs/shared/common';
import { registrationNumberMaxDigits, type Student, type StudentListQuery, StudentListResponse } from '@srs/shared/students';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { today } from '../../core/csv.ts';
import { notFound } from '../../core/errors.ts';
import { jsonObjectText, jsonTextChecked, rawJsonArray, sendJsonText } from '../../core/json-text.ts';
import { and, cappedCount, keysetPage, type PageKey, paginationOf, rows, type SortKey, searchWords } from '../../core/lists.ts';
import type { Visible } from '../../core/records.ts';
import { anyId, type Scope, visibleStudent } from '../../core/scope.ts';
import { type DbOrTx, prepared, writtenOnce } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { needsFollowupSql, studentEnrollmentsJoin } from '../enrollments/public.ts';
import { type CountRead, type NameOrderWay, nameOrderOf, nameOrderStatement, nameOrderTotal, wordListKeys } from './name-order.ts';

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

/** The name order on the rows of a plan's parts (`n`: id, last_name, first_name). */
const mergedKeys: SortKey[] = [{ expr: sql`n.last_name` }, { expr: sql`n.first_name` }, { expr: sql`n.id` }];

/** The WHERE of the student list: the user's scope and every SPEC filter (`studentConditions`). */
export function studentFilter(scope: Scope, query: StudentListQuery, followupDays: number, typeSeries: number[] = []): SQL {
  return and([visibleStudent(scope), studentConditions(scope, query, followupDays, typeSeries)]);
}

/**
 * Every SPEC filter of the student list on `s`, the scope apart. `typeSeries` are the ids of the
 * series of `enrollments_series_type_eq` (`seriesOfType`): named, the planner knows from its
 * statistics that a network's seminars hold a hundred enrollments, not four in ten.
 */
export function studentConditions(scope: Scope, query: StudentListQuery, followupDays: number, typeSeries: number[] = []): SQL {
  const words = searchWords(query.full_name_i_cont_all, query.query);
  return and([
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
    query.enrollments_series_type_eq !== undefined &&
      sql`exists (select 1 from enrollments et where et.student_id = s.id and not et.orphaned
        and et.series_id = ${anyId(typeSeries)})`,
    query.school_id_eq !== undefined && sql`s.school_id = ${query.school_id_eq}`,
    query.instructor_id_eq !== undefined && sql`s.instructor_id = ${query.instructor_id_eq}`,
  ]);
}

/**
 * A student (`Student`, without its permissions) as JSON written by the database, with its
 * instructor, school and enrollments (`studentEnrollmentsJoin`, `en`): the list sends these texts
 * as they are (core/json-text.ts), the student's page parses its one.
 */
const studentJson = writtenOnce(sql`json_build_object('id', s.id, 'first_name', s.first_name, 'middle_name', s.middle_name,
  'last_name', s.last_name, 'address', s.address, 'address_2', s.address_2, 'city', s.city, 'state', s.state,
  'country', s.country, 'zip_code', s.zip_code, 'email', s.email, 'phone', s.phone, 'social_media', s.social_media,
  'include_in_mailing_list', s.include_in_mailing_list,
  'created_at', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'erased_at', to_char(s.erased_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'instructor', case when i.id is not null then json_build_object('id', i.id,
    'first_name', coalesce(i.first_name, ''), 'last_name', coalesce(i.last_name, '')) end,
  'school', json_build_object('id', sc.id, 'school_code', sc.school_code, 'church_name', sc.church_name),
  'course_enrollments', en.course_enrollments, 'seminar_enrollments', en.seminar_enrollments)::text`);

/** What a student's JSON reads beside the student `s`: its school, instructor and enrollments. */
const fromStudents = (followupDays: number) => sql`join schools sc on sc.id = s.school_id
  left join users i on i.id = s.instructor_id ${studentEnrollmentsJoin(followupDays)}`;

/** The ids of the courses, or of the seminars, when the filter names a series type. */
export async function seriesOfType(db: DbOrTx, query: Pick<StudentListQuery, 'enrollments_series_type_eq'>) {
  if (query.enrollments_series_type_eq === undefined) return [];
  const found = await rows<{ id: number }>(
    db.execute(prepared(sql`select se.id from series se where se.type = ${query.enrollments_series_type_eq}`)),
  );
  return found.map((row) => Number(row.id));
}

type Found = { json: string; counted?: number[] | null } & PageKey;

async function listStudents(db: DbOrTx, scope: Scope, query: StudentListQuery, followupDays: number) {
  const conditions = studentConditions(scope, query, followupDays, await seriesOfType(db, query));
  const where = and([visibleStudent(scope), conditions]);
  const page = keysetPage(query, [...sortKeys[query.sortBy], { expr: sql`s.id` }], query.orderBy);
  const json = sql`${page.key} as page_key, ${studentJson} as json`;
  // In name order the list finds its page and count its own way (docs/decisions/011), its ids,
  // students and count in one statement (docs/decisions/031).
  const plan = nameOrderOf(scope, query, conditions);
  const namedOrder = async (): Promise<{ found: Found[]; read: CountRead | null } | null> => {
    if (!plan) return null;
    // The same page on the plan's rows and on the words' lists (name order: their cursor is the list's).
    const keys = { merged: keysetPage(query, mergedKeys, query.orderBy), words: keysetPage(query, wordListKeys, query.orderBy) };
    const written = { columns: json, joins: fromStudents(followupDays) };
    const read = async (way: NameOrderWay) => {
      const statement = nameOrderStatement(plan, page, keys, written, way);
      return statement ? rows<Found>(db.execute(prepared(statement))) : null;
    };
    // No rows: the walk did not fill the page (or nothing matched), the words' lists then tell.
    let found = await read('first');
    if (found?.length === 0 && plan.kind === 'wide') found = await read('word lists');
    if (!found) return null;
    const first = found[0]?.counted;
    return { found, read: first ? { entries: Number(first[0]), students: Number(first[1]) } : null };
  };
  const named = await namedOrder();
  const found =
    named?.found ??
    (await rows<Found>(
      db.execute(sql`select ${json} from (select s.id from students s join schools sc on sc.id = s.school_id
        left join users i on i.id = s.instructor_id
        where ${where} and ${page.where} order by ${page.order} limit ${page.limit} offset ${page.offset}) chosen
        join students s on s.id = chosen.id ${fromStudents(followupDays)} order by ${page.order}`),
    ));
  const { rows: shown, ...cursors } = page.finish(found);
  // A last page counts itself (a search for one person, most often); otherwise the name order's
  // count, or the filter's, which reads only `s`, counted without joins.
  const counting = async () => {
    const planTotal = plan && named ? await nameOrderTotal(db, plan, named.read ?? undefined) : null;
    if (planTotal === null) return cappedCount(db, sql`from students s`, where);
    return { total: Math.min(planTotal, countCap), capped: planTotal > countCap };
  };
  const count = page.countOf(found) ?? (await counting());
  return { students: shown.map((row) => row.json), total: count.total, more: { total_capped: count.capped, ...cursors } };
}

/**
 * A page of the student list sent as the database wrote its students (docs/decisions/030), with
 * the list's pagination: GET /students and a school's and a user's students.
 */
export async function sendStudentList(
  reply: FastifyReply,
  db: DbOrTx,
  scope: Scope,
  query: StudentListQuery,
  env: Pick<Env, 'FOLLOWUP_DAYS' | 'NODE_ENV'>,
): Promise<FastifyReply> {
  const { students, total, more } = await listStudents(db, scope, query, env.FOLLOWUP_DAYS);
  const text = jsonObjectText({
    students: rawJsonArray(students),
    pagination: paginationOf(query, total, students.length, more),
  });
  return sendJsonText(reply, StudentListResponse, text, jsonTextChecked(env));
}

/** GET /students/{id}: the student whose scope check passed. */
export async function findStudent(db: DbOrTx, id: Visible<'student'>, followupDays: number): Promise<Student> {
  const [found] = await rows<{ json: string }>(
    db.execute(prepared(sql`select ${studentJson} as json from students s ${fromStudents(followupDays)} where s.id = ${id}`)),
  );
  // Checked in this request: gone now means deleted by someone else in between.
  if (!found) throw notFound('Student');
  return JSON.parse(found.json) as Student;
}
