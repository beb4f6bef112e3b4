import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The erased student's words in the name search's dictionary (`name_words`, migration 0005,
 * docs/decisions/011). The triggers on students keep each student's `student_words` rows: the
 * erasure's new name replaces them. But they never take a word out of `name_words`, whose words
 * are not counted: a rare last name would stay there, linked to no one. The erasure takes out the
 * words of the student's names that no student's name holds any more; other words, a past name of
 * someone else among them, are not its business.
 */

/** The fields of a Student version that hold its name (the search name is the three, lowercased). */
const nameFields = ['firstName', 'middleName', 'lastName', 'searchName'];

/**
 * The words of the student's name now and of every name its versions held (a renamed student's old
 * name too), split as the triggers split a search name. Read before the erasure redacts them.
 */
export async function studentNameWords(tx: DbOrTx, studentId: number): Promise<string[]> {
  const found = await rows<{ word: string }>(
    tx.execute(sql`select distinct t.word from (
        select s.search_name as name from students s where s.id = ${studentId}
        union all
        select n.name from versions v
          cross join unnest(${sql.param(nameFields)}::text[]) f(field)
          cross join lateral (values (v.object ->> f.field), (v.object_changes -> f.field ->> 0), (v.object_changes -> f.field ->> 1)) n(name)
        where v.item_type = 'Student' and v.item_id = ${studentId}
      ) names cross join regexp_split_to_table(lower(names.name), ' ') t(word)
      where t.word <> ''`),
  );
  return found.map((row) => row.word);
}

/**
 * Takes out of `name_words` those of `words` that no student's words name, after the student's new
 * name has replaced its `student_words` rows. The words are locked first, skipping those a writer
 * is linking a student to right now (its foreign key check holds them): that student uses the word.
 * Once locked, nobody links one until this transaction ends, so the check that follows, in a
 * statement of its own, sees every link there is.
 */
export async function forgetUnusedWords(tx: DbOrTx, words: string[]): Promise<void> {
  if (words.length === 0) return;
  const locked = await rows<{ id: number }>(
    tx.execute(sql`select w.id from name_words w where w.word = any(${sql.param(words)}::text[])
      order by w.id for update skip locked`),
  );
  if (locked.length === 0) return;
  await tx.execute(sql`delete from name_words w
    where w.id = any(${sql.param(locked.map((row) => Number(row.id)))}::int[])
      and not exists (select 1 from student_words sw where sw.word_id = w.id)`);
}
