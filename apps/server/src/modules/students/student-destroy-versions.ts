import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { rowDestroyedJson, rowJson, rowsJsonBy } from '../../core/row-json.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enrollments, notes, studentShares, students, studentsNotSamePerson, versions } from '../../db/schema/index.ts';
import { enrollmentDependents } from '../enrollments/public.ts';

/**
 * The destroy versions of many students about to be deleted (an import undone), in one statement:
 * each the version DELETE /students/{id} records, the student's fields and `associations` as
 * `studentsAssociations` reads them (its enrollments, what goes with each, its notes and shares,
 * each list in the order of its ids), and `object_changes` every field that was not null, as
 * `recordVersions` writes a destroy. Built in SQL from the rows, where building 50,000 of them as
 * JSON in the server and parsing it again took most of the undo's time (issue 27);
 * test/student-destroy-versions.test.ts holds them equal to what `recordVersions` writes. The
 * caller locks the students first, so that the rows written are the rows then deleted.
 */
export async function recordStudentsDestroyed(tx: DbOrTx, actor: Actor, studentIds: readonly number[]): Promise<void> {
  const ids = sql`${sql.param([...studentIds])}::bigint[]`;
  const groups = [
    { name: 'enrollments', rows: rowsJsonBy(enrollments, 'x', sql`x.student_id`, sql`from ${enrollments} x where x.student_id = any(${ids})`) },
    // A student's notes are all of them, with or without an enrollment (below).
    ...enrollmentDependents
      .filter(([name]) => name !== 'notes')
      .map(([name, table, column]) => ({
        name,
        rows: rowsJsonBy(
          table,
          'x',
          sql`e.student_id`,
          sql`from ${enrollments} e join ${table} x on x.${sql.identifier(column.name)} = e.id where e.student_id = any(${ids})`,
        ),
      })),
    { name: 'notes', rows: rowsJsonBy(notes, 'x', sql`x.student_id`, sql`from ${notes} x where x.student_id = any(${ids})`) },
    {
      name: 'student_shares',
      rows: rowsJsonBy(studentShares, 'x', sql`x.student_id`, sql`from ${studentShares} x where x.student_id = any(${ids})`, sql`x.user_id`),
    },
    {
      // With either student, and with both when both go (student-associations.ts).
      name: 'students_not_same_person',
      rows: rowsJsonBy(
        studentsNotSamePerson,
        'x',
        sql`x.owner`,
        sql`from (select n.student_id as owner, n.* from ${studentsNotSamePerson} n where n.student_id = any(${ids})
          union all select n.other_student_id as owner, n.* from ${studentsNotSamePerson} n where n.other_student_id = any(${ids})) x`,
        sql`x.student_id, x.other_student_id`,
      ),
    },
  ];
  // Derived tables, not WITH: planned from the tables' statistics, each is joined by merge or hash.
  const named = groups.map((group, index) => ({ ...group, cte: sql.identifier(`group_${index}`) }));
  const associations = sql`jsonb_build_object(${sql.join(
    named.map(({ name, cte }) => sql`${sql.raw(`'${name}'`)}, coalesce(${cte}.rows, '[]'::jsonb)`),
    sql`, `,
  )})`;
  await tx.execute(sql`
    insert into ${versions} (item_type, item_id, event, whodunnit, object, object_changes, school_id)
    select 'Student', s.id, 'destroy', ${actor.userId},
      ${rowJson(students, 's', [{ key: 'associations', value: associations }])},
      ${rowDestroyedJson(students, 's', [{ key: 'associations', value: associations }])},
      s.school_id
    from ${students} s
      ${sql.join(
        named.map(({ cte, rows }) => sql`left join (${rows}) ${cte} on ${cte}.key = s.id`),
        sql` `,
      )}
    where s.id = any(${ids})
    order by s.id`);
}
