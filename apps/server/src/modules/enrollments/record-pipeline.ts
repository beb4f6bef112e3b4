import type { EnrollmentStatus, SeriesType } from '@srs/shared/enrollments';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.ts';
import {
  deleteAudited,
  insertAudited,
  insertManyAudited,
  itemTypeOf,
  recordVersion,
  updateAudited,
  updateManyAudited,
} from '../../core/audit.ts';
import { notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { type Scope, sqlIdList, visibleStudent } from '../../core/scope.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  attendances,
  decisions,
  enrollments,
  episodeDeliveries,
  notes,
  type productDeliveries,
  type reminders,
  type visits,
} from '../../db/schema/index.ts';
import { refreshEnrollmentCaches } from './enrollment-caches.ts';
import { applyStatusRules, type Changed } from './enrollment-status.ts';

/**
 * The one write pipeline for an enrollment's records (docs/decisions/006): every change of a
 * lesson, presentation, visit, reminder, product, decision or note goes through
 * `changeEnrollmentRecords`, which
 *   1. locks the enrollments in the actor's scope (404 for any other, by its absence),
 *   2. hands the work a `RecordChanges`, the only writer of those tables: each write carries its
 *      audit version (core/audit) and notes which enrollment and which kind of record it touched,
 *   3. then, in the same transaction, refreshes the touched enrollments' caches and applies their
 *      status rules, so no write path can forget them.
 */

/** The enrollment a write is about, with what its rules need to know. */
export type EnrollmentHead = {
  id: number;
  studentId: number;
  seriesId: number;
  seriesType: SeriesType;
  status: EnrollmentStatus;
  schoolId: number;
  conferenceId: number;
};

type HeadRow = {
  id: number;
  student_id: number;
  series_id: number;
  series_type: SeriesType;
  status: EnrollmentStatus;
  school_id: number;
  conference_id: number;
};

/**
 * Locks the enrollments the user may see (404 for the others, by their absence), so that two
 * saves of one enrollment run one after the other: the duplicate-lesson check then holds.
 */
export async function lockVisibleEnrollments(tx: DbOrTx, scope: Scope, ids: number[]): Promise<EnrollmentHead[]> {
  if (ids.length === 0) return [];
  const found = await rows<HeadRow>(
    tx.execute(sql`
      select e.id, e.student_id, e.series_id, se.type as series_type, e.status, s.school_id, sc.conference_id
      from enrollments e
        join students s on s.id = e.student_id
        join series se on se.id = e.series_id
        join schools sc on sc.id = s.school_id
      where e.id in ${sqlIdList(ids)} and ${visibleStudent(scope)}
      order by e.id
      for update of e`),
  );
  return found.map((row) => ({
    id: row.id,
    studentId: row.student_id,
    seriesId: row.series_id,
    seriesType: row.series_type,
    status: row.status,
    schoolId: row.school_id,
    conferenceId: row.conference_id,
  }));
}

/** The tables of an enrollment's records: only `RecordChanges` writes them. */
type RecordTable =
  | typeof episodeDeliveries
  | typeof attendances
  | typeof visits
  | typeof reminders
  | typeof productDeliveries
  | typeof decisions
  | typeof notes;

/** The record a decision or a note hangs on. */
export type ParentColumn = 'episode_delivery_id' | 'attendance_id' | 'visit_id' | 'reminder_id';

const decisionParents = {
  episode_delivery_id: decisions.episodeDeliveryId,
  attendance_id: decisions.attendanceId,
  visit_id: decisions.visitId,
} as const;
const noteParents = {
  episode_delivery_id: notes.episodeDeliveryId,
  attendance_id: notes.attendanceId,
  visit_id: notes.visitId,
  reminder_id: notes.reminderId,
} as const;

const enrollmentOf = (row: Record<string, unknown>) => Number(row.enrollmentId ?? row.cachedEnrollmentId);

export type RecordChanges = {
  tx: Tx;
  actor: Actor;
  /** The locked enrollments, in id order. */
  enrollments: EnrollmentHead[];
  insert<T extends RecordTable>(table: T, values: T['$inferInsert']): Promise<T['$inferSelect']>;
  /** Many records at once (an import's lessons), each with its version. */
  insertMany<T extends RecordTable>(table: T, values: T['$inferInsert'][]): Promise<(T['$inferInsert'] & { id: number })[]>;
  update<T extends RecordTable>(table: T, id: number, values: Partial<T['$inferInsert']>): Promise<void>;
  remove<T extends RecordTable>(table: T, id: number): Promise<void>;
  /** Removes a record with the decisions and notes the database would cascade away, a version for each. */
  removeWithChildren<T extends RecordTable>(table: T, id: number, parent: ParentColumn): Promise<void>;
  /** A status staff chose: it wins over the rules (DOMAIN.md: staff may set any status). */
  chooseStatus(enrollment: EnrollmentHead, status: EnrollmentStatus): Promise<void>;
  /** Many chosen statuses at once (an import's): a few statements, not three per enrollment. */
  chooseStatuses(chosen: { enrollment: EnrollmentHead; status: EnrollmentStatus }[]): Promise<void>;
};

function recordChanges(tx: Tx, actor: Actor, heads: EnrollmentHead[]) {
  const touched = new Map<number, Changed>();
  const statusChosen = new Set<number>();
  const locked = new Set(heads.map((head) => head.id));
  const touch = (table: RecordTable, row: Record<string, unknown>) => {
    const id = enrollmentOf(row);
    // A programming error, never a user's: the work wrote outside what the pipeline locked.
    if (!locked.has(id)) throw new Error(`A record of enrollment ${id}, which is not locked`);
    const changed = touched.get(id) ?? { deliveries: false, attendances: false };
    if (table === episodeDeliveries) changed.deliveries = true;
    if (table === attendances) changed.attendances = true;
    touched.set(id, changed);
  };
  const changes: RecordChanges = {
    tx,
    actor,
    enrollments: heads,
    async insert(table, values) {
      const row = await insertAudited(tx, actor, table, values);
      touch(table, row);
      return row;
    },
    async insertMany(table, values) {
      const added = await insertManyAudited(tx, actor, table, values);
      for (const row of added) touch(table, row);
      return added;
    },
    async update(table, id, values) {
      const row = await updateAudited(tx, actor, table, id, values);
      if (row) touch(table, row);
    },
    async remove(table, id) {
      const row = await deleteAudited(tx, actor, table, id);
      if (row) touch(table, row);
    },
    async removeWithChildren(table, id, parent) {
      const children: [typeof decisions | typeof notes, PgColumn][] = [[notes, noteParents[parent]]];
      if (parent !== 'reminder_id') children.unshift([decisions, decisionParents[parent]]);
      for (const [child, column] of children) {
        const removed = (await tx.delete(child).where(eq(column, id)).returning()) as Record<string, unknown>[];
        for (const row of removed) {
          await recordVersion(tx, actor, { itemType: itemTypeOf(child), itemId: Number(row.id), before: row, after: null });
        }
      }
      await changes.remove(table, id);
    },
    async chooseStatus(enrollment, status) {
      statusChosen.add(enrollment.id);
      if (status !== enrollment.status) await updateAudited(tx, actor, enrollments, enrollment.id, { status });
    },
    async chooseStatuses(chosen) {
      for (const { enrollment } of chosen) statusChosen.add(enrollment.id);
      const moved = chosen.filter(({ enrollment, status }) => status !== enrollment.status);
      await updateManyAudited(tx, actor, enrollments, moved.map(({ enrollment, status }) => ({ id: enrollment.id, values: { status } })));
    },
  };
  const finish = async () => {
    await refreshEnrollmentCaches(tx, [...touched.keys()]);
    for (const id of statusChosen) touched.delete(id);
    await applyStatusRules(tx, actor, touched);
  };
  return { changes, finish };
}

/**
 * Runs `work` on the enrollments `ids` (all in the actor's scope, else 404) in one transaction,
 * then the caches and the status rules of every enrollment whose records it changed.
 */
export async function changeEnrollmentRecords<T>(
  db: Db,
  actor: Actor,
  ids: number[],
  work: (changes: RecordChanges) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => changeRecordsInTransaction(tx, actor, ids, work));
}

/** The same inside the caller's transaction: an import writes its enrollments' lessons with its students. */
export async function changeRecordsInTransaction<T>(
  tx: Tx,
  actor: Actor,
  ids: number[],
  work: (changes: RecordChanges) => Promise<T>,
): Promise<T> {
  const heads = await lockVisibleEnrollments(tx, actor.scope, [...new Set(ids)]);
  if (heads.length < new Set(ids).size) throw notFound('Enrollment');
  const { changes, finish } = recordChanges(tx, actor, heads);
  const result = await work(changes);
  await finish();
  return result;
}
