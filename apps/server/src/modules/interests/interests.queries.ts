import type { Interest, InterestListQuery } from '@srs/shared/interests';
import { type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../core/errors.ts';
import { and, orderBy, pageWindow, rows, searchWords } from '../../core/lists.ts';
import { type Scope, visibleInterest } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

type Row = Omit<Interest, 'series' | 'school' | 'student'> & {
  series_id: number | null;
  series_name: string | null;
  school_id: number | null;
  school_code: string | null;
  church_name: string | null;
  student_id: number | null;
  student_first_name: string | null;
  student_last_name: string | null;
};

/** An interest's columns with its series, school and student, over `i`. */
const interestColumns = sql`i.id, i.first_name, i.last_name, i.email, i.phone, i.address, i.address_2, i.city, i.state,
  i.zip_code, i.country, i.source, i.received_on::text as received_on, i.status, i.assigned_at::text as assigned_at,
  i.contacted_at::text as contacted_at, i.enrolled_at::text as enrolled_at, i.closed_at::text as closed_at,
  i.closed_reason, i.enrollment_id::int as enrollment_id,
  se.id::int as series_id, se.name as series_name, sc.id::int as school_id, sc.school_code, sc.church_name,
  st.id::int as student_id, st.first_name as student_first_name, st.last_name as student_last_name`;
const interestJoins = sql`interests i left join series se on se.id = i.series_id
  left join schools sc on sc.id = i.school_id left join students st on st.id = i.student_id`;

function interestOf(row: Row): Interest {
  const { series_id, series_name, school_id, school_code, church_name, student_id, student_first_name, student_last_name, ...rest } =
    row;
  return {
    ...rest,
    series: series_id === null ? null : { id: series_id, name: series_name ?? '' },
    school: school_id === null ? null : { id: school_id, school_code: school_code ?? '', church_name: church_name ?? '' },
    student:
      student_id === null ? null : { id: student_id, first_name: student_first_name ?? '', last_name: student_last_name ?? '' },
  };
}

/** Interests by a condition over `i`, in the order given. */
export async function selectInterests(db: DbOrTx, where: SQL, order: SQL = sql`i.id`, limit = 5000, offset = 0) {
  const found = await rows<Row>(
    db.execute(sql`select ${interestColumns} from ${interestJoins} where ${where} order by ${order} limit ${limit} offset ${offset}`),
  );
  return found.map(interestOf);
}

export async function interestById(db: DbOrTx, id: number): Promise<Interest> {
  const [found] = await selectInterests(db, sql`i.id = ${id}`);
  if (!found) throw notFound('Interest');
  return found;
}

/** The list's filter: the user's scope, the status, the source, the school and the quick find (name, email, city or zip). */
export function interestFilter(scope: Scope, query: Omit<InterestListQuery, 'page' | 'per_page' | 'pagination'>): SQL {
  return and([
    visibleInterest(scope),
    query.status !== undefined && sql`i.status = ${query.status}`,
    query.source !== undefined && sql`i.source = ${query.source}`,
    query.school_id !== undefined && sql`i.school_id = ${query.school_id}`,
    quickFind(query.query),
  ]);
}

/** Quick find: every word in the name, email, city or zip code. */
export function quickFind(text: string | undefined): SQL {
  return and(
    searchWords(undefined, text).map((word) => sql`lower(concat_ws(' ', i.first_name, i.last_name, i.email, i.city, i.zip_code)) like ${word}`),
  );
}

export const interestOrder = (query: Pick<InterestListQuery, 'sortBy' | 'orderBy'>) =>
  orderBy(
    { received_on: [sql`i.received_on`], name: [sql`i.last_name`, sql`i.first_name`], status: [sql`i.status`] },
    query.sortBy,
    query.orderBy,
    sql`i.id`,
  );

/** Interests the user may see: all for global admins, those assigned to the user's schools otherwise. */
export async function listInterests(db: DbOrTx, scope: Scope, query: InterestListQuery) {
  const where = interestFilter(scope, query);
  const { limit, offset } = pageWindow(query);
  const [interests, [count]] = await Promise.all([
    selectInterests(db, where, interestOrder(query), limit, offset),
    rows<{ total: number }>(db.execute(sql`select count(*)::int as total from interests i where ${where}`)),
  ]);
  return { interests, total: count?.total ?? 0 };
}
