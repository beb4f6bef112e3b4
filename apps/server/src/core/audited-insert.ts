import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import type { Actor } from './actor.ts';
import { insertSelectOf } from './bulk-rows.ts';
import { rows } from './lists.ts';
import { sessionItemTypes, sessionsChanged } from './sessions.ts';

/**
 * Many rows and their create versions in one statement each 5,000 rows, the versions written by
 * PostgreSQL from the rows it inserted (issue 27: an import's 50,000 students, enrollments and
 * lessons). The server no longer reads every row back, builds its version and sends it again:
 * that was most of its time and memory. Each version is the one `recordVersions` writes for a
 * create (the same object_changes and school), which a test holds for every column type used.
 */

type Row = Record<string, unknown>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A column's value in its version as SQL writes it, the same JSON as `normalise` of the value the
 * driver reads (numbers, text, booleans, 'YYYY-MM-DD' days, instants as toISOString), or null for
 * a type it cannot write exactly (numeric, arrays, bytea, time): such a table takes the other path.
 */
function versionValue(column: PgColumn, ref: string): string | null {
  switch (column.columnType) {
    case 'PgBigInt53':
    case 'PgInteger':
    case 'PgSerial':
    case 'PgText':
    case 'PgBoolean':
    case 'PgDateString':
      return `to_jsonb(${ref})`;
    case 'PgTimestamp': {
      // Milliseconds cut, not rounded: as the driver's Date holds them.
      const utc = (column as PgColumn & { withTimezone?: boolean }).withTimezone ? `${ref} at time zone 'UTC'` : ref;
      return `to_jsonb(to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
    }
    default:
      return null;
  }
}

/** `jsonb_build_object` takes at most 100 arguments: pairs in groups, joined. */
const pairsPerObject = 40;

/**
 * The create's object_changes: each field not null as [null, value], updated_at left out (as `diff`
 * does). A null field's pair is null and stripped; the values are scalars, so nothing else is.
 */
function changesSql(columns: [string, PgColumn][]): string | null {
  const pairs: string[] = [];
  for (const [key, column] of columns) {
    if (key === 'updatedAt' || key === 'updated_at') continue;
    const ref = `ins.${quoted(column.name)}`;
    const value = versionValue(column, ref);
    if (value === null) return null;
    pairs.push(`'${key}', case when ${ref} is null then null else jsonb_build_array(null, ${value}) end`);
  }
  const objects: string[] = [];
  for (let start = 0; start < pairs.length; start += pairsPerObject) {
    objects.push(`jsonb_build_object(${pairs.slice(start, start + pairsPerObject).join(', ')})`);
  }
  return objects.length > 0 ? `jsonb_strip_nulls(${objects.join(' || ')})` : `'{}'::jsonb`;
}

/** The version's school as srs_version_set_school would find it: a School's id, the row's school, else its enrollment's. */
function schoolSql(itemType: string, columns: [string, PgColumn][]): string {
  const keys = new Set(columns.map(([key]) => key));
  const own = keys.has('schoolId') ? 'ins.school_id' : null;
  const enrollment = keys.has('enrollmentId') ? '(select e.school_id from enrollments e where e.id = ins.enrollment_id)' : null;
  if (itemType === 'School') return 'ins.id';
  if (own && enrollment) return `coalesce(${own}, ${enrollment})`;
  return own ?? enrollment ?? 'null';
}

/** The statement for one run of rows giving the same columns; null when the table has a column SQL cannot version exactly. */
export function insertWithVersionsSql(
  table: PgTable,
  itemType: string,
  actor: Actor,
  given: [string, PgColumn][],
  values: Row[],
): SQL | null {
  const all = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const changes = changesSql(all);
  if (changes === null) return null;
  return sql`with ins as (
      ${insertSelectOf(table, given, values)}
      returning *
    ), made as (
      insert into versions (item_type, item_id, event, whodunnit, object, object_changes, school_id)
      select ${itemType}, ins.id, 'create', ${actor.userId}::bigint, null, ${sql.raw(changes)}, ${sql.raw(schoolSql(itemType, all))}
      from ins order by ins.id
    )
    select ins.id::bigint as id from ins order by ins.id`;
}

/** Runs the statement; the ids of the rows in the order of `values`. */
export async function insertRunWithVersions(tx: DbOrTx, itemType: string, statement: SQL): Promise<number[]> {
  if (sessionItemTypes.has(itemType)) sessionsChanged();
  const inserted = await rows<{ id: number }>(tx.execute(statement));
  return inserted.map((row) => Number(row.id));
}
