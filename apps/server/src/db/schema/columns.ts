import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, timestamp } from 'drizzle-orm/pg-core';

/** Every table's key: a bigint identity, read as a JS number (safe below 2^53). */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/**
 * A text column holds one of the schema's values, also when written outside the forms: the
 * lists are written by the database and sent as they are (docs/decisions/030).
 */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`);
