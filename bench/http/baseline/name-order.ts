// The app's list in name order (apps/server/src/modules/students/name-order.ts) as plain SQL: one
// statement per page (docs/decisions/031) picks the page's ids (a few schools' parts; across many
// schools the words' own lists when at most 32 words hold a one-word search, else a bounded walk of
// the network's name order), writes those students and, when the page is full, reads the count.
import type { BaselineScope } from '../tokens.ts';
import { countCap, keysetPage, type PageQuery, searchWords } from './keyset.ts';
import { list, type Query, text } from './list-query.ts';
import { Params, type Pool, query, studentRowVisible } from './sql.ts';

const walkBudget = 5000;
const fewWords = 32;
const fewSchools = 3;
const digitsWord = /^%\d+%$/;

/** `conditions` writes the list's filters (the scope apart) into a statement's parameters. */
export type NameOrder =
  | { kind: 'few schools'; scope: BaselineScope; conditions: (p: Params) => string }
  | { kind: 'wide'; scope: BaselineScope; words: string[] };
type Wide = Extract<NameOrder, { kind: 'wide' }>;

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

/** How a page is read: `first` as the plan says; `word lists` after a walk that did not fill it. */
type NameOrderWay = 'first' | 'word lists';

/** What the page's statement writes of each student: `columns` from students `s`, and the `joins` after `students s`. */
export type Written = { columns: string; joins: string };

/** What a count read: its entries and the different students among them (`nameOrderCounted`). */
export type CountRead = { entries: number; students: number };

/**
 * The app's `nameOrderCounted`: `[entries, students]` (an int array) reading at most `read` entries,
 * or null when the general count must answer (two or more words across many schools). `in
 * statement` reads the words of the page's statement (`words`), `alone` asks the database function.
 */
function nameOrderCounted(plan: NameOrder, read: number, words: 'in statement' | 'alone'): ((p: Params) => string) | null {
  if (plan.kind === 'few schools') {
    const open = { where: () => 'true', order: 's.last_name, s.first_name, s.id' };
    return (p) => `(select array[count(*), count(*)]::int[] from (${fewSchoolsParts(plan, p, open, read)}) n)`;
  }
  const [word] = plan.words;
  if (plan.words.length > 1 || word === undefined) return null;
  return (p) => `(select array[count(*), count(distinct student_id)]::int[] from (
    select sw.student_id from unnest(${words === 'in statement' ? '(select wd.ids from words wd)' : `srs_words_containing(${p.add(word)})`}) as w(id)
      join student_words sw on sw.word_id = w.id
    where ${studentRowVisible(plan.scope, p, 'sw', 'student_id')} limit ${p.add(read)}) found)`;
}

/**
 * The app's `nameOrderStatement`: the page's ids in a materialized CTE, the students `written` for
 * them and, when the page is full, the count read (column `counted`). It returns rows only when its
 * ids are the page: a walk that did not fill the page returns none. Null when the general query must
 * answer (the words' lists of two or more words).
 */
function nameOrderStatement(
  plan: NameOrder,
  p: Params,
  window: PageQuery,
  direction: 'asc' | 'desc',
  written: Written,
  way: NameOrderWay,
): string | null {
  const oneWord = plan.kind === 'wide' && plan.words.length === 1 ? (plan.words[0] ?? null) : null;
  if (way === 'word lists' && oneWord === null) return null;
  const limit = window.per_page + 1;
  const offset = window.after || window.before ? 0 : (window.page - 1) * window.per_page;
  const s = keysetPage(p, window, keys('s', 'id'), direction);
  const n = keysetPage(p, window, keys('n', 'id'), direction);
  const sw = keysetPage(p, window, keys('sw', 'student_id'), direction);
  // No offset unless there is one (a numbered page), as the app writes it.
  const pickedIds = (found: string) =>
    `select n.id from (${found}) n order by ${n.order} limit ${p.add(limit)}${offset > 0 ? ` offset ${p.add(offset)}` : ''}`;
  const walkIds = (wide: Wide) =>
    pickedIds(`select s.id, s.last_name, s.first_name from (
      select s.id, s.last_name, s.first_name, s.search_name, s.school_id, s.instructor_id from students s
      where ${s.where()} order by ${s.order} limit ${walkBudget}) s
    where ${matchesAll(wide.words, p, 's.search_name')} and ${studentRowVisible(wide.scope, p, 's')}`);
  const wordListIds = (wide: Wide) =>
    pickedIds(`select distinct sw.student_id as id, sw.last_name, sw.first_name
    from unnest(wd.ids) as w(id) cross join lateral (
      select sw.student_id, sw.last_name, sw.first_name from student_words sw
      where sw.word_id = w.id and ${studentRowVisible(wide.scope, p, 'sw', 'student_id')} and ${sw.where()}
      order by ${sw.order} limit ${p.add(offset + limit)}) sw`);
  // Written in the order of the text, so that the placeholders are numbered as they appear.
  const words = oneWord === null ? '' : `words as materialized (select srs_words_containing(${p.add(oneWord)}) as ids), `;
  const picked =
    plan.kind === 'few schools'
      ? `select array(${pickedIds(fewSchoolsParts(plan, p, s, offset + limit))}) as ids, true as complete`
      : oneWord === null
        ? `select array(${walkIds(plan)}) as ids, false as complete`
        : way === 'word lists'
          ? `select array(${wordListIds(plan)}) as ids, true as complete from words wd`
          : `select case when cardinality(wd.ids) <= ${p.add(fewWords)} then array(${wordListIds(plan)})
              else array(${walkIds(plan)}) end as ids, cardinality(wd.ids) <= ${p.add(fewWords)} as complete from words wd`;
  const counted = nameOrderCounted(plan, firstRead(plan), 'in statement');
  return `with ${words}picked as materialized (${picked})
    select ${written.columns}, ${counted ? `case when cardinality(p.ids) = ${p.add(limit)} then ${counted(p)} end` : 'null::int[]'} as counted
    from picked p cross join students s ${written.joins}
    where s.id = any(p.ids) and (p.complete or cardinality(p.ids) = ${p.add(limit)}) order by ${s.order}`;
}

/**
 * A page in name order as the app's `listStudents` reads it: the page's statement, then, when it
 * returned no rows across many schools, the words' lists; `read` is the count the statement read
 * (a full page). Null when the general query must answer.
 */
export async function nameOrderRows<T extends object>(
  pool: Pool,
  plan: NameOrder,
  window: PageQuery,
  direction: 'asc' | 'desc',
  written: Written,
): Promise<{ found: (T & { counted: number[] | null })[]; read: CountRead | null } | null> {
  const read = async (way: NameOrderWay) => {
    const p = new Params();
    const statement = nameOrderStatement(plan, p, window, direction, written, way);
    return statement === null ? null : query<T & { counted: number[] | null }>(pool, statement, p);
  };
  let found = await read('first');
  if (found?.length === 0 && plan.kind === 'wide') found = await read('word lists');
  if (!found) return null;
  const first = found[0]?.counted;
  return { found, read: first ? { entries: Number(first[0]), students: Number(first[1]) } : null };
}

/** As the app's: a few schools read the cap and one, the words' lists 63 more (a student read twice). */
const firstRead = (plan: NameOrder) => (plan.kind === 'few schools' ? countCap + 1 : countCap + 64);

/**
 * The app's `nameOrderTotal`: from a first read (`firstRead`; `first`, the page's statement's, or
 * read alone), more different students than the cap is past the cap and fewer entries than read is
 * every one; else twice that, and past it the general count (null).
 */
export async function nameOrderTotal(pool: Pool, plan: NameOrder, first?: CountRead): Promise<number | null> {
  const readUpTo = async (read: number): Promise<CountRead | null> => {
    const counted = nameOrderCounted(plan, read, 'alone');
    if (!counted) return null;
    const p = new Params();
    const [row] = await query<{ counted: number[] | null }>(pool, `select ${counted(p)} as counted`, p);
    return { entries: Number(row?.counted?.[0] ?? 0), students: Number(row?.counted?.[1] ?? 0) };
  };
  for (const read of [firstRead(plan), 2 * firstRead(plan)]) {
    const found = read === firstRead(plan) && first ? first : await readUpTo(read);
    if (!found) return null;
    if (found.entries < read || found.students > countCap) return found.students;
  }
  return null;
}
