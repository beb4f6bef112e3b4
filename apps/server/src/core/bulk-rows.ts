import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { rows } from './lists.ts';

/**
 * Many rows in one statement whose values are one jsonb parameter, read in order by
 * jsonb_to_recordset. Drizzle's multi-row VALUES builds an SQL fragment and a parameter for every
 * value: for an import's 50,000 students, enrollments and lessons and their 200,000 versions that
 * building was most of the server's own time (issue 27).
 */

type Row = Record<string, unknown>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The value as the column's driver takes it; json is kept as it is, to be nested in the parameter. */
export function driverValue(column: PgColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const type = column.getSQLType();
  if (type === 'json' || type === 'jsonb') return value;
  return column.mapToDriverValue(value);
}

/** `select "a", "b" from rows from (jsonb_to_recordset($1) as (...)) with ordinality … order by n`: the values in their order. */
export function recordsetOf(columns: readonly (readonly [name: string, type: string])[], records: unknown[]): SQL {
  const names = columns.map(([name]) => quoted(name)).join(', ');
  const typed = columns.map(([name, type]) => `${quoted(name)} ${type}`).join(', ');
  return sql`select ${sql.raw(names)} from rows from (jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as (${sql.raw(typed)}))
    with ordinality as x(${sql.raw(names)}, srs_n) order by x.srs_n`;
}

/** `insert into table (given columns) select … from the records`, the values in their order. */
export function insertSelectOf(table: PgTable, given: [string, PgColumn][], values: Row[]): SQL {
  const records = values.map((value) => Object.fromEntries(given.map(([key, column]) => [column.name, driverValue(column, value[key])])));
  const names = given.map(([, column]) => quoted(column.name)).join(', ');
  return sql`insert into ${table} (${sql.raw(names)})
      ${recordsetOf(given.map(([, column]) => [column.name, column.getSQLType()] as const), records)}`;
}

/** One run of rows giving the same columns (those they leave out take their default). */
async function insertRun<T extends PgTable>(tx: DbOrTx, table: T, given: [string, PgColumn][], values: Row[]): Promise<Row[]> {
  const all = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const returned = all.map(([, column]) => quoted(column.name)).join(', ');
  const inserted = await rows<Row>(tx.execute(sql`${insertSelectOf(table, given, values)} returning ${sql.raw(returned)}`));
  // As drizzle's .returning() maps them: field names, and each value from its driver's form.
  return inserted.map((raw) =>
    Object.fromEntries(all.map(([key, column]) => [key, raw[column.name] === null ? null : column.mapFromDriverValue(raw[column.name])])),
  );
}

const givenKeys = (value: Row) => Object.keys(value).filter((key) => value[key] !== undefined).sort().join(',');

/**
 * Inserts `values` (at most a few thousand: one parameter holds them all) and answers the rows as
 * `tx.insert(table).values(values).returning()` would, in the order of `values`.
 */
export async function insertRows<T extends PgTable>(tx: DbOrTx, table: T, values: T['$inferInsert'][]): Promise<T['$inferSelect'][]> {
  const added: Row[] = [];
  for (const { given, run } of runsOf(table, values as Row[])) added.push(...(await insertRun(tx, table, given, run)));
  return added as T['$inferSelect'][];
}

/** The values in runs of rows that give the same columns, each run with those columns. */
export function* runsOf(table: PgTable, values: Row[]): Generator<{ given: [string, PgColumn][]; run: Row[] }> {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  for (let start = 0; start < values.length; ) {
    const keys = givenKeys(values[start]!);
    let end = start + 1;
    while (end < values.length && givenKeys(values[end]!) === keys) end++;
    const given = columns.filter(([key]) => keys.split(',').includes(key));
    if (given.length === 0) throw new Error(`insertRows: a row of ${quoted(String(table))} gives no column`);
    yield { given, run: values.slice(start, end) };
    start = end;
  }
}
