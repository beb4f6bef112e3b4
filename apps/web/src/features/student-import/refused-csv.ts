import type { StudentImportResponse, StudentImportRow } from '@srs/shared/student-import';
import { studentImportText } from './messages.ts';

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

const csvRow = (cells: readonly string[]) => cells.map(csvCell).join(',');

/** A refused row's reasons in one cell. */
export const reasonText = (row: StudentImportRow) => row.reasons.join('; ');

/**
 * The refused rows as a CSV to fix and import again: the file's headings and each refused row's
 * cells as the server read them (from a CSV or a worksheet alike), with a reason column at the end.
 */
export function refusedRowsCsv(preview: Pick<StudentImportResponse, 'rows' | 'columns'>): string {
  const refused = preview.rows.filter((row) => row.status === 'refused');
  const headings: string[] = [];
  for (const column of preview.columns) headings[column.index] = column.heading;
  const width = Math.max(headings.length, ...refused.map((row) => row.cells?.length ?? 0));
  const pad = (cells: readonly string[]) => Array.from({ length: width }, (_, index) => cells[index] ?? '');
  const lines = [csvRow([...pad(headings), studentImportText.t('reasonColumn')])];
  for (const row of refused) lines.push(csvRow([...pad(row.cells ?? []), reasonText(row)]));
  return `${lines.join('\r\n')}\r\n`;
}

/** 'students.csv' → 'students-refused.csv'. */
export function refusedFileName(fileName: string): string {
  const base = fileName.replace(/\.(csv|xlsx)$/i, '') || 'students';
  return `${base}-refused.csv`;
}
