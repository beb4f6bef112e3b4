import { eq, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { recordVersion } from '../plugins/audit.ts';

/**
 * Writes that carry their audit version (DOMAIN.md, Versions). Call them inside the
 * transaction of the change: the version then exists exactly when the change does.
 * The item type is the model name of the table ('students' → 'Student').
 */
type TableWithId = PgTable & { id: PgColumn };
type Row = Record<string, unknown>;

export function itemTypeOf(table: PgTable): string {
  const name = getTableName(table);
  const singular = name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, '');
  return singular
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

export async function insertAudited<T extends TableWithId>(
  tx: DbOrTx,
  table: T,
  values: T['$inferInsert'],
  whodunnit: number | null,
): Promise<T['$inferSelect']> {
  const inserted = (await tx.insert(table).values(values).returning()) as Row[];
  const row = inserted[0] as Row & { id: number };
  await recordVersion(tx, { itemType: itemTypeOf(table), itemId: row.id, whodunnit, before: null, after: row });
  return row as T['$inferSelect'];
}

/** Updates one row by id; null when there is no such row. */
export async function updateAudited<T extends TableWithId>(
  tx: DbOrTx,
  table: T,
  id: number,
  values: Partial<T['$inferInsert']>,
  whodunnit: number | null,
): Promise<T['$inferSelect'] | null> {
  const [before] = (await tx.select().from(table as PgTable).where(eq(table.id, id)).for('update')) as Row[];
  if (!before) return null;
  const changes = { ...values, ...('updatedAt' in table ? { updatedAt: new Date() } : {}) };
  const [after] = (await tx.update(table).set(changes as never).where(eq(table.id, id)).returning()) as Row[];
  await recordVersion(tx, { itemType: itemTypeOf(table), itemId: id, whodunnit, before, after: after ?? null });
  return (after ?? null) as T['$inferSelect'] | null;
}

/** Deletes one row by id, keeping it whole in its version; null when there is no such row. */
export async function deleteAudited<T extends TableWithId>(
  tx: DbOrTx,
  table: T,
  id: number,
  whodunnit: number | null,
  extra: Row = {},
): Promise<T['$inferSelect'] | null> {
  const [before] = (await tx.delete(table).where(eq(table.id, id)).returning()) as Row[];
  if (!before) return null;
  await recordVersion(tx, {
    itemType: itemTypeOf(table),
    itemId: id,
    whodunnit,
    before: { ...before, ...extra },
    after: null,
  });
  return before as T['$inferSelect'];
}
