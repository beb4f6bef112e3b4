import { erasedMarker } from '@srs/shared/privacy';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { StoredVersion } from './student-versions.ts';

/**
 * What an erasure takes out of the audit trail (docs/decisions/017): the values of the fields that
 * hold personal data, each replaced by '[erased]', its key kept, so that the history still shows
 * that a name or a note was written or changed, and when, and by whom. A value that was empty
 * stays empty: it held nothing.
 */

type Row = Record<string, unknown>;

/** The fields of each kind of record that hold personal data, as a version keeps them (camelCase). */
const personalFields: Record<string, readonly string[]> = {
  Student: [
    'firstName',
    'middleName',
    'lastName',
    'searchName',
    'address',
    'address2',
    'city',
    'zipCode',
    'email',
    'phone',
    'socialMedia',
    'requestKey',
  ],
  Note: ['text'],
  Interest: ['firstName', 'lastName', 'email', 'phone', 'address', 'address2', 'city', 'zipCode', 'closedReason', 'externalId'],
};

/** The rows a delete keeps with its version (`associations`, by table), and their personal fields. */
const associatedFields: Record<string, readonly string[]> = { notes: ['text'] };

const holds = (value: unknown) => value !== null && value !== undefined && value !== '';
const redacted = (value: unknown) => (holds(value) ? erasedMarker : value);

function redactRow(row: Row, fields: readonly string[]): Row {
  const copy: Row = { ...row };
  for (const field of fields) if (field in copy) copy[field] = redacted(copy[field]);
  return copy;
}

function redactAssociations(associations: unknown): unknown {
  if (!associations || typeof associations !== 'object') return associations;
  const copy: Row = { ...(associations as Row) };
  for (const [table, fields] of Object.entries(associatedFields)) {
    const list = copy[table];
    if (Array.isArray(list)) copy[table] = list.map((row) => (row && typeof row === 'object' ? redactRow(row as Row, fields) : row));
  }
  return copy;
}

export type Redacted = Pick<StoredVersion, 'id' | 'object' | 'object_changes'>;

/** One version with its personal values replaced; null when it holds none. */
export function redactVersion(version: Pick<StoredVersion, 'id' | 'item_type' | 'object' | 'object_changes'>): Redacted | null {
  const fields = personalFields[version.item_type] ?? [];
  let object = version.object;
  if (object) {
    object = redactRow(object, fields);
    if ('associations' in object) object.associations = redactAssociations(object.associations);
  }
  const changes: Record<string, unknown[]> = {};
  for (const [field, pair] of Object.entries(version.object_changes)) {
    if (!Array.isArray(pair)) changes[field] = pair;
    // A delete's changes hold what it took with it too, as the field 'associations' going to null.
    else if (field === 'associations') changes[field] = pair.map(redactAssociations);
    else changes[field] = fields.includes(field) ? pair.map(redacted) : pair;
  }
  const same = JSON.stringify(object) === JSON.stringify(version.object) && JSON.stringify(changes) === JSON.stringify(version.object_changes);
  return same ? null : { id: version.id, object, object_changes: changes };
}

/** Versions a statement rewrites at most: one JSON parameter each time, of a bounded size. */
const versionsPerUpdate = 500;

/** Writes the redacted versions back in place, a few statements whatever their number. */
export async function rewriteVersions(tx: DbOrTx, list: Redacted[]): Promise<void> {
  for (let start = 0; start < list.length; start += versionsPerUpdate) {
    const part = list.slice(start, start + versionsPerUpdate);
    await tx.execute(sql`update versions v set object = x.object, object_changes = x.object_changes
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(id bigint, object jsonb, object_changes jsonb)
      where v.id = x.id`);
  }
}
