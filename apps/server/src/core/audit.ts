import { eq, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { versions } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';
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

/** Many rows at once (an import's): one insert and one insert of their versions per 500 rows. */
export async function insertManyAudited<T extends TableWithId>(
  tx: DbOrTx,
  actor: Actor,
  table: T,
  values: T['$inferInsert'][],
): Promise<T['$inferSelect'][]> {
  const added: Row[] = [];
  for (let start = 0; start < values.length; start += 500) {
    const inserted = (await tx.insert(table).values(values.slice(start, start + 500)).returning()) as (Row & { id: number })[];
    await recordVersions(
      tx,
      actor,
      inserted.map((row) => ({ itemType: itemTypeOf(table), itemId: row.id, before: null, after: row })),
    );
    added.push(...inserted);
  }
  return added as T['$inferSelect'][];
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

/** Rows of versions a statement writes at most (six parameters each, far below PostgreSQL's limit). */
const versionsPerInsert = 1000;

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
  for (let start = 0; start < values.length; start += versionsPerInsert) {
    await tx.insert(versions).values(values.slice(start, start + versionsPerInsert));
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

function diff(before: Row, after: Row): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
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
