import { countCap } from '@srs/shared/common';
import type { StudentListQuery } from '@srs/shared/students';
import { type SQL, sql } from 'drizzle-orm';
import { and, type keysetPage, rows, type SortKey, searchWords } from '../../core/lists.ts';
import { type Scope, studentRowVisible } from '../../core/scope.ts';
import { type DbOrTx, prepared } from '../../db/client.ts';

/**
 * The student list in name order, the order staff read it in every day, at the size of a whole
 * network (docs/decisions/011). It finds what the general filter finds (`studentFilter`), reading
 * far less to get there:
 *
 * - a user who administers a few schools reads each school's students in name order from the
 *   school's name index (and their own and shared students'), each filter tested on the way, a
 *   page's worth of each merged: at most their own students are read, whatever the filter;
 * - a name search of someone who sees more first walks the network's name order for at most
 *   `walkBudget` index entries, every word tested on the entry (the index carries the search name):
 *   a frequent fragment fills a page long before that. When the matches are rare, or bunched
 *   (everyone named Smith sits under S), the students of each word that contains a one-word search
 *   are read in name order instead (`student_words`), a page's worth of each word, merged;
 * - counts stop past `countCap` (decision 008): a few schools count their parts; across many
 *   schools a one-word search counts the students of the matching words' lists.
 * Anything else (another order, filters across many schools, two words no walk filled a page of)
 * is for the general query, whose trigram index intersects the words.
 */

/**
 * Settings only so that tests can make small networks take every way:
 * - `walkBudget`: index entries a network-wide walk reads before it turns to the words' own lists
 *   (about 1 ms on the 1M seed);
 * - `fewWords`: a one-word search across many schools reads the lists of the words that contain it
 *   first when there are at most this many, else walks first. One word's list cost about as much
 *   as 130 entries of the walk (on the 1M seed: 23 words' lists 0.6 ms, a walk of 5,000 entries
 *   1.0 ms), so 32 lists cost what a walk of some 4,000 entries does.
 */
export const nameOrderSettings = { walkBudget: 5000, fewWords: 32 };
/** A user administering more schools than this searches like a global admin, within their scope. */
export const fewSchools = 3;
/** A word of digits may be a registration number: such a search across many schools takes the general query. */
const digitsWord = /^%\d+%$/;

type Page = ReturnType<typeof keysetPage>;
type Keyed = Pick<Page, 'where' | 'order'>;
export type NameOrder =
  | { kind: 'few schools'; scope: Scope; conditions: SQL }
  | { kind: 'wide'; scope: Scope; words: string[] };

/** How this list is read in name order, or null when the general query serves it. */
export function nameOrderOf(scope: Scope, query: StudentListQuery, conditions: SQL): NameOrder | null {
  if (query.sortBy !== 'name' || !query.pagination) return null;
  if (!scope.all && scope.adminSchoolIds.length <= fewSchools) return { kind: 'few schools', scope, conditions };
  const filtered =
    query.section !== 'all' ||
    query.enrollments_registration_number_eq !== undefined ||
    query.enrollments_needing_followup_eq === 'true' ||
    query.enrollments_series_id_eq !== undefined ||
    query.enrollments_series_type_eq !== undefined ||
    query.school_id_eq !== undefined ||
    query.instructor_id_eq !== undefined;
  const words = searchWords(query.full_name_i_cont_all, query.query);
  if (filtered || words.length === 0 || words.some((word) => digitsWord.test(word))) return null;
  return { kind: 'wide', scope, words };
}

/** The name order's keys on student_words (`sw`), as the list's are on students (`s`). */
export const wordListKeys: SortKey[] = [
  { expr: sql`sw.last_name` },
  { expr: sql`sw.first_name` },
  { expr: sql`sw.student_id` },
];

const matchesAll = (words: string[], column: SQL) => and(words.map((word) => sql`${column} like ${word}`));

/**
 * The few-schools parts: each part of the user's scope in name order from its own index, the
 * conditions tested on the way. `keyed` is the page's cursor and order on students `s`.
 */
function fewSchoolsParts(plan: Extract<NameOrder, { kind: 'few schools' }>, keyed: Keyed, limit: number): SQL {
  const { scope } = plan;
  const part = (from: SQL, which: SQL) => sql`(select s.id, s.last_name, s.first_name from ${from}
    where ${which} and ${plan.conditions} and ${keyed.where} order by ${keyed.order} limit ${limit})`;
  const parts = [
    ...scope.adminSchoolIds.map((schoolId) => part(sql`students s`, sql`s.school_id = ${schoolId}`)),
    part(sql`students s`, sql`s.instructor_id = ${scope.userId}`),
    part(sql`student_shares ss join students s on s.id = ss.student_id`, sql`ss.user_id = ${scope.userId}`),
  ];
  // UNION: a student of the user's school may also be theirs or shared with them.
  return sql.join(parts, sql` union `);
}

/** The page's keys on the plan's rows (`merged`, on `n`) and on student_words (`words`, on `sw`). */
export type NameOrderKeys = { merged: Keyed; words: Keyed };

/** How a page in name order is read: `first` as the plan says; `word lists` after a walk that did not fill it. */
export type NameOrderWay = 'first' | 'word lists';

/** A page's students as the list writes them: the columns from students `s`, and what they join. */
export type Written = { columns: SQL; joins: SQL };

/**
 * One statement for a page in name order (docs/decisions/031): the page's ids, `written` for each
 * (the list's JSON) and, when the page is full, the count read (`CountRead` as an int array,
 * column `counted`). It returns rows only when its ids are the page: a walk that did not fill the
 * page returns none, and the list asks the `word lists` way next. Null when the general query
 * must answer (a walk of two or more words that did not fill the page).
 */
export function nameOrderStatement(plan: NameOrder, page: Page, keys: NameOrderKeys, written: Written, way: NameOrderWay): SQL | null {
  const oneWord = plan.kind === 'wide' && plan.words.length === 1 ? plan.words[0]! : null;
  if (way === 'word lists' && oneWord === null) return null;
  // The words that hold a one-word search, read once (migration 0048: whatever the word, the
  // statement keeps one plan).
  const words = oneWord === null ? sql`` : sql`words as materialized (select srs_words_containing(${oneWord}) as ids), `;
  const few = Math.trunc(nameOrderSettings.fewWords);
  const picked =
    plan.kind === 'few schools'
      ? sql`select array(${pickedIds(fewSchoolsParts(plan, page, page.offset + page.limit), page, keys)}) as ids, true as complete`
      : oneWord === null
        ? sql`select array(${walkIds(plan, page, keys)}) as ids, false as complete`
        : way === 'word lists'
          ? sql`select array(${wordListIds(plan, page, keys)}) as ids, true as complete from words wd`
          : sql`select case when cardinality(wd.ids) <= ${few} then array(${wordListIds(plan, page, keys)})
              else array(${walkIds(plan, page, keys)}) end as ids, cardinality(wd.ids) <= ${few} as complete from words wd`;
  const counted = nameOrderCounted(plan, firstRead(plan), 'in statement');
  return sql`with ${words}picked as materialized (${picked})
    select ${written.columns}, ${counted ? sql`case when cardinality(p.ids) = ${page.limit} then ${counted} end` : sql`null::int[]`} as counted
    from picked p cross join students s ${written.joins}
    where s.id = any(p.ids) and (p.complete or cardinality(p.ids) = ${page.limit}) order by ${page.order}`;
}

/** The page's ids in the page's order from rows `found` (id, last_name, first_name), `keys.merged` on them. */
function pickedIds(found: SQL, page: Page, keys: NameOrderKeys): SQL {
  // No offset unless there is one (a numbered page): PostgreSQL plans a prepared statement for an
  // unknown offset as if it skipped a tenth of the rows, finds that dearer than the plan for the
  // values, and plans every search again (0.27 ms, as long as the walk itself).
  const skip = page.offset > 0 ? sql` offset ${page.offset}` : sql``;
  return sql`select n.id from (${found}) n order by ${keys.merged.order} limit ${page.limit}${skip}`;
}

/** The network's name order walked for at most walkBudget entries, read from the index alone, every word tested on the entry. */
function walkIds(plan: Extract<NameOrder, { kind: 'wide' }>, page: Page, keys: NameOrderKeys): SQL {
  return pickedIds(
    sql`select s.id, s.last_name, s.first_name from (
      select s.id, s.last_name, s.first_name, s.search_name, s.school_id, s.instructor_id from students s
      where ${page.where} order by ${page.order} limit ${sql.raw(String(Math.trunc(nameOrderSettings.walkBudget)))}) s
    where ${matchesAll(plan.words, sql`s.search_name`)} and ${studentRowVisible(plan.scope, 's')}`,
    page,
    keys,
  );
}

/**
 * The first students of each word of the statement's `words` (`wd`), merged: `keys.words` is the
 * page on student_words (`sw`).
 */
function wordListIds(plan: Extract<NameOrder, { kind: 'wide' }>, page: Page, keys: NameOrderKeys): SQL {
  return pickedIds(
    sql`select distinct sw.student_id as id, sw.last_name, sw.first_name
    from unnest(wd.ids) as w(id) cross join lateral (
      select sw.student_id, sw.last_name, sw.first_name from student_words sw
      where sw.word_id = w.id and ${studentRowVisible(plan.scope, 'sw', 'student_id')} and ${keys.words.where}
      order by ${keys.words.order} limit ${page.offset + page.limit}) sw`,
    page,
    keys,
  );
}

/** What a count read: its entries and the different students among them (`nameOrderCounted`). */
export type CountRead = { entries: number; students: number };

/**
 * How many students the list holds, as SQL of `[entries, students]` (an int array) reading at most
 * `read` entries, or null when the general count must answer (two or more words across many
 * schools). A few schools count their parts; across many schools a one-word search counts the
 * students of the words containing the term (`in statement`: the statement's `words`), where a
 * student with two such words (Ann Annette) is read twice, so distinct ids decide.
 */
function nameOrderCounted(plan: NameOrder, read: number, words: 'in statement' | 'alone'): SQL | null {
  if (plan.kind === 'few schools') {
    const open = { where: sql`true`, order: sql`s.last_name, s.first_name, s.id` };
    return sql`(select array[count(*), count(*)]::int[] from (${fewSchoolsParts(plan, open, read)}) n)`;
  }
  if (plan.words.length > 1) return null;
  const ids = words === 'in statement' ? sql`(select wd.ids from words wd)` : sql`srs_words_containing(${plan.words[0]!})`;
  return sql`(select array[count(*), count(distinct student_id)]::int[] from (
    select sw.student_id from unnest(${ids}) as w(id) join student_words sw on sw.word_id = w.id
    where ${studentRowVisible(plan.scope, 'sw', 'student_id')} limit ${read}) found)`;
}

/**
 * How many entries a count reads first: a few schools' parts, the cap and one (each entry is a
 * student); the words' lists, 63 more, as a student with two words holding the fragment (Andrew
 * Anderson) is read twice: on the 1M seed 1 to 2 students in 1,001 entries of `and`, `dav`, `ell`
 * and `lee`, which with the cap and one alone left the count unsure and read again.
 */
const firstRead = (plan: NameOrder) => (plan.kind === 'few schools' ? countCap + 1 : countCap + 64);

/**
 * The count from a first read (`firstRead`): more different students than the cap (a frequent
 * fragment, most often) is past the cap; fewer entries than read is every one. Otherwise some
 * were read twice: then twice that, and past it only the general count can tell (null).
 */
export async function nameOrderTotal(db: DbOrTx, plan: NameOrder, first?: CountRead): Promise<number | null> {
  const readUpTo = async (read: number): Promise<CountRead | null> => {
    const counted = nameOrderCounted(plan, read, 'alone');
    if (!counted) return null;
    const [row] = await rows<{ counted: number[] }>(db.execute(prepared(sql`select ${counted} as counted`)));
    return { entries: Number(row?.counted[0] ?? 0), students: Number(row?.counted[1] ?? 0) };
  };
  for (const read of [firstRead(plan), 2 * firstRead(plan)]) {
    const found = read === firstRead(plan) && first ? first : await readUpTo(read);
    if (!found) return null;
    if (found.entries < read || found.students > countCap) return found.students;
  }
  return null;
}
