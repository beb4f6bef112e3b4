import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { versions } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';
import { insertRunWithVersions, insertWithVersionsSql } from './audited-insert.ts';
import { insertRows, recordsetOf, runsOf } from './bulk-rows.ts';
import { anyId } from './scope.ts';
import { versionSchools } from './version-school.ts';
import { sessionItemTypes, sessionsChanged } from './sessions.ts';

/**
 * Writes that carry their audit version (DOMAIN.md, Versions). Call them inside the
 * transaction of the change: the version then exists exactly when the change does.
 * The item type is the model name of the table ('students' → 'Student').
 */
type TableWithId = PgTable & { id: PgColumn };
type Row = Record<string, unknown>;

/** Tables whose model name is not their name less its plural ending. */
const irregular: Record<string, string> = { series: 'Series' };

export function itemTypeOf(table: PgTable): string {
  const name = getTableName(table);
  if (irregular[name]) return irregular[name];
  const singular = name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, '');
  return singular
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

export async function insertAudited<T extends TableWithId>(
  tx: DbOrTx,
  actor: Actor,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const inserted = (await tx.insert(table).values(values).returning()) as Row[];
  const row = inserted[0] as Row & { id: number };
  await recordVersion(tx, actor, { itemType: itemTypeOf(table), itemId: row.id, before: null, after: row });
  return row as T['$inferSelect'];
}

/**
 * Rows a statement writes at most, as one jsonb parameter: the statement triggers (the students per
 * series and school are recounted for each insert of enrollments) then run once per 5,000 rows.
 */
const rowsPerInsert = 5000;

/**
 * Many rows at once (an import's), 5,000 to a statement with their create versions; answers each
 * row's values with its id, in the order given. Where PostgreSQL can write the versions from the
 * rows it inserted (core/audited-insert.ts), one statement does both; otherwise the rows come back
 * and `recordVersions` writes their versions.
 */
export async function insertManyAudited<T extends TableWithId>(
  tx: DbOrTx,
  actor: Actor,
  table: T,
  values: T['$inferInsert'][],
): Promise<(T['$inferInsert'] & { id: number })[]> {
  const itemType = itemTypeOf(table);
  const added: (Row & { id: number })[] = [];
  for (let start = 0; start < values.length; start += rowsPerInsert) {
    const part = values.slice(start, start + rowsPerInsert) as Row[];
    for (const { given, run } of runsOf(table, part)) {
      const statement = insertWithVersionsSql(table, itemType, actor, given, run);
      if (statement) {
        const ids = await insertRunWithVersions(tx, itemType, statement);
        run.forEach((value, index) => added.push({ ...value, id: ids[index]! }));
        continue;
      }
      const inserted = (await insertRows(tx, table, run)) as (Row & { id: number })[];
      await recordVersions(tx, actor, inserted.map((row) => ({ itemType, itemId: row.id, before: null, after: row })));
      added.push(...inserted);
    }
  }
  return added as (T['$inferInsert'] & { id: number })[];
}

/** Updates one row by id; null when there is no such row. */
export async function updateAudited<T extends TableWithId>(
  tx: DbOrTx,
  actor: Actor,
  table: T,
  id: number,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | null> {
  const [before] = (await tx.select().from(table as PgTable).where(eq(table.id, id)).for('update')) as Row[];
  if (!before) return null;
  const changes = { ...values, ...('updatedAt' in table ? { updatedAt: new Date() } : {}) };
  const [after] = (await tx.update(table).set(changes as never).where(eq(table.id, id)).returning()) as Row[];
  await recordVersion(tx, actor, { itemType: itemTypeOf(table), itemId: id, before, after: after ?? null });
  return (after ?? null) as T['$inferSelect'] | null;
}

/**
 * Many rows by id, each to one of a few sets of values (an import's statuses): per set, one
 * locking read and one update of all its rows, then one insert of their versions, where
 * `updateAudited` took three statements a row. The same rows and versions as it would write.
 */
export async function updateManyAudited<T extends TableWithId>(
  tx: DbOrTx,
  actor: Actor,
  table: T,
  changes: { id: number; values: Partial<T['$inferInsert']> }[],
): Promise<void> {
  const groups = new Map<string, { values: Partial<T['$inferInsert']>; ids: number[] }>();
  for (const change of changes) {
    const key = JSON.stringify(change.values);
    const group = groups.get(key) ?? { values: change.values, ids: [] };
    group.ids.push(change.id);
    groups.set(key, group);
  }
  for (const { values, ids } of groups.values()) {
    for (let start = 0; start < ids.length; start += 1000) {
      const part = ids.slice(start, start + 1000);
      const before = (await tx.select().from(table as PgTable).where(inArray(table.id, part)).orderBy(table.id).for('update')) as (Row & {
        id: number;
      })[];
      if (before.length === 0) continue;
      const set = { ...values, ...('updatedAt' in table ? { updatedAt: new Date() } : {}) };
      const after = (await tx.update(table).set(set as never).where(inArray(table.id, part)).returning()) as (Row & { id: number })[];
      const afterOf = new Map(after.map((row) => [row.id, row]));
      const itemType = itemTypeOf(table);
      await recordVersions(
        tx,
        actor,
        before.map((row) => ({ itemType, itemId: row.id, before: row, after: afterOf.get(row.id) ?? null })),
      );
    }
  }
}

/** Deletes one row by id, keeping it whole in its version; null when there is no such row. */
export async function deleteAudited<T extends TableWithId>(
  tx: DbOrTx,
  actor: Actor,
  table: T,
  id: number,
  extra: Row = {},
): Promise<T['$inferSelect'] | null> {
  const [before] = (await tx.delete(table).where(eq(table.id, id)).returning()) as Row[];
  if (!before) return null;
  await recordVersion(tx, actor, {
    itemType: itemTypeOf(table),
    itemId: id,
    before: { ...before, ...extra },
    after: null,
  });
  return before as T['$inferSelect'];
}

/**
 * Many rows by id deleted at once (an import undone): one delete and one insert of their destroy
 * versions per 5,000 rows, each version the one `deleteAudited` writes for its row, `extraOf(row)`
 * kept beside its fields (the rows that went with it). Statement triggers then run once per 5,000
 * rows, not once per row. Answers the rows deleted.
 */
export async function deleteManyAudited<T extends TableWithId>(
  tx: DbOrTx,
  actor: Actor,
  table: T,
  ids: readonly number[],
  extraOf: (row: T['$inferSelect']) => Row = () => ({}),
): Promise<T['$inferSelect'][]> {
  const gone: Row[] = [];
  const itemType = itemTypeOf(table);
  for (let start = 0; start < ids.length; start += rowsPerInsert) {
    const part = ids.slice(start, start + rowsPerInsert);
    const deleted = (await tx.delete(table).where(sql`${table.id} = ${anyId(part)}`).returning()) as (Row & { id: number })[];
    await recordVersions(
      tx,
      actor,
      deleted.map((row) => ({ itemType, itemId: row.id, before: { ...row, ...extraOf(row as T['$inferSelect']) }, after: null })),
    );
    gone.push(...deleted);
  }
  return gone as T['$inferSelect'][];
}

type Event = 'create' | 'update' | 'destroy';

export type Change = { itemType: string; itemId: number; before: Row | null; after: Row | null };

/**
 * The audit trail (DOMAIN.md, Versions): call inside the same transaction as the change, so the
 * version exists exactly when the change does. `before` is null on create, `after` on destroy.
 * The version names the actor (the `whodunnit` column).
 */
export async function recordVersion(tx: DbOrTx, actor: Actor, change: Change): Promise<void> {
  await recordVersions(tx, actor, [change]);
}

/** Rows of versions a statement writes at most, as one jsonb parameter. */
const versionsPerInsert = 5000;
const versionColumns = [
  ['item_type', 'text'],
  ['item_id', 'bigint'],
  ['event', 'text'],
  ['whodunnit', 'bigint'],
  ['object', 'jsonb'],
  ['object_changes', 'jsonb'],
  // Null: the trigger works it out (srs_version_set_school).
  ['school_id', 'bigint'],
] as const;

/** The versions of many changes of one write, in as few statements as their number allows. */
export async function recordVersions(tx: DbOrTx, actor: Actor, changes: readonly Change[]): Promise<void> {
  if (changes.some((change) => sessionItemTypes.has(change.itemType))) sessionsChanged();
  const values = changes.flatMap((change) => {
    const event: Event = change.before === null ? 'create' : change.after === null ? 'destroy' : 'update';
    const objectChanges = diff(change.before ?? {}, change.after ?? {});
    if (event === 'update' && Object.keys(objectChanges).length === 0) return [];
    const object = change.before ? serialisable(change.before) : null;
    return [{ itemType: change.itemType, itemId: change.itemId, event, whodunnit: actor.userId, object, objectChanges }];
  });
  // The row srs_version_school reads: as it was before, or as created.
  const schools = await versionSchools(
    tx,
    values.map((value) => ({ itemType: value.itemType, itemId: value.itemId, row: value.object ?? createdValues(value.objectChanges) })),
  );
  for (let start = 0; start < values.length; start += versionsPerInsert) {
    const records = values.slice(start, start + versionsPerInsert).map((value, index) => ({
      item_type: value.itemType,
      item_id: value.itemId,
      event: value.event,
      whodunnit: value.whodunnit,
      object: value.object,
      object_changes: value.objectChanges,
      school_id: schools[start + index] ?? null,
    }));
    await tx.execute(sql`insert into ${versions} (item_type, item_id, event, whodunnit, object, object_changes, school_id)
      ${recordsetOf(versionColumns, records)}`);
  }
}

/**
 * The version of an erasure (docs/decisions/017): each field replaced, from '[erased]' to what it
 * holds now, and never what it held. It names the record's school, as the trigger would from a row,
 * so that the school's admins see it too. Answers the version's id.
 */
export async function recordErasure(
  tx: DbOrTx,
  actor: Actor,
  erasure: { itemType: string; itemId: number; schoolId: number; changes: Record<string, [unknown, unknown]> },
): Promise<number> {
  const [row] = await tx
    .insert(versions)
    .values({
      itemType: erasure.itemType,
      itemId: erasure.itemId,
      event: 'erase',
      whodunnit: actor.userId,
      object: null,
      objectChanges: erasure.changes,
      schoolId: erasure.schoolId,
    })
    .returning({ id: versions.id });
  return row!.id;
}

/** A created row as its version keeps it (srs_version_row): the new value of each field it changed. */
const createdValues = (changes: Record<string, [unknown, unknown]>): Row =>
  Object.fromEntries(Object.entries(changes).map(([key, [, value]]) => [key, value]));

/** JSON.stringify(value) === 'null', without writing strings and numbers out (a create's every field). */
function writesNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value === 'object') return JSON.stringify(value) === 'null';
  return false;
}

function diff(before: Row, after: Row): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  if (Object.keys(before).length === 0) {
    // A create: every field that is not null, the same as the comparison below finds them.
    for (const key of Object.keys(after)) {
      if (key === 'updatedAt' || key === 'updated_at') continue;
      const b = normalise(after[key]);
      if (!writesNull(b)) changes[key] = [null, b];
    }
    return changes;
  }
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updatedAt' || key === 'updated_at') continue;
    const a = normalise(before[key]);
    const b = normalise(after[key]);
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = [a, b];
  }
  return changes;
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  return value ?? null;
}

function serialisable(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, normalise(value)]));
}
