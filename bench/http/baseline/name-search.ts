// The app's name search (apps/server/src/modules/students/name-search.ts) as plain SQL: the page's
// ids by a walk of a few schools, by a bounded walk of the network's name order, or by the words'
// own lists, and the count past the cap.
import type { BaselineScope } from '../tokens.ts';
import { countCap, keysetPage, type PageQuery, searchWords } from './keyset.ts';
import { list, type Query, text } from './list-query.ts';
import { type Params, type Pool, query } from './sql.ts';

const walkBudget = 5000;
const fewSchools = 3;
const digitsWord = /^%\d+%$/;

export type NameSearch = { words: string[]; scope: BaselineScope; kind: 'few schools' | 'wide' };

export function nameSearchOf(scope: BaselineScope, q: Query, window: PageQuery): NameSearch | null {
  if ((text(q, 'sortBy') ?? 'name') !== 'name' || !window.pagination || (text(q, 'section') ?? 'all') !== 'all') return null;
  const filters = ['enrollments_registration_number_eq', 'enrollments_series_id_eq', 'enrollments_series_type_eq', 'school_id_eq', 'instructor_id_eq'];
  if (filters.some((name) => text(q, name) !== undefined) || text(q, 'enrollments_needing_followup_eq') === 'true') return null;
  const words = searchWords(list(q, 'full_name_i_cont_all'), text(q, 'query'));
  if (words.length === 0 || words.some((word) => digitsWord.test(word))) return null;
  return { words, scope, kind: !scope.all && scope.adminSchoolIds.length <= fewSchools ? 'few schools' : 'wide' };
}

const matchesAll = (search: NameSearch, p: Params, column: string) =>
  search.words.map((word) => `${column} like ${p.add(word)}`).join(' and ');

function inScope(scope: BaselineScope, p: Params, alias: string, id: string): string {
  if (scope.all) return 'true';
  return `(${alias}.school_id in ${p.list(scope.adminSchoolIds)} or ${alias}.instructor_id = ${p.add(scope.userId)}
    or ${alias}.${id} in (select ss.student_id from student_shares ss where ss.user_id = ${p.add(scope.userId)}))`;
}

function fewSchoolsMatches(search: NameSearch, p: Params, keyed: { where: () => string; order: string }, limit: number) {
  const part = (from: string, which: () => string) =>
    `(select n.id, n.last_name, n.first_name from ${from} where ${which()} and ${matchesAll(search, p, 'n.search_name')}
      and ${keyed.where()} order by ${keyed.order} limit ${p.add(limit)})`;
  return [
    ...search.scope.adminSchoolIds.map((id) => part('students n', () => `n.school_id = ${p.add(id)}`)),
    part('students n', () => `n.instructor_id = ${p.add(search.scope.userId)}`),
    part('student_shares ss join students n on n.id = ss.student_id', () => `ss.user_id = ${p.add(search.scope.userId)}`),
  ].join(' union ');
}

const nameKeys = (alias: string, id: string) => [
  { expr: `${alias}.last_name` },
  { expr: `${alias}.first_name` },
  { expr: `${alias}.${id}` },
];

export async function nameSearchPage(
  pool: Pool,
  newParams: () => Params,
  search: NameSearch,
  window: PageQuery,
  direction: 'asc' | 'desc',
): Promise<number[] | null> {
  const wanted = window.per_page + 1 + (window.after || window.before ? 0 : (window.page - 1) * window.per_page);
  const pick = async (build: (p: Params, n: ReturnType<typeof keysetPage>) => string) => {
    const p = newParams();
    const n = keysetPage(p, window, nameKeys('n', 'id'), direction);
    const matches = build(p, n);
    const found = await query<{ id: number }>(
      pool,
      `select n.id from (${matches}) n order by ${n.order} limit ${n.limit()} offset ${n.offset()}`,
      p,
    );
    return found.map((row) => Number(row.id));
  };
  if (search.kind === 'few schools') return pick((p, n) => fewSchoolsMatches(search, p, n, wanted));
  const walked = await pick(
    (p, n) => `select n.id, n.last_name, n.first_name from (
      select n.id, n.last_name, n.first_name, n.search_name, n.school_id, n.instructor_id from students n
      where ${n.where()} order by ${n.order} limit ${p.add(walkBudget)}) n
    where ${matchesAll(search, p, 'n.search_name')} and ${inScope(search.scope, p, 'n', 'id')}`,
  );
  if (walked.length === window.per_page + 1) return walked;
  if (search.words.length > 1) return null;
  return pick((p) => {
    const sw = keysetPage(p, window, nameKeys('sw', 'student_id'), direction);
    return `select distinct sw.student_id as id, sw.last_name, sw.first_name
      from name_words w cross join lateral (
        select sw.student_id, sw.last_name, sw.first_name from student_words sw
        where sw.word_id = w.id and ${inScope(search.scope, p, 'sw', 'student_id')} and ${sw.where()}
        order by ${sw.order} limit ${p.add(wanted)}) sw
      where w.word like ${p.add(search.words[0])}`;
  });
}

export async function nameSearchCount(pool: Pool, newParams: () => Params, search: NameSearch): Promise<number | null> {
  const p = newParams();
  if (search.kind === 'few schools') {
    const open = { where: () => 'true', order: 'n.last_name, n.first_name, n.id' };
    const [row] = await query<{ total: number }>(
      pool,
      `select count(*)::int as total from (${fewSchoolsMatches(search, p, open, countCap + 1)}) n`,
      p,
    );
    return Number(row?.total ?? 0);
  }
  if (search.words.length > 1) return null;
  const read = 2 * (countCap + 1);
  const [row] = await query<{ entries: number; students: number }>(
    pool,
    `select count(*)::int as entries, count(distinct student_id)::int as students from (
      select sw.student_id from name_words w join student_words sw on sw.word_id = w.id
      where w.word like ${p.add(search.words[0])} and ${inScope(search.scope, p, 'sw', 'student_id')} limit ${p.add(read)}) found`,
    p,
  );
  const entries = Number(row?.entries ?? 0);
  const students = Number(row?.students ?? 0);
  return entries < read || students > countCap ? students : null;
}
