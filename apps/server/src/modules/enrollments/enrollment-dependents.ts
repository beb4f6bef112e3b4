import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.ts';
import { recordVersions } from '../../core/audit.ts';
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
 * Many enrollments deleted at once (an import undone), each with the destroy version a single
 * DELETE /enrollments/{id} records: every row that goes with it kept inside, so history survives.
 * The caller takes the schools' counts lock first (db/school-counts-lock.ts). A fixed number of
 * statements per 5,000 enrollments.
 */
export async function deleteEnrollmentsAudited(tx: DbOrTx, actor: Actor, ids: readonly number[]): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < ids.length; start += idsPerStatement) {
    const part = ids.slice(start, start + idsPerStatement);
    const kept = new Map<number, Record<string, unknown[]>>(part.map((id) => [id, {}]));
    for (const [name, table, column] of enrollmentDependents) {
      for (const id of part) kept.get(id)![name] = [];
      const found = (await tx.select().from(table).where(inArray(column, part))) as Record<string, unknown>[];
      const key = column.name === 'cached_enrollment_id' ? 'cachedEnrollmentId' : 'enrollmentId';
      for (const row of found) kept.get(Number(row[key]))?.[name]?.push(row);
    }
    const gone = (await tx.delete(enrollments).where(inArray(enrollments.id, part)).returning()) as Record<string, unknown>[];
    await recordVersions(
      tx,
      actor,
      gone.map((row) => ({
        itemType: 'Enrollment',
        itemId: Number(row.id),
        before: { ...row, associations: kept.get(Number(row.id)) },
        after: null,
      })),
    );
    deleted += gone.length;
  }
  return deleted;
}
