import { z } from 'zod';
import { flag, idRef, SchoolRef } from './common.ts';

/**
 * POST /students/import (issue 27; docs/decisions/024): students, each with at most one
 * enrollment, from a CSV or an Excel file whose first row names the columns. A preview gives each
 * row its status; the apply writes the accepted rows in one transaction, or nothing.
 */

/** The most rows a file may have: a larger one is refused (413) with a sentence saying to split it. */
export const studentImportRowsMax = 50_000;

/** What a column may mean: a student field, the school, the instructor, or the row's one enrollment. */
export const studentImportFields = [
  'first_name',
  'middle_name',
  'last_name',
  'address',
  'address_2',
  'city',
  'state',
  'country',
  'zip_code',
  'email',
  'phone',
  'social_media',
  'include_in_mailing_list',
  'school',
  'instructor',
  'series',
  'status',
  'started_on',
  'last_lesson_sent',
  'last_lesson_sent_on',
  'last_lesson_returned',
  'last_lesson_returned_on',
] as const;
export type StudentImportField = (typeof studentImportFields)[number];

export const studentImportStatuses = ['new', 'match', 'repeated', 'refused'] as const;
export type StudentImportStatus = (typeof studentImportStatuses)[number];

/** What the user chose for a row that matches an existing student. */
export const studentImportChoices = ['skip', 'add_enrollment', 'create'] as const;
export type StudentImportChoice = (typeof studentImportChoices)[number];

/** A multipart form sends an object as JSON text. */
const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * The file: a multipart upload's bytes (as text when CSV, as a base64 data URL when an .xlsx, told
 * by its zip signature), or in JSON the CSV's text or the .xlsx as a data URL
 * ('data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,…', what a
 * browser's FileReader gives).
 */
type Decoder = { decode: (bytes: Uint8Array) => string };
const utf8 = () => new (globalThis as unknown as { TextDecoder: new () => Decoder }).TextDecoder();
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
type Base64 = { toString: (encoding: 'base64') => string };
export const xlsxDataUrlPrefix = 'data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,';
export const StudentImportFile = z.preprocess(
  (value) => {
    if (!(value instanceof Uint8Array)) return value;
    // A multipart file arrives as a Node Buffer, which writes itself in base64.
    return isZip(value) ? `${xlsxDataUrlPrefix}${(value as unknown as Base64).toString('base64')}` : utf8().decode(value);
  },
  z.string({ error: 'This field is required' }).min(1, 'This field is required').max(8_000_000, 'is too long'),
);

export const StudentImportInput = z.object({
  file: StudentImportFile,
  file_name: z.string().trim().max(255).optional(),
  /** The school of every row that names none. */
  school_id: idRef.optional(),
  /** Heading → field, overriding the meaning recognised from the heading; null leaves the column out. */
  mapping: z.preprocess(jsonText, z.record(z.string().max(200), z.string().max(100).nullable()).optional()),
  /** false: the preview; true: the apply, with the preview's token. */
  confirm: flag.default(false),
  preview_token: z.string().max(100).optional(),
  /** For each matching row (by its line): skip it (the default), add its enrollment to the student found, or create anyway. */
  choices: z.preprocess(jsonText, z.record(z.string().regex(/^\d+$/), z.enum(studentImportChoices)).optional()),
});
export type StudentImportInput = z.input<typeof StudentImportInput>;

export const StudentImportColumn = z.object({
  index: z.number(),
  heading: z.string(),
  /** The field the column is read as, or null when it is left out. */
  field: z.enum(studentImportFields).nullable(),
});
export type StudentImportColumn = z.infer<typeof StudentImportColumn>;

export const studentMatchReasons = ['email', 'phone', 'name_and_zip'] as const;
export const StudentImportMatch = z.object({
  student_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  school: SchoolRef,
  /** Why it is likely the same person: the same email, the same phone, the same name and zip code. */
  why: z.array(z.enum(studentMatchReasons)),
  /** The student has an active enrollment in the row's course already: its enrollment cannot be added. */
  enrolled: z.boolean(),
});
export type StudentImportMatch = z.infer<typeof StudentImportMatch>;

export const StudentImportRow = z.object({
  line: z.number(),
  status: z.enum(studentImportStatuses),
  first_name: z.string(),
  last_name: z.string(),
  school_code: z.string().nullable(),
  series_name: z.string().nullable(),
  /** Refused: each reason as 'Field: message', in the form's words. */
  reasons: z.array(z.string()),
  match: StudentImportMatch.nullable(),
  /** Repeated: the earlier line of the same person. */
  repeats_line: z.number().nullable(),
  /** Refused: the row's cells as the file held them (a CSV's or a worksheet's), to download, fix and import again. */
  cells: z.array(z.string()).nullable(),
});
export type StudentImportRow = z.infer<typeof StudentImportRow>;

export const StudentImportResponse = z.object({
  columns: z.array(StudentImportColumn),
  /** The preview's rows, every one; the apply answers none (what it made is in created, issue 27 Scale). */
  rows: z.array(StudentImportRow),
  totals: z.object({ new: z.number(), match: z.number(), repeated: z.number(), refused: z.number() }),
  applied: z.boolean(),
  preview_token: z.string(),
  /** After the apply: the import's record and what it made. */
  import_id: z.number().nullable(),
  created: z.object({ students: z.number(), enrollments: z.number(), lessons: z.number() }).nullable(),
});
export type StudentImportResponse = z.infer<typeof StudentImportResponse>;

/**
 * How far the server is with a preview or an apply (issue 27: a progress bar on both steps):
 * rows read from the file, rows checked, rows written, each out of the file's rows.
 */
export const studentImportSteps = ['reading', 'checking', 'writing'] as const;
export type StudentImportStep = (typeof studentImportSteps)[number];
export type StudentImportProgress = { step: StudentImportStep; done: number; total: number };
/** Told of each step's progress as it goes; called often, so it must be cheap (the transport thins it out). */
export type StudentImportProgressListener = (progress: StudentImportProgress) => void;
