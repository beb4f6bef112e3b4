import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * A row as a version keeps it, built in SQL: the jsonb that JSON.stringify writes of the row as
 * drizzle's select answers it (its fields by their names in the schema; a timestamp as
 * Date.toISOString, to the millisecond; a date and a numeric as their text). An import undone
 * writes 50,000 destroy versions this way, where building their JSON in the server and parsing it
 * again in PostgreSQL took most of its time (issue 27); test/student-destroy-versions.test.ts holds it
 * equal to what `recordVersions` writes, column type by column type.
 */
export function rowJson(table: PgTable, alias: string, extra: SQL[] = []): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => sql`${sql.raw(quoteLiteral(key))}, ${valueJson(column, alias)}`);
  return sql`jsonb_build_object(${sql.join([...pairs, ...extra], sql`, `)})`;
}

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * What the destroy version of a row records as its changes (`recordVersions`, a row against
 * nothing): each field that is not null as [value, null], but `updatedAt`. Built pair by pair
 * rather than from `rowJson`'s object, which took as long again as the rest of the version.
 */
export function rowDestroyedJson(table: PgTable, alias: string, extra: SQL[] = []): SQL {
  return changesJson(table, alias, (value) => sql`jsonb_build_array(${value}, null)`, extra);
}

/** What the create version of a row records as its changes: each field that is not null as [null, value], but `updatedAt`. */
export function rowCreatedJson(table: PgTable, alias: string): SQL {
  return changesJson(table, alias, (value) => sql`jsonb_build_array(null, ${value})`);
}

function changesJson(table: PgTable, alias: string, pair: (value: SQL) => SQL, extra: SQL[] = []): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'updatedAt' && key !== 'updated_at');
  const pairs = columns.map(([key, column]) => sql`${sql.raw(quoteLiteral(key))}, ${pair(valueJson(column, alias))}`);
  const nulls = columns.map(([key, column]) => sql`case when ${sql.identifier(alias)}.${sql.identifier(column.name)} is null then ${sql.raw(quoteLiteral(key))} end`);
  // Built whole, then the fields that were null taken out: one pass, where stripping nulls and
  // joining objects each copied the rows inside (issue 27).
  return sql`(jsonb_build_object(${sql.join([...pairs, ...extra], sql`, `)}) - array_remove(array[${sql.join(nulls, sql`, `)}], null))`;
}

/** Column types whose JSON form SQL writes exactly as the driver's value gives it. */
const written = new Set(['PgBigInt53', 'PgInteger', 'PgSerial', 'PgBoolean', 'PgText', 'PgDateString', 'PgNumeric', 'PgTimestamp']);

/** Whether every column of the table has a JSON form written here (numeric, arrays, bytea and time have none but numeric). */
export const rowJsonWritten = (table: PgTable): boolean =>
  Object.values(getTableColumns(table)).every((column) => written.has(column.columnType));

function valueJson(column: PgColumn, alias: string): SQL {
  const value = sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
  switch (column.columnType) {
    case 'PgBigInt53':
    case 'PgInteger':
    case 'PgSerial':
    case 'PgBoolean':
    case 'PgText':
      return value;
    case 'PgDateString':
    case 'PgNumeric':
      return sql`${value}::text`;
    case 'PgTimestamp': {
      const utc = (column as PgColumn & { withTimezone: boolean }).withTimezone ? sql`${value} at time zone 'UTC'` : value;
      return sql`to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    }
    default:
      throw new Error(`rowJson: no JSON form written for a column of type ${column.columnType} (${column.name})`);
  }
}

/**
 * The rows of `table` that `from` selects (aliased `alias`), as a jsonb array of `rowJson` per
 * group, in the order of their ids (or of `orderBy`): `select key, rows … group by key`.
 */
export function rowsJsonBy(table: PgTable, alias: string, key: SQL, from: SQL, orderBy: SQL = sql`${sql.identifier(alias)}.id`): SQL {
  return sql`select ${key} as key, jsonb_agg(${rowJson(table, alias)} order by ${orderBy}) as rows ${from} group by 1`;
}
