import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { anyId } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enrollments, notes, studentShares, students, studentsNotSamePerson } from '../../db/schema/index.ts';
import { deleteEnrollmentsOfStudents, enrollmentDependents } from '../enrollments/public.ts';
import { recordStudentsDestroyed } from './student-destroy-versions.ts';

type Row = Record<string, unknown>;
export type StudentAssociations = Record<string, Row[]>;

/** Ids a statement names at most: far below PostgreSQL's 65,535 parameters. */
const idsPerStatement = 5000;

/**
 * Every row that the foreign keys delete with each of these students, by student. They are kept
 * in the student's destroy version, so that the history survives and the student can be restored
 * (DOMAIN.md, Versions). A fixed number of queries per 5,000 students, whatever the number of rows.
 */
export async function studentsAssociations(tx: DbOrTx, studentIds: readonly number[]): Promise<Map<number, StudentAssociations>> {
  const found = new Map<number, StudentAssociations>();
  for (let start = 0; start < studentIds.length; start += idsPerStatement) {
    const part = studentIds.slice(start, start + idsPerStatement);
    const empty = (): StudentAssociations => ({
      enrollments: [],
      ...Object.fromEntries(enrollmentDependents.map(([name]) => [name, []])),
      student_shares: [],
      students_not_same_person: [],
    });
    for (const id of part) found.set(id, empty());
    const theirs = (await tx.select().from(enrollments).where(sql`${enrollments.studentId} = ${anyId(part)}`)) as Row[];
    const studentOf = new Map(theirs.map((row) => [Number(row.id), Number(row.studentId)]));
    for (const row of theirs) found.get(Number(row.studentId))!.enrollments!.push(row);
    const enrollmentIds = [...studentOf.keys()];
    // One after another: a transaction is one connection, which runs one query at a time anyway.
    for (const [name, table, column] of enrollmentDependents) {
      // A student's notes are all of them, with or without an enrollment (below).
      if (name === 'notes') continue;
      for (let from = 0; from < enrollmentIds.length; from += idsPerStatement) {
        const ids = enrollmentIds.slice(from, from + idsPerStatement);
        const key = column.name === 'cached_enrollment_id' ? 'cachedEnrollmentId' : 'enrollmentId';
        for (const row of (await tx.select().from(table).where(sql`${column} = ${anyId(ids)}`)) as Row[]) {
          found.get(studentOf.get(Number(row[key]))!)![name]!.push(row);
        }
      }
    }
    for (const row of (await tx.select().from(notes).where(sql`${notes.studentId} = ${anyId(part)}`)) as Row[]) {
      found.get(Number(row.studentId))!.notes!.push(row);
    }
    for (const row of (await tx.select().from(studentShares).where(sql`${studentShares.studentId} = ${anyId(part)}`)) as Row[]) {
      found.get(Number(row.studentId))!.student_shares!.push(row);
    }
    // A pair said not to be one person goes with either student (and with both when both go).
    const pairs = (await tx
      .select()
      .from(studentsNotSamePerson)
      .where(sql`${studentsNotSamePerson.studentId} = ${anyId(part)} or ${studentsNotSamePerson.otherStudentId} = ${anyId(part)}`)
      .orderBy(studentsNotSamePerson.studentId, studentsNotSamePerson.otherStudentId)) as Row[];
    for (const row of pairs) {
      for (const id of new Set([Number(row.studentId), Number(row.otherStudentId)])) found.get(id)?.students_not_same_person!.push(row);
    }
  }
  return found;
}

export async function studentAssociations(tx: DbOrTx, studentId: number): Promise<StudentAssociations> {
  return (await studentsAssociations(tx, [studentId])).get(studentId)!;
}

/**
 * Many students deleted at once (an import undone), each with the destroy version DELETE
 * /students/{id} records, everything that went with it inside: each can be restored from
 * /versions on its own. Per 5,000 students: their rows locked, their versions written in one
 * statement (student-destroy-versions.ts), their enrollments and lessons deleted in a few (the
 * cascade took one per student, each with the counts' triggers), then the students, the rest going
 * by the cascade. The caller takes the schools' counts lock first (db/school-counts-lock.ts).
 */
export async function deleteStudentsAudited(tx: DbOrTx, actor: Actor, studentIds: readonly number[]): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < studentIds.length; start += idsPerStatement) {
    const part = studentIds.slice(start, start + idsPerStatement);
    await tx.execute(sql`select 1 from ${students} where ${students.id} = ${anyId(part)} for update`);
    await recordStudentsDestroyed(tx, actor, part);
    await deleteEnrollmentsOfStudents(tx, part);
    deleted += (await tx.delete(students).where(sql`${students.id} = ${anyId(part)}`).returning({ id: students.id })).length;
  }
  return deleted;
}
