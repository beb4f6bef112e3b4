import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, ref } from './columns.ts';
import { users } from './users.ts';

/**
 * One applied student import (issue 27; docs/decisions/024): who, when, into which schools, from
 * which file, its counts, and the ids of every record it made, so that an undo can take them back
 * as a whole (student-import-undo.ts). No foreign keys to what it made: the record outlives them.
 */
export const studentImports = pgTable(
  'student_imports',
  {
    id: id(),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    schoolIds: jsonb('school_ids').$type<number[]>().notNull(),
    fileName: text('file_name'),
    rowsCount: integer('rows_count').notNull(),
    studentsCount: integer('students_count').notNull(),
    enrollmentsCount: integer('enrollments_count').notNull(),
    lessonsCount: integer('lessons_count').notNull(),
    skippedCount: integer('skipped_count').notNull(),
    refusedCount: integer('refused_count').notNull(),
    /** The ids it made: students, enrollments (added to new or existing students), lessons. */
    made: jsonb('made').$type<{ students: number[]; enrollments: number[]; lessons: number[] }>().notNull(),
    /** Undone from /versions (within 30 days): when and by whom; an import is undone once. */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneById: ref('undone_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('student_imports_created_at_idx').on(t.createdAt)],
);
