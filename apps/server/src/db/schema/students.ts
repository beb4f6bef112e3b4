import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, oneOf, ref, timestamps } from './columns.ts';
import { schools } from './organisations.ts';
import { type PersonColumns, studentEmailKey, studentNameZipKey, studentPhoneKey } from './person-keys.ts';
import { users } from './users.ts';

type KeyColumns = Record<'email' | 'phone' | 'firstName' | 'lastName' | 'zipCode', AnyPgColumn>;
const keyColumns = (t: KeyColumns): PersonColumns => ({
  email: sql`${t.email}`,
  phone: sql`${t.phone}`,
  firstName: sql`${t.firstName}`,
  lastName: sql`${t.lastName}`,
  zipCode: sql`${t.zipCode}`,
});

export const mailingOptions = ['if_address_valid', 'always', 'never'] as const;

export const students = pgTable(
  'students',
  {
    id: id(),
    schoolId: ref('school_id')
      .notNull()
      .references(() => schools.id),
    instructorId: ref('instructor_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    address: text('address'),
    address2: text('address_2'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    zipCode: text('zip_code'),
    email: text('email'),
    phone: text('phone'),
    socialMedia: text('social_media'),
    includeInMailingList: text('include_in_mailing_list', { enum: mailingOptions })
      .notNull()
      .default('if_address_valid'),
    averyLabelPrintedAt: timestamp('avery_label_printed_at', { withTimezone: true }),
    // The student's personal data was erased on request (issue 12, docs/decisions/017): the row stays
    // so that the reports count it, under a name that is nobody's.
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdById: ref('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    // The client's key of one create: a retried create returns this student, never a second one.
    requestKey: text('request_key'),
    /**
     * What a name search reads: 'Quick find' and the header search match every word anywhere in
     * the full name (docs/decisions/011). Kept by the database itself.
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(${students.firstName} || ' ' || coalesce(${students.middleName}, '') || ' ' || ${students.lastName})`,
      ),
    ...timestamps,
  },
  (t) => [
    oneOf('students_mailing_option_known', t.includeInMailingList, mailingOptions),
    // The keys of the same person (person-keys.ts) as expression indexes, not columns: a student's
    // row, its versions and what an erasure redacts stay as they were; a lookup names the same
    // expression and reads the index.
    index('students_email_key_idx').on(studentEmailKey(keyColumns(t))).where(sql`${studentEmailKey(keyColumns(t))} is not null`),
    index('students_phone_key_idx').on(studentPhoneKey(keyColumns(t))).where(sql`${studentPhoneKey(keyColumns(t))} is not null`),
    index('students_name_zip_key_idx')
      .on(studentNameZipKey(keyColumns(t)))
      .where(sql`${studentNameZipKey(keyColumns(t))} is not null`),
    uniqueIndex('students_created_by_request_key').on(t.createdById, t.requestKey),
    index('students_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    // The three name orders also carry the search name (the global one the scope columns, the
    // instructor one the school) as
    // INCLUDE columns, added by migration 0005: a search walks them without reading the table.
    index('students_school_name_idx').on(t.schoolId, t.lastName, t.firstName, t.id),
    index('students_instructor_name_idx').on(t.instructorId, t.lastName, t.firstName, t.id),
    index('students_name_idx').on(t.lastName, t.firstName, t.id),
    index('students_created_at_idx').on(t.createdAt, t.id),
    index('students_last_name_zip_idx').on(sql`lower(${t.lastName})`, t.zipCode),
  ],
);

/** Students shared with another user (an instructor then sees them: DOMAIN.md). */
export const studentShares = pgTable(
  'student_shares',
  {
    studentId: ref('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedById: ref('shared_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.userId] }), index('student_shares_user_id_idx').on(t.userId)],
);

/**
 * Two students someone said are not the same person (issue 27): the duplicates page never offers
 * the pair again. The lower id first, so a pair is one row whichever way it was said.
 */
export const studentsNotSamePerson = pgTable(
  'students_not_same_person',
  {
    studentId: ref('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    otherStudentId: ref('other_student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    saidById: ref('said_by_id').references(() => users.id, { onDelete: 'set null' }),
    saidAt: timestamp('said_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.otherStudentId] }),
    index('students_not_same_person_other_idx').on(t.otherStudentId),
    check('students_not_same_person_order', sql`${t.studentId} < ${t.otherStudentId}`),
  ],
);

/**
 * Every word of a student's search name, once (docs/decisions/011): a name search finds the words
 * that contain what was typed here, a few thousand rows, instead of in a million names.
 */
export const nameWords = pgTable('name_words', {
  id: serial('id').primaryKey(),
  word: text('word').notNull().unique(),
}, (t) => [index('name_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)]);

/**
 * For each word, its students in name order with their scope columns: the students matching a
 * word read in the list's order, page by page. Kept by triggers on students (migration 0005).
 */
export const studentWords = pgTable(
  'student_words',
  {
    wordId: integer('word_id')
      .notNull()
      .references(() => nameWords.id),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    studentId: ref('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolId: ref('school_id').notNull(),
    instructorId: ref('instructor_id'),
  },
  (t) => [
    primaryKey({ columns: [t.wordId, t.lastName, t.firstName, t.studentId] }),
    index('student_words_student_id_idx').on(t.studentId),
  ],
);

/**
 * How many students (not erased) share each key of the same person (person-keys.ts; kind 1 email,
 * 2 phone, 3 name and zip, the duplicates' reasons in order), kept by the database as students are
 * written, edited, erased and deleted (migration 0029, issue 27). The duplicates page reads the
 * keys two to twenty students share, instead of working out the keys of a million students.
 */
export const studentKeyCounts = pgTable(
  'student_key_counts',
  {
    kind: smallint('kind').notNull(),
    key: text('key').notNull(),
    students: integer('students').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    index('student_key_counts_shared_idx').on(t.kind, t.key).where(sql`${t.students} >= 2`),
  ],
);
