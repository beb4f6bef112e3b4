import type { StudentListQuery } from '@srs/shared/students';
import { type SQL, sql } from 'drizzle-orm';
import { countCap } from '@srs/shared/common';
import { and, type keysetPage, rows, type SortKey, searchWords } from '../../core/lists.ts';
import { type Scope, sqlIdList } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The student list searched by name in name order, the way staff search every day, at the size of
 * a whole network (docs/decisions/011). Every word typed must appear in the student's search name
 * (`search_name like '%word%'`), exactly as the general filter says; only the way there differs:
 *
 * - a user who sees a few schools walks those schools' students in name order, reading only the
 *   name index (it carries the search name), to the end of what they may see at worst;
 * - a user who sees many schools or the whole network first walks the network's name order for at
 *   most `walkBudget` index entries (a frequent fragment fills a page long before that); when the
 *   matches are rare or bunched (everyone named Smith sits under S), the students of each matching
 *   word are read in name order instead (`student_words`), the first ones of every word merged;
 * - the count stops past `countCap` (decision 008) and, network-wide, counts the students of the
 *   matching words instead of rechecking a million names.
 * A search of two or more words that no walk fills goes to the general query (its trigram index
 * intersects the words' matches, which are few).
 */

/**
 * Index entries a network-wide walk reads before it turns to the words' own lists (about 2 ms).
 * A setting only so that tests can make small networks take the second way too.
 */
export const nameSearchSettings = { walkBudget: 5000 };
/** A user administering more schools than this searches like a global admin, within their scope. */
export const fewSchools = 3;
/** A word of digits may be a registration number: such a search takes the general query. */
const digitsWord = /^%\d+%$/;

type Page = ReturnType<typeof keysetPage>;
export type NameSearch = { words: string[]; scope: Scope; kind: 'few schools' | 'wide' };

/** The name search this list asks for, or null when the general query serves it. */
export function nameSearchOf(scope: Scope, query: StudentListQuery): NameSearch | null {
  if (query.sortBy !== 'name' || !query.pagination || query.section !== 'all') return null;
  const filtered =
    query.enrollments_registration_number_eq !== undefined ||
    query.enrollments_needing_followup_eq === 'true' ||
    query.enrollments_series_id_eq !== undefined ||
    query.enrollments_series_type_eq !== undefined ||
    query.school_id_eq !== undefined ||
    query.instructor_id_eq !== undefined;
  if (filtered) return null;
  const words = searchWords(query.full_name_i_cont_all, query.query);
  if (words.length === 0 || words.some((word) => digitsWord.test(word))) return null;
  const kind = !scope.all && scope.adminSchoolIds.length <= fewSchools ? 'few schools' : 'wide';
  return { words, scope, kind };
}

/** The name order's keys on a table alias: students (`s`) or student_words (`sw`). */
export const nameKeys = (alias: 'n' | 'sw', id: 'id' | 'student_id'): SortKey[] => [
  { expr: sql.raw(`${alias}.last_name`) },
  { expr: sql.raw(`${alias}.first_name`) },
  { expr: sql.raw(`${alias}.${id}`) },
];

const matchesAll = (search: NameSearch, column: SQL) => and(search.words.map((word) => sql`${column} like ${word}`));

/** The scope on rows carrying a student's id, school and instructor (DOMAIN.md, "What each user sees"). */
function inScope(scope: Scope, alias: 'n' | 'sw', id: 'id' | 'student_id'): SQL {
  if (scope.all) return sql`true`;
  const a = sql.raw(alias);
  return sql`(${a}.school_id in ${sqlIdList(scope.adminSchoolIds)} or ${a}.instructor_id = ${scope.userId}
    or ${a}.${sql.raw(id)} in (select ss.student_id from student_shares ss where ss.user_id = ${scope.userId}))`;
}

/**
 * The few-schools walk: each part of the user's scope in name order from its own index, every
 * word tested on the index entry. `keyed` is the page's cursor and order on alias `n`.
 */
function fewSchoolsMatches(search: NameSearch, keyed: { where: SQL; order: SQL }, limit: number): SQL {
  const { scope } = search;
  const part = (from: SQL, which: SQL) => sql`(select n.id, n.last_name, n.first_name from ${from}
    where ${which} and ${matchesAll(search, sql`n.search_name`)} and ${keyed.where} order by ${keyed.order} limit ${limit})`;
  const parts = [
    ...scope.adminSchoolIds.map((schoolId) => part(sql`students n`, sql`n.school_id = ${schoolId}`)),
    part(sql`students n`, sql`n.instructor_id = ${scope.userId}`),
    part(sql`student_shares ss join students n on n.id = ss.student_id`, sql`ss.user_id = ${scope.userId}`),
  ];
  // UNION: a student of the user's school may also be theirs or shared with them.
  return sql.join(parts, sql` union `);
}

/**
 * The ids of a page of the search in the page's order (`page.finish` turns a backward page), or
 * null when the general query must answer: two or more words that the walk did not fill a page of.
 * `keys` are the page's cursor and order on students (`n`) and on student_words (`sw`).
 */
export async function nameSearchPage(
  db: DbOrTx,
  search: NameSearch,
  page: Page,
  keys: { n: Pick<Page, 'where' | 'order'>; sw: Pick<Page, 'where' | 'order'> },
): Promise<number[] | null> {
  const wanted = page.offset + page.limit;
  const pick = async (matches: SQL) =>
    (
      await rows<{ id: number }>(
        db.execute(sql`select n.id from (${matches}) n order by ${keys.n.order} limit ${page.limit} offset ${page.offset}`),
      )
    ).map((row) => Number(row.id));

  if (search.kind === 'few schools') return pick(fewSchoolsMatches(search, keys.n, wanted));

  // The network's name order, at most walkBudget entries of it, read from the index alone.
  const walked = await pick(sql`select n.id, n.last_name, n.first_name from (
      select n.id, n.last_name, n.first_name, n.search_name, n.school_id, n.instructor_id from students n
      where ${keys.n.where} order by ${keys.n.order} limit ${nameSearchSettings.walkBudget}) n
    where ${matchesAll(search, sql`n.search_name`)} and ${inScope(search.scope, 'n', 'id')}`);
  if (walked.length === page.limit) return walked;
  if (search.words.length > 1) return null;
  // One word, rare or bunched: the first students of each word that contains it, merged.
  return pick(sql`select distinct sw.student_id as id, sw.last_name, sw.first_name
    from name_words w cross join lateral (
      select sw.student_id, sw.last_name, sw.first_name from student_words sw
      where sw.word_id = w.id and ${inScope(search.scope, 'sw', 'student_id')} and ${keys.sw.where}
      order by ${keys.sw.order} limit ${wanted}) sw
    where w.word like ${search.words[0]}`);
}

/**
 * How many students the search finds, up to countCap (docs/decisions/008), or null when the general
 * count must answer (two or more words across many schools).
 */
export async function nameSearchCount(db: DbOrTx, search: NameSearch): Promise<number | null> {
  const open = { where: sql`true`, order: sql`n.last_name, n.first_name, n.id` };
  if (search.kind === 'few schools') {
    const [row] = await rows<{ total: number }>(
      db.execute(sql`select count(*)::int as total from (${fewSchoolsMatches(search, open, countCap + 1)}) n`),
    );
    return Number(row?.total ?? 0);
  }
  if (search.words.length > 1) return null;
  // Students of the words containing the term, twice the cap at most: a student with two such
  // words (Ann Annette) is read twice, so distinct ids decide.
  const read = 2 * (countCap + 1);
  const [row] = await rows<{ entries: number; students: number }>(
    db.execute(sql`select count(*)::int as entries, count(distinct student_id)::int as students from (
      select sw.student_id from name_words w join student_words sw on sw.word_id = w.id
      where w.word like ${search.words[0]} and ${inScope(search.scope, 'sw', 'student_id')} limit ${read}) found`),
  );
  const entries = Number(row?.entries ?? 0);
  const students = Number(row?.students ?? 0);
  if (entries < read || students > countCap) return students;
  // More than half of them twice over: only the general count can tell.
  return null;
}
