import type { StudentImportResponse, StudentImportRow } from '@srs/shared/student-import';

/** One record of a CSV file: its cells and the line of the file it starts on (as the server counts). */
export type CsvLine = { line: number; fields: string[] };

/**
 * A CSV file's records, each with the line it starts on, as the server reads them: quoted cells
 * may hold commas, line breaks and doubled quotes; lines end in CRLF, LF or CR; a byte-order mark
 * is dropped; blank lines and records of blank cells are left out but still counted.
 */
export function readCsvLines(text: string): CsvLine[] {
  const records: CsvLine[] = [];
  let fields: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = () => {
    fields.push(cell);
    if (fields.some((field) => field.trim() !== '')) records.push({ line: startLine, fields: fields.map((field) => field.trim()) });
    fields = [];
    cell = '';
  };
  for (let at = 0; at < source.length; at++) {
    const char = source[at]!;
    if (quoted) {
      if (char === '"' && source[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n' || (char === '\r' && source[at + 1] !== '\n')) line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      fields.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[at + 1] === '\n') at++;
      endRecord();
      line++;
      startLine = line;
    } else cell += char;
  }
  if (cell !== '' || fields.length > 0) endRecord();
  return records;
}

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

const csvRow = (cells: readonly string[]) => cells.map(csvCell).join(',');

/** A refused row's reasons in one cell. */
export const reasonText = (row: StudentImportRow) => row.reasons.join('; ');

/**
 * The refused rows as a CSV to fix and import again: with the file's own text (a CSV), each
 * refused record as it was with a reason column at the end; without it (an .xlsx, whose cells the
 * browser does not read), the line, the name, the school, the course and the reason the preview gives.
 */
export function refusedRowsCsv(preview: Pick<StudentImportResponse, 'rows' | 'columns'>, fileText: string | null): string {
  const refused = preview.rows.filter((row) => row.status === 'refused');
  if (fileText !== null) {
    const [heading, ...records] = readCsvLines(fileText);
    const byLine = new Map(records.map((record) => [record.line, record.fields]));
    const width = Math.max(heading?.fields.length ?? 0, preview.columns.length);
    const pad = (cells: readonly string[]) => [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill('')];
    const lines = [csvRow([...pad(heading?.fields ?? []), 'Reason'])];
    for (const row of refused) lines.push(csvRow([...pad(byLine.get(row.line) ?? []), reasonText(row)]));
    return `${lines.join('\r\n')}\r\n`;
  }
  const lines = [csvRow(['Line', 'First name', 'Last name', 'School', 'Course', 'Reason'])];
  for (const row of refused) {
    lines.push(csvRow([String(row.line), row.first_name, row.last_name, row.school_code ?? '', row.series_name ?? '', reasonText(row)]));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** 'students.csv' → 'students-refused.csv'. */
export function refusedFileName(fileName: string): string {
  const base = fileName.replace(/\.(csv|xlsx)$/i, '') || 'students';
  return `${base}-refused.csv`;
}
