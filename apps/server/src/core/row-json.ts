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
export function rowJson(table: PgTable, alias: string, extra: JsonField[] = []): SQL {
  const fields = Object.entries(getTableColumns(table)).map(([key, column]) => sql`${field(key)} || coalesce(${valueText(column, alias)}, 'null')`);
  return objectOf(sql.join([...fields, ...extra.map(extraText)], sql` || ',' || `));
}

/**
 * A field the row's own columns do not give (a destroy version's `associations`): its name and its
 * value as a json or jsonb expression.
 */
export type JsonField = { key: string; value: SQL };

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** `"key":` as SQL text. */
const field = (key: string) => sql.raw(quoteLiteral(`${JSON.stringify(key)}:`));
const extraText = ({ key, value }: JsonField) => sql`${field(key)} || (${value})::text`;

/**
 * The object's text parsed once. JSON is written as text and cast, not built by jsonb_build_object:
 * those variadic calls, two per field, took seven times as long for an import's 50,000 versions
 * (issue 27). `||` with a null gives null, which is how a null field is left out below.
 */
const objectOf = (fields: SQL) => sql`('{' || ${fields} || '}')::jsonb`;

/**
 * What the destroy version of a row records as its changes (`recordVersions`, a row against
 * nothing): each field that is not null as [value, null], but `updatedAt`.
 */
export function rowDestroyedJson(table: PgTable, alias: string, extra: JsonField[] = []): SQL {
  return changesJson(table, alias, (value) => sql`'[' || ${value} || ',null]'`, extra);
}

/** What the create version of a row records as its changes: each field that is not null as [null, value], but `updatedAt`. */
export function rowCreatedJson(table: PgTable, alias: string): SQL {
  return changesJson(table, alias, (value) => sql`'[null,' || ${value} || ']'`);
}

function changesJson(table: PgTable, alias: string, pair: (value: SQL) => SQL, extra: JsonField[] = []): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'updatedAt' && key !== 'updated_at');
  // Each field led by its comma, or '' when null; the first comma taken off.
  const fields = [
    ...columns.map(([key, column]) => sql`coalesce(',' || ${field(key)} || ${pair(valueText(column, alias))}, '')`),
    ...extra.map((one) => sql`coalesce(',' || ${field(one.key)} || ${pair(sql`(${one.value})::text`)}, '')`),
  ];
  return objectOf(sql`substr(${sql.join(fields, sql` || `)}, 2)`);
}

/** Column types whose JSON form SQL writes exactly as the driver's value gives it. */
const written = new Set(['PgBigInt53', 'PgInteger', 'PgSerial', 'PgBoolean', 'PgText', 'PgDateString', 'PgNumeric', 'PgTimestamp']);

/** Whether every column of the table has a JSON form written here (numeric, arrays, bytea and time have none but numeric). */
export const rowJsonWritten = (table: PgTable): boolean =>
  Object.values(getTableColumns(table)).every((column) => written.has(column.columnType));

/** The column's value as JSON text, null when it is null. */
function valueText(column: PgColumn, alias: string): SQL {
  const value = sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
  switch (column.columnType) {
    case 'PgBigInt53':
    case 'PgInteger':
    case 'PgSerial':
    case 'PgBoolean':
      return sql`${value}::text`;
    case 'PgText':
      return sql`to_json(${value})::text`;
    case 'PgDateString':
    case 'PgNumeric':
      // Digits, signs, dashes and points: nothing to escape.
      return sql`'"' || ${value}::text || '"'`;
    case 'PgTimestamp': {
      const utc = (column as PgColumn & { withTimezone: boolean }).withTimezone ? sql`${value} at time zone 'UTC'` : value;
      return sql`'"' || to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
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
