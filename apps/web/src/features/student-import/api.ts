import type { StudentImportChoice, StudentImportResponse, StudentImportRow } from '@srs/shared/student-import';
import { postImportAsItGoes, type StreamOptions } from './import-stream.ts';
import type { ImportMapping } from './mapping-memory.ts';

/** What one call of POST /students/import sends: the file, and for the apply the preview's token and the choices. */
export type ImportRequest = {
  file: File;
  schoolId: number | null;
  mapping: ImportMapping | null;
  apply?: { token: string; choices: Record<string, StudentImportChoice> };
};

/**
 * The preview or the apply, as a multipart form (the file's bytes as they are: a CSV's text or an
 * .xlsx), its progress told as it goes (import-stream.ts).
 */
export async function postStudentImport(request: ImportRequest, options: StreamOptions = {}): Promise<StudentImportResponse> {
  const form = new FormData();
  form.append('file_name', request.file.name);
  if (request.schoolId !== null) form.append('school_id', String(request.schoolId));
  if (request.mapping) form.append('mapping', JSON.stringify(request.mapping));
  if (request.apply) {
    form.append('confirm', 'true');
    form.append('preview_token', request.apply.token);
    form.append('choices', JSON.stringify(request.apply.choices));
  }
  form.append('file', request.file, request.file.name);
  return postImportAsItGoes(form, options);
}

/** Each matching row's choice as the apply sends it, by its line: skip unless the user chose otherwise. */
export function choicesToSend(
  rows: readonly StudentImportRow[],
  chosen: Readonly<Record<number, StudentImportChoice>>,
): Record<string, StudentImportChoice> {
  const choices: Record<string, StudentImportChoice> = {};
  for (const row of rows) if (row.status === 'match') choices[String(row.line)] = chosen[row.line] ?? 'skip';
  return choices;
}

/** The choices that still fit a new preview: kept for the lines that still match. */
export function choicesStillMatching(
  rows: readonly StudentImportRow[],
  chosen: Readonly<Record<number, StudentImportChoice>>,
): Record<number, StudentImportChoice> {
  const kept: Record<number, StudentImportChoice> = {};
  for (const row of rows) {
    const choice = chosen[row.line];
    if (row.status === 'match' && choice && canChoose(row, choice)) kept[row.line] = choice;
  }
  return kept;
}

/** One choice for every match that allows it; the others are skipped. */
export function choicesForAll(rows: readonly StudentImportRow[], choice: StudentImportChoice): Record<number, StudentImportChoice> {
  const chosen: Record<number, StudentImportChoice> = {};
  for (const row of rows) if (row.status === 'match') chosen[row.line] = canChoose(row, choice) ? choice : 'skip';
  return chosen;
}

/** Adding the enrollment needs a course in the row and a student not already enrolled in it. */
export function canChoose(row: StudentImportRow, choice: StudentImportChoice): boolean {
  if (choice !== 'add_enrollment') return true;
  return row.series_name !== null && row.series_name !== '' && row.match?.enrolled !== true;
}
