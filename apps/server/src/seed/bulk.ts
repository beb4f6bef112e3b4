import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

// A few thousand rows per statement keeps every insert well under PostgreSQL's 65,535 parameters.
const rowsPerStatement = 1000;

type TableWithId = PgTable & { id: PgTable['_']['columns'][string] };

/**
 * Inserts rows in a few multi-row statements and returns their ids in the order given
 * (PostgreSQL returns the rows of a multi-row VALUES insert in that order).
 */
export async function insertReturningIds<T extends TableWithId>(
  db: DbOrTx,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    const inserted = (await db.insert(table).values(chunk).returning({ id: table.id })) as { id: number }[];
    for (const row of inserted) ids.push(row.id);
  }
  return ids;
}

/** The same without ids, for tables without an id column (links, shares). */
export async function insertAll<T extends PgTable>(db: DbOrTx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    await db.insert(table).values(rows.slice(start, start + rowsPerStatement));
  }
}

/** node-postgres and PGlite both answer drizzle's `execute` with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
