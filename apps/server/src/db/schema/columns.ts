import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Every table's key: a bigint identity, read as a JS number (safe below 2^53). */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
