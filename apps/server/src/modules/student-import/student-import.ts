import type {
  StudentImportInput,
  StudentImportProgressListener,
  StudentImportResponse,
  StudentImportRow,
} from '@srs/shared/student-import';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.ts';
import { notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { administers } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { type CheckedRow, eachPart, linesOf, partChecker, tokenHasher } from './check-rows.ts';
import { columnsOf } from './headings.ts';
import { readImportFile } from './read-file.ts';

/**
 * POST /students/import (issue 27; docs/decisions/024). The preview reads the file, gives each
 * column its meaning and each row its status; the apply (student-import-apply.ts) reads it again
 * and, under a lock per school, checks every row again inside its transaction: when anything
 * differs from the preview it writes nothing and says so, otherwise it writes every accepted row,
 * each with its versions, and records the import with the ids it made.
 */

export type Input = z.output<typeof StudentImportInput>;

export const importReasons = {
  changed: 'The file or the students changed since the preview: preview the file again.',
  tokenMissing: 'Preview the file before applying it.',
};

/** The file's rows under its columns' meanings: read once, checked by the preview, or again under the apply's locks. */
export async function readFile(input: Input) {
  const sheet = await readImportFile(input.file);
  const columns = columnsOf(sheet.headings, input.mapping);
  return { columns, lines: linesOf(sheet, columns) };
}

/** The school chosen for the whole file must be one of the user's: otherwise it is absent (404), as one that does not exist. */
export async function assertFileSchool(db: Db, actor: Actor, schoolId: number | undefined) {
  if (schoolId === undefined) return;
  const [found] = await rows<{ id: number }>(db.execute(sql`select sc.id from schools sc where sc.id = ${schoolId}`));
  if (!found || !administers(actor.scope, schoolId)) throw notFound('School');
}

export type Totals = StudentImportResponse['totals'];

export function totalsOf(checked: CheckedRow[], totals: Totals = { new: 0, match: 0, repeated: 0, refused: 0 }): Totals {
  for (const { row } of checked) totals[row.status]++;
  return totals;
}

/** Rows the preview checks at a time, the server answering others between two parts. */
const previewPart = 2000;

/**
 * The preview checks the file as the apply does, a part at a time (check-rows.ts, `partChecker`),
 * and keeps of each row only what it answers: 50,000 checked rows with their students and
 * enrollments held at once were some 45 MB (issue 27: the server's memory).
 */
export async function previewStudentImport(
  db: Db,
  actor: Actor,
  input: Input,
  progress: StudentImportProgressListener = () => {},
): Promise<StudentImportResponse> {
  await assertFileSchool(db, actor, input.school_id);
  const { columns, lines } = await readFile(input);
  const total = lines.length;
  progress({ step: 'reading', done: total, total });
  const check = await partChecker(db, actor, lines, input.school_id, previewPart);
  const token = tokenHasher(columns);
  const totals: Totals = { new: 0, match: 0, repeated: 0, refused: 0 };
  const answered: StudentImportRow[] = [];
  await eachPart(lines, previewPart, async (part, done) => {
    const checked = check(part);
    token.add(checked);
    totalsOf(checked, totals);
    for (const entry of checked) answered.push(entry.row);
    progress({ step: 'checking', done, total });
    // The server answers others between two parts, and the progress goes out.
    await new Promise((resolve) => setImmediate(resolve));
  });
  return { columns, rows: answered, totals, applied: false, preview_token: token.digest(), import_id: null, created: null };
}
