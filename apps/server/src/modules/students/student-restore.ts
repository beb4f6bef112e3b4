import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.ts';
import { type Change, recordVersions, updateAudited } from '../../core/audit.ts';
import { forbidden, invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { administers, anyId } from '../../core/scope.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  attendances,
  decisions,
  enrollments,
  episodeDeliveries,
  notes,
  productDeliveries,
  reminders,
  students,
  studentShares,
  studentsNotSamePerson,
  visits,
} from '../../db/schema/index.ts';
import { assertNotErased, erasedStudentColumns, erasureOf } from '../privacy/public.ts';
import { visibleStudentOr404 } from './student-access.ts';
import { type MergeRecord, undoMergeMoves } from './student-merge.ts';

type Row = Record<string, unknown>;

/**
 * What a student's destroy version keeps (student-associations.ts), in the order they go back:
 * each after the rows it refers to.
 */
const restoredTables = [
  ['enrollments', enrollments, 'Enrollment'],
  ['episode_deliveries', episodeDeliveries, 'EpisodeDelivery'],
  ['attendances', attendances, 'Attendance'],
  ['visits', visits, 'Visit'],
  ['reminders', reminders, 'Reminder'],
  ['decisions', decisions, 'Decision'],
  ['notes', notes, 'Note'],
  ['product_deliveries', productDeliveries, 'ProductDelivery'],
  ['student_shares', studentShares, 'StudentShare'],
] as const;

/** Columns naming a person who may have left since: the row comes back without them, as the database would have left it. */
const peopleColumns = ['instructorId', 'createdById', 'gradingInstructorId', 'visitorId', 'authorId', 'sharedById'];

/**
 * A row as the version keeps it (JSON: dates as ISO text) made a row to insert again, with its id
 * (inserted overriding the identity: the same ids come back).
 */
function insertable(table: PgTable, kept: Row, goneUsers: Set<number>): Row {
  const row: Row = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    // A column the database computes (a student's search_name) is written by it again.
    if (!(key in kept) || column.generated) continue;
    let value = kept[key];
    if (column.columnType === 'PgTimestamp' && typeof value === 'string') value = new Date(value);
    if (peopleColumns.includes(key) && typeof value === 'number' && goneUsers.has(value)) value = null;
    row[key] = value;
  }
  return row;
}

const ids = (list: Row[] | undefined, key: string) =>
  [...new Set((list ?? []).map((row) => row[key]).filter((value): value is number => typeof value === 'number'))];

/** Which of the ids still name a row of the table. */
async function existing(tx: DbOrTx, table: string, wanted: number[]): Promise<Set<number>> {
  if (wanted.length === 0) return new Set();
  const found = await rows<{ id: number | string }>(
    tx.execute(sql`select id from ${sql.identifier(table)} where id = ${anyId(wanted)}`),
  );
  return new Set(found.map((row) => Number(row.id)));
}

/**
 * POST /versions/:id/restore (issue 11): the deleted student back with every row that went with
 * it, same ids and registration numbers, in the caller's transaction, each recorded as created.
 * Refused, in words, when something it needs is gone: its school, a course or seminar, a lesson,
 * a decision option or a product.
 */
export async function restoreStudent(tx: Tx, actor: Actor, kept: Row): Promise<number> {
  const studentId = Number(kept.id);
  const schoolId = Number(kept.schoolId);
  if (!administers(actor.scope, schoolId)) throw forbidden();
  const associations = (kept.associations ?? {}) as Record<string, Row[] | undefined>;
  if ((await existing(tx, 'students', [studentId])).size > 0) {
    throw invalid('This student has been restored already.');
  }
  const gone = (wanted: number[], found: Set<number>) => wanted.some((id) => !found.has(id));
  const reasons: string[] = [];
  if ((await existing(tx, 'schools', [schoolId])).size === 0) reasons.push('its school has been deleted');
  const seriesIds = ids(associations.enrollments, 'seriesId');
  if (gone(seriesIds, await existing(tx, 'series', seriesIds))) {
    reasons.push('a course or seminar it was enrolled in has been deleted');
  }
  const episodeIds = [...ids(associations.episode_deliveries, 'episodeId'), ...ids(associations.attendances, 'episodeId')];
  if (gone(episodeIds, await existing(tx, 'episodes', episodeIds))) {
    reasons.push('a lesson or presentation of its records has been deleted');
  }
  const optionIds = ids(associations.decisions, 'decisionOptionId');
  if (gone(optionIds, await existing(tx, 'decision_options', optionIds))) {
    reasons.push('a decision option it recorded has been deleted');
  }
  const productIds = ids(associations.product_deliveries, 'productOfferId');
  if (gone(productIds, await existing(tx, 'product_offers', productIds))) {
    reasons.push('a product it received has been deleted');
  }
  const numbers = ids(associations.enrollments, 'registrationNumber');
  if (numbers.length > 0) {
    const taken = await tx
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(inArray(enrollments.registrationNumber, numbers));
    if (taken.length > 0) reasons.push('one of its registration numbers is in use by another enrollment');
  }
  if (reasons.length > 0) throw invalid(`This student cannot be restored: ${reasons.join('; ')}.`);

  const everyone = [
    kept,
    ...restoredTables.flatMap(([name]) => associations[name] ?? []),
  ];
  const people = [...new Set(peopleColumns.flatMap((column) => ids(everyone, column)))];
  const sharedWith = ids(associations.student_shares, 'userId');
  const present = await existing(tx, 'users', [...new Set([...people, ...sharedWith])]);
  const goneUsers = new Set([...people, ...sharedWith].filter((id) => !present.has(id)));

  const changes: Change[] = [];
  // A student erased since this version was written comes back erased: the version itself is
  // redacted, and the erasure is the student's last word on their data (docs/decisions/017).
  const erasedAt = await erasureOf(tx, studentId);
  const values = {
    ...insertable(students, kept, goneUsers),
    ...(erasedAt ? erasedStudentColumns(studentId, erasedAt) : {}),
  };
  const [student] = (await tx.insert(students).overridingSystemValue().values(values as never).returning()) as Row[];
  changes.push({ itemType: 'Student', itemId: studentId, before: null, after: student ?? null });
  for (const [name, table, itemType] of restoredTables) {
    const list = (associations[name] ?? []).filter(
      (row) => name !== 'student_shares' || !goneUsers.has(Number(row.userId)),
    );
    if (list.length === 0) continue;
    const inserted = (await tx
      .insert(table)
      .overridingSystemValue()
      .values(list.map((row) => insertable(table, row, goneUsers)) as never)
      .returning()) as Row[];
    for (const row of inserted) {
      changes.push({ itemType, itemId: Number(row.id ?? row.studentId), before: null, after: row });
    }
  }
  await recordVersions(tx, actor, changes);
  await restorePairs(tx, associations.students_not_same_person ?? []);
  // A student deleted by a merge (student-merge.ts): what moved to the kept student comes back too.
  if (kept.merge) await undoMergeMoves(tx, actor, studentId, kept.merge as MergeRecord, schoolId);
  return studentId;
}

/**
 * The pairs said not to be one person that went with the student come back with it, those whose
 * other student is there (issue 27: never offered again). As when they were said, no version.
 */
async function restorePairs(tx: Tx, pairs: Row[]) {
  const others = await existing(tx, 'students', [...new Set(pairs.flatMap((pair) => [Number(pair.studentId), Number(pair.otherStudentId)]))]);
  const back = pairs.filter((pair) => others.has(Number(pair.studentId)) && others.has(Number(pair.otherStudentId)));
  if (back.length === 0) return;
  const sayers = await existing(tx, 'users', ids(back, 'saidById'));
  await tx
    .insert(studentsNotSamePerson)
    .values(
      back.map((pair) => ({
        studentId: Number(pair.studentId),
        otherStudentId: Number(pair.otherStudentId),
        saidById: typeof pair.saidById === 'number' && sayers.has(pair.saidById) ? pair.saidById : null,
        saidAt: new Date(String(pair.saidAt)),
      })),
    )
    .onConflictDoNothing();
}

/** The fields of a student a revert may set back: its own profile, not where it belongs. */
const notRevertible = new Set(['id', 'schoolId', 'instructorId', 'createdById', 'createdAt', 'updatedAt', 'searchName']);
export const revertibleStudentField = (field: string) => !notRevertible.has(field) && field in getTableColumns(students);

/**
 * POST /versions/:id/revert for a change to a student: the chosen fields back to their value
 * before it, through the same audited update as an edit (and recorded as one).
 */
export async function revertStudentFields(
  tx: DbOrTx,
  actor: Actor,
  studentId: number,
  before: Row,
  fields: string[],
): Promise<void> {
  const refused = fields.filter((field) => !revertibleStudentField(field) || !(field in before));
  if (refused.length > 0) throw invalid({ fields: ['are not fields of this change that can be set back'] });
  if ((await existing(tx, 'students', [studentId])).size === 0) {
    throw invalid('This student has been deleted since: restore it first.');
  }
  const student = await visibleStudentOr404(tx, actor.scope, studentId);
  await assertNotErased(tx, studentId);
  const values = insertable(students, Object.fromEntries(fields.map((field) => [field, before[field]])), new Set());
  await updateAudited(tx, actor, students, student.id, values);
}
