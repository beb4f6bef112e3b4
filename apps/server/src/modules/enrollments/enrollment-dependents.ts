import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.ts';
import { deleteManyAudited } from '../../core/audit.ts';
import { anyId } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  attendances,
  decisions,
  enrollments,
  episodeDeliveries,
  notes,
  productDeliveries,
  reminders,
  visits,
} from '../../db/schema/index.ts';

type Dependent = readonly [name: string, table: PgTable, column: PgColumn];
/** The rows the foreign keys delete with an enrollment, by the name its destroy version keeps them under. */
export const enrollmentDependents: readonly Dependent[] = [
  ['episode_deliveries', episodeDeliveries, episodeDeliveries.enrollmentId],
  ['attendances', attendances, attendances.enrollmentId],
  ['visits', visits, visits.enrollmentId],
  ['reminders', reminders, reminders.enrollmentId],
  ['product_deliveries', productDeliveries, productDeliveries.enrollmentId],
  ['decisions', decisions, decisions.cachedEnrollmentId],
  ['notes', notes, notes.cachedEnrollmentId],
];

/** Ids a statement names at most: far below PostgreSQL's 65,535 parameters. */
const idsPerStatement = 5000;

/**
 * The lessons of these enrollments deleted in one statement, while the enrollments are still there:
 * their statement trigger (srs_lessons_counted) then takes them off the report counts at once, as
 * the enrollment's row trigger (srs_enrollment_lessons_gone) would one enrollment at a time. Deleted
 * by the cascade instead, each enrollment's lessons were one statement and one run of the triggers.
 */
async function deleteLessonsOf(tx: DbOrTx, enrollmentIds: readonly number[]): Promise<void> {
  for (let start = 0; start < enrollmentIds.length; start += idsPerStatement) {
    await tx.delete(episodeDeliveries).where(sql`${episodeDeliveries.enrollmentId} = ${anyId(enrollmentIds.slice(start, start + idsPerStatement))}`);
  }
}

/**
 * Every enrollment of these students deleted as the students' delete would cascade to them (no
 * version of their own: the student's destroy version keeps them), but in a few statements: by the
 * cascade, each student's enrollments were one DELETE, and the students per series and school were
 * recounted after each (srs_enrollments_recount), so an import's undo took time in the square of its
 * rows. The caller takes the schools' counts lock first (db/school-counts-lock.ts).
 */
export async function deleteEnrollmentsOfStudents(tx: DbOrTx, studentIds: readonly number[]): Promise<void> {
  for (let start = 0; start < studentIds.length; start += idsPerStatement) {
    const part = studentIds.slice(start, start + idsPerStatement);
    const theirs = await tx.select({ id: enrollments.id }).from(enrollments).where(sql`${enrollments.studentId} = ${anyId(part)}`);
    await deleteLessonsOf(
      tx,
      theirs.map((one) => one.id),
    );
    await tx.delete(enrollments).where(sql`${enrollments.studentId} = ${anyId(part)}`);
  }
}

/**
 * Many enrollments deleted at once (an import undone), each with the destroy version a single
 * DELETE /enrollments/{id} records: every row that goes with it kept inside, so history survives.
 * The caller takes the schools' counts lock first (db/school-counts-lock.ts). A fixed number of
 * statements per 5,000 enrollments, and the counts' triggers run once per 5,000.
 */
export async function deleteEnrollmentsAudited(tx: DbOrTx, actor: Actor, ids: readonly number[]): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < ids.length; start += idsPerStatement) {
    const part = ids.slice(start, start + idsPerStatement);
    const kept = new Map<number, Record<string, unknown[]>>(part.map((id) => [id, {}]));
    for (const [name, table, column] of enrollmentDependents) {
      for (const id of part) kept.get(id)![name] = [];
      const found = (await tx.select().from(table).where(sql`${column} = ${anyId(part)}`)) as Record<string, unknown>[];
      const key = column.name === 'cached_enrollment_id' ? 'cachedEnrollmentId' : 'enrollmentId';
      for (const row of found) kept.get(Number(row[key]))?.[name]?.push(row);
    }
    await deleteLessonsOf(tx, part);
    const gone = await deleteManyAudited(tx, actor, enrollments, part, (row) => ({ associations: kept.get(Number(row.id)) }));
    deleted += gone.length;
  }
  return deleted;
}
