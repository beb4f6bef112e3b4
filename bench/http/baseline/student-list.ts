// GET /students as the app answers it (students.queries.ts `listStudents`): in name order the
// page's ids, students and count in one statement (name-order.ts); else the page by key or offset
// and its capped count, in parallel; then the enrollments of the page in one query.
import type { BaselineScope } from '../tokens.ts';
import { capped, cappedCountSql, keysetPage, pagination, searchWords, type SortKey } from './keyset.ts';
import { list, pageQuery, type Query, text } from './list-query.ts';
import { nameOrderOf, nameOrderRows, nameOrderTotal } from './name-order.ts';
import { needsFollowup, Params, type Pool, query, visibleStudent } from './sql.ts';
import { fromStudents, studentColumns, type StudentsRow, withEnrollments } from './students.ts';

const fullName = 's.search_name';
const registrationWord = /^%\d{1,18}%$/;
/** `fromStudents` after its `students s`: the name order's statement joins the same to its picked ids. */
const studentJoins = fromStudents.replace(/^from students s /, '');

type PageRow = StudentsRow & { page_key: (string | number | null)[] };

/** The app's `studentFilter`, for the filters the bench sends. */
function studentFilter(scope: BaselineScope, q: Query, p: Params, typeSeries: number[]): string {
  return `${visibleStudent(scope, p)} and ${studentConditions(scope, q, p, typeSeries)}`;
}

/** The app's `studentConditions`: every filter, the scope apart. */
function studentConditions(scope: BaselineScope, q: Query, p: Params, typeSeries: number[]): string {
  const parts = ['true'];
  for (const word of searchWords(list(q, 'full_name_i_cont_all'), text(q, 'query'))) {
    parts.push(
      registrationWord.test(word)
        ? `(${fullName} like ${p.add(word)} or exists (select 1 from enrollments ew where ew.student_id = s.id and ew.registration_number = ${p.add(word.slice(1, -1))}::bigint))`
        : `${fullName} like ${p.add(word)}`,
    );
  }
  const section = text(q, 'section');
  if (section === 'mine') parts.push(`s.instructor_id = ${p.add(scope.userId)}`);
  if (section === 'shared') {
    parts.push(
      `exists (select 1 from student_shares ss2 where ss2.student_id = s.id and ss2.user_id = ${p.add(scope.userId)})`,
    );
  }
  const registration = text(q, 'enrollments_registration_number_eq');
  if (registration !== undefined) {
    parts.push(
      `exists (select 1 from enrollments er where er.student_id = s.id and er.registration_number = ${p.add(registration)}::bigint)`,
    );
  }
  if (text(q, 'enrollments_needing_followup_eq') === 'true') {
    parts.push(`exists (select 1 from enrollments e where e.student_id = s.id and ${needsFollowup(p)})`);
  }
  const seriesId = text(q, 'enrollments_series_id_eq');
  if (seriesId !== undefined)
    parts.push(
      `exists (select 1 from enrollments es where es.student_id = s.id and es.series_id = ${p.add(Number(seriesId))})`,
    );
  if (text(q, 'enrollments_series_type_eq') !== undefined) {
    parts.push(`exists (select 1 from enrollments et where et.student_id = s.id and not et.orphaned
        and et.series_id = any(${p.add(typeSeries)}::bigint[]))`);
  }
  const schoolId = text(q, 'school_id_eq');
  if (schoolId !== undefined) parts.push(`s.school_id = ${p.add(Number(schoolId))}`);
  const instructorId = text(q, 'instructor_id_eq');
  if (instructorId !== undefined) parts.push(`s.instructor_id = ${p.add(Number(instructorId))}`);
  return parts.join(' and ');
}

const studentSortKeys: Record<string, SortKey[]> = {
  name: [{ expr: 's.last_name' }, { expr: 's.first_name' }],
  address: [
    { expr: 's.city', nullable: true },
    { expr: 's.address', nullable: true },
  ],
  created_at: [{ expr: 's.created_at' }],
  instructor: [
    { expr: 'i.last_name', nullable: true },
    { expr: 'i.first_name', nullable: true },
  ],
  school: [{ expr: 'sc.school_code' }],
};

export async function listStudents(pool: Pool, scope: BaselineScope, q: Query) {
  const window = pageQuery(q);
  const sortBy = text(q, 'sortBy') ?? 'name';
  const direction = text(q, 'orderBy') === 'desc' ? 'desc' : 'asc';
  // The app's `seriesOfType`: the ids of the series of the type the filter names.
  const type = text(q, 'enrollments_series_type_eq');
  const typeSeries =
    type === undefined
      ? []
      : (await query<{ id: number }>(pool, 'select se.id from series se where se.type = $1', [type])).map((row) => Number(row.id));
  const p = new Params();
  const page = keysetPage(
    p,
    window,
    [...(studentSortKeys[sortBy] ?? studentSortKeys.name ?? []), { expr: 's.id' }],
    direction,
  );
  // In name order the page's ids, its students and (a full page) its count in one statement
  // (docs/decisions/031); the general query when it cannot answer.
  const plan = nameOrderOf(scope, q, window, (params) => studentConditions(scope, q, params, typeSeries));
  const named = plan
    ? await nameOrderRows<PageRow>(pool, plan, window, direction, { columns: `${studentColumns}, ${page.key} as page_key`, joins: studentJoins })
    : null;
  const generalCount = () => {
    const c = new Params();
    return query<{ total: number }>(pool, cappedCountSql('from students s', studentFilter(scope, q, c, typeSeries), c), c);
  };
  let found: PageRow[];
  let count: { total: number } | undefined;
  if (plan && named) {
    found = named.found.map(({ counted: _counted, ...row }) => row);
    // A full page counts from the statement's read (the app's rule); a page not full asks the name
    // order's count (no last page counts itself here, as before); the general count past them.
    const planTotal = await nameOrderTotal(pool, plan, named.read ?? undefined);
    [count] = planTotal === null ? await generalCount() : [{ total: planTotal }];
  } else {
    const where = studentFilter(scope, q, p, typeSeries);
    const pageSql = `select ${studentColumns}, ${page.key} as page_key ${fromStudents} where ${where} and ${page.where()}
          order by ${page.order} limit ${page.limit()} offset ${page.offset()}`;
    [found, [count]] = await Promise.all([query<PageRow>(pool, pageSql, p), generalCount()]);
  }
  const total = capped(Number(count?.total ?? 0));
  const { rows, ...cursors } = page.finish(found);
  const students = await withEnrollments(pool, rows as StudentsRow[]);
  return {
    students,
    pagination: pagination(window, total.total, students.length, { total_capped: total.capped, ...cursors }),
  };
}
