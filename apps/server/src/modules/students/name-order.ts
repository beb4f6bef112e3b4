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
 * Index entries a network-wide walk reads before it turns to the words' own lists (about 2 ms).
 * A setting only so that tests can make small networks take the second way too.
 */
export const nameOrderSettings = { walkBudget: 5000 };
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

/**
 * The ids of a page in the page's order (`page.finish` turns a backward page), or null when the
 * general query must answer: two or more words that the walk did not fill a page of. `page` is the
 * list's page on students `s`; `merged` the same page on the parts' rows (`n`); `words` on
 * student_words (`sw`).
 */
export async function nameOrderPage(
  db: DbOrTx,
  plan: NameOrder,
  page: Page,
  keys: { merged: Keyed; words: Keyed },
): Promise<number[] | null> {
  const wanted = page.offset + page.limit;
  // A walk's plan is the same whatever the words: prepared. Which words contain a fragment is not.
  // No offset unless there is one (a numbered page): PostgreSQL plans a prepared statement for an
  // unknown offset as if it skipped a tenth of the rows, finds that dearer than the plan for the
  // values, and plans every search again (0.27 ms, as long as the walk itself).
  const skip = page.offset > 0 ? sql` offset ${page.offset}` : sql``;
  const pick = async (found: SQL, walk: boolean) => {
    const statement = sql`select n.id from (${found}) n order by ${keys.merged.order} limit ${page.limit}${skip}`;
    const picked = await rows<{ id: number }>(db.execute(walk ? prepared(statement) : statement));
    return picked.map((row) => Number(row.id));
  };

  if (plan.kind === 'few schools') return pick(fewSchoolsParts(plan, page, wanted), true);

  // The network's name order, at most walkBudget entries of it, read from the index alone.
  const walked = await pick(sql`select s.id, s.last_name, s.first_name from (
      select s.id, s.last_name, s.first_name, s.search_name, s.school_id, s.instructor_id from students s
      where ${page.where} order by ${page.order} limit ${sql.raw(String(Math.trunc(nameOrderSettings.walkBudget)))}) s
    where ${matchesAll(plan.words, sql`s.search_name`)} and ${studentRowVisible(plan.scope, 's')}`, true);
  if (walked.length === page.limit) return walked;
  if (plan.words.length > 1) return null;
  // One word, rare or bunched: the first students of each word that contains it, merged.
  return pick(sql`select distinct sw.student_id as id, sw.last_name, sw.first_name
    from name_words w cross join lateral (
      select sw.student_id, sw.last_name, sw.first_name from student_words sw
      where sw.word_id = w.id and ${studentRowVisible(plan.scope, 'sw', 'student_id')} and ${keys.words.where}
      order by ${keys.words.order} limit ${wanted}) sw
    where w.word like ${plan.words[0]}`, false);
}

/**
 * How many students the list holds, up to countCap (docs/decisions/008), or null when the general
 * count must answer (two or more words across many schools).
 */
export async function nameOrderCount(db: DbOrTx, plan: NameOrder): Promise<number | null> {
  if (plan.kind === 'few schools') {
    const open = { where: sql`true`, order: sql`s.last_name, s.first_name, s.id` };
    const [row] = await rows<{ total: number }>(
      db.execute(prepared(sql`select count(*)::int as total from (${fewSchoolsParts(plan, open, countCap + 1)}) n`)),
    );
    return Number(row?.total ?? 0);
  }
  if (plan.words.length > 1) return null;
  // Students of the words containing the term: a student with two such words (Ann Annette) is read
  // twice, so distinct ids decide. First as many entries as the cap and one: all of them different
  // students (a frequent fragment, most often) is past the cap; then, if some were read twice, twice that.
  const wordCount = async (read: number) => {
    const [row] = await rows<{ entries: number; students: number }>(
      db.execute(sql`select count(*)::int as entries, count(distinct student_id)::int as students from (
        select sw.student_id from name_words w join student_words sw on sw.word_id = w.id
        where w.word like ${plan.words[0]} and ${studentRowVisible(plan.scope, 'sw', 'student_id')} limit ${read}) found`),
    );
    return { entries: Number(row?.entries ?? 0), students: Number(row?.students ?? 0) };
  };
  for (const read of [countCap + 1, 2 * (countCap + 1)]) {
    const { entries, students } = await wordCount(read);
    if (entries < read || students > countCap) return students;
  }
  // More than half of them twice over: only the general count can tell.
  return null;
}
