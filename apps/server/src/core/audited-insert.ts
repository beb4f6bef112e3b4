import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import type { Actor } from './actor.ts';
import { insertSelectOf } from './bulk-rows.ts';
import { rows } from './lists.ts';
import { rowCreatedJson, rowJsonWritten } from './row-json.ts';
import { sessionItemTypes, sessionsChanged } from './sessions.ts';

/**
 * Many rows and their create versions in one statement each 5,000 rows, the versions written by
 * PostgreSQL from the rows it inserted (issue 27: an import's 50,000 students, enrollments and
 * lessons). The server no longer reads every row back, builds its version and sends it again:
 * that was most of its time and memory. Each version is the one `recordVersions` writes for a
 * create (the same object_changes and school), which a test holds for every column type used.
 */

type Row = Record<string, unknown>;

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
  if (!rowJsonWritten(table)) return null;
  const all = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  return sql`with ins as (
      ${insertSelectOf(table, given, values)}
      returning *
    ), made as (
      insert into versions (item_type, item_id, event, whodunnit, object, object_changes, school_id)
      select ${itemType}, ins.id, 'create', ${actor.userId}::bigint, null, ${rowCreatedJson(table, 'ins')}, ${sql.raw(schoolSql(itemType, all))}
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
