import type { DbOrTx } from '../db/client.ts';
import { versions } from '../db/schema/index.ts';

type Row = Record<string, unknown>;
type Event = 'create' | 'update' | 'destroy';

/**
 * The audit trail (DOMAIN.md, Versions): call inside the same transaction as the change, so the
 * version exists exactly when the change does. `before` is null on create, `after` on destroy.
 */
export async function recordVersion(
  tx: DbOrTx,
  change: { itemType: string; itemId: number; whodunnit: number | null; before: Row | null; after: Row | null },
): Promise<void> {
  const event: Event = change.before === null ? 'create' : change.after === null ? 'destroy' : 'update';
  const objectChanges = diff(change.before ?? {}, change.after ?? {});
  if (event === 'update' && Object.keys(objectChanges).length === 0) return;
  await tx.insert(versions).values({
    itemType: change.itemType,
    itemId: change.itemId,
    event,
    whodunnit: change.whodunnit,
    object: change.before ? serialisable(change.before) : null,
    objectChanges,
  });
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
