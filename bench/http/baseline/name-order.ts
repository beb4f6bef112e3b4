// The app's list in name order (apps/server/src/modules/students/name-order.ts) as plain SQL: the
// page's ids by a walk of a few schools' parts, by a bounded walk of the network's name order, or by
// the words' own lists, and the count past the cap.
import type { BaselineScope } from '../tokens.ts';
import { countCap, keysetPage, type PageQuery, searchWords } from './keyset.ts';
import { list, type Query, text } from './list-query.ts';
import { type Params, type Pool, query, studentRowVisible } from './sql.ts';

const walkBudget = 5000;
const fewSchools = 3;
const digitsWord = /^%\d+%$/;

/** `conditions` writes the list's filters (the scope apart) into a statement's parameters. */
export type NameOrder =
  | { kind: 'few schools'; scope: BaselineScope; conditions: (p: Params) => string }
  | { kind: 'wide'; scope: BaselineScope; words: string[] };

export function nameOrderOf(
  scope: BaselineScope,
  q: Query,
  window: PageQuery,
  conditions: (p: Params) => string,
): NameOrder | null {
  if ((text(q, 'sortBy') ?? 'name') !== 'name' || !window.pagination) return null;
  if (!scope.all && scope.adminSchoolIds.length <= fewSchools) return { kind: 'few schools', scope, conditions };
  const filters = ['enrollments_registration_number_eq', 'enrollments_series_id_eq', 'enrollments_series_type_eq', 'school_id_eq', 'instructor_id_eq'];
  const filtered =
    (text(q, 'section') ?? 'all') !== 'all' ||
    filters.some((name) => text(q, name) !== undefined) ||
    text(q, 'enrollments_needing_followup_eq') === 'true';
  const words = searchWords(list(q, 'full_name_i_cont_all'), text(q, 'query'));
  if (filtered || words.length === 0 || words.some((word) => digitsWord.test(word))) return null;
  return { kind: 'wide', scope, words };
}

const matchesAll = (words: string[], p: Params, column: string) => words.map((word) => `${column} like ${p.add(word)}`).join(' and ');

function fewSchoolsParts(
  plan: Extract<NameOrder, { kind: 'few schools' }>,
  p: Params,
  keyed: { where: () => string; order: string },
  limit: number,
) {
  const part = (from: string, which: () => string) =>
    `(select s.id, s.last_name, s.first_name from ${from} where ${which()} and ${plan.conditions(p)}
      and ${keyed.where()} order by ${keyed.order} limit ${p.add(limit)})`;
  return [
    ...plan.scope.adminSchoolIds.map((id) => part('students s', () => `s.school_id = ${p.add(id)}`)),
    part('students s', () => `s.instructor_id = ${p.add(plan.scope.userId)}`),
    part('student_shares ss join students s on s.id = ss.student_id', () => `ss.user_id = ${p.add(plan.scope.userId)}`),
  ].join(' union ');
}

const keys = (alias: string, id: string) => [
  { expr: `${alias}.last_name` },
  { expr: `${alias}.first_name` },
  { expr: `${alias}.${id}` },
];

export async function nameOrderPage(
  pool: Pool,
  newParams: () => Params,
  plan: NameOrder,
  window: PageQuery,
  direction: 'asc' | 'desc',
): Promise<number[] | null> {
  const wanted = window.per_page + 1 + (window.after || window.before ? 0 : (window.page - 1) * window.per_page);
  const pick = async (build: (p: Params, s: ReturnType<typeof keysetPage>) => string) => {
    const p = newParams();
    const s = keysetPage(p, window, keys('s', 'id'), direction);
    const n = keysetPage(p, window, keys('n', 'id'), direction);
    const found = await query<{ id: number }>(
      pool,
      `select n.id from (${build(p, s)}) n order by ${n.order} limit ${n.limit()} offset ${n.offset()}`,
      p,
    );
    return found.map((row) => Number(row.id));
  };
  if (plan.kind === 'few schools') return pick((p, s) => fewSchoolsParts(plan, p, s, wanted));
  const walked = await pick(
    (p, s) => `select s.id, s.last_name, s.first_name from (
      select s.id, s.last_name, s.first_name, s.search_name, s.school_id, s.instructor_id from students s
      where ${s.where()} order by ${s.order} limit ${p.add(walkBudget)}) s
    where ${matchesAll(plan.words, p, 's.search_name')} and ${studentRowVisible(plan.scope, p, 's')}`,
  );
  if (walked.length === window.per_page + 1) return walked;
  if (plan.words.length > 1) return null;
  return pick((p) => {
    const sw = keysetPage(p, window, keys('sw', 'student_id'), direction);
    return `select distinct sw.student_id as id, sw.last_name, sw.first_name
      from name_words w cross join lateral (
        select sw.student_id, sw.last_name, sw.first_name from student_words sw
        where sw.word_id = w.id and ${studentRowVisible(plan.scope, p, 'sw', 'student_id')} and ${sw.where()}
        order by ${sw.order} limit ${p.add(wanted)}) sw
      where w.word like ${p.add(plan.words[0])}`;
  });
}

export async function nameOrderCount(pool: Pool, newParams: () => Params, plan: NameOrder): Promise<number | null> {
  const p = newParams();
  if (plan.kind === 'few schools') {
    const open = { where: () => 'true', order: 's.last_name, s.first_name, s.id' };
    const [row] = await query<{ total: number }>(
      pool,
      `select count(*)::int as total from (${fewSchoolsParts(plan, p, open, countCap + 1)}) n`,
      p,
    );
    return Number(row?.total ?? 0);
  }
  if (plan.words.length > 1) return null;
  const read = 2 * (countCap + 1);
  const [row] = await query<{ entries: number; students: number }>(
    pool,
    `select count(*)::int as entries, count(distinct student_id)::int as students from (
      select sw.student_id from name_words w join student_words sw on sw.word_id = w.id
      where w.word like ${p.add(plan.words[0])} and ${studentRowVisible(plan.scope, p, 'sw', 'student_id')} limit ${p.add(read)}) found`,
    p,
  );
  const entries = Number(row?.entries ?? 0);
  const students = Number(row?.students ?? 0);
  return entries < read || students > countCap ? students : null;
}
