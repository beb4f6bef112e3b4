import { Readable } from 'node:stream';
import { studentImportRowsMax, xlsxDataUrlPrefix } from '@srs/shared/student-import';
import ExcelJS from 'exceljs';
import { type CsvRecord, readCsv, tooManyRows } from '../../core/csv-read.ts';
import { invalid } from '../../core/errors.ts';

/** The file's rows: its first (the headings) and the others, each with the line (row) it is on. */
export type ImportSheet = { headings: string[]; records: CsvRecord[] };

const notReadable = 'cannot be read as an Excel workbook (.xlsx): save it again as .xlsx or as CSV';
const noHeadings = 'is empty: its first row must name the columns';

/** A day as YYYY-MM-DD, the way the app reads dates (a spreadsheet's date cell is a Date at UTC midnight). */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** One cell's text: dates as YYYY-MM-DD, rich text, hyperlinks and formulas by what they show. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dayOf(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

/**
 * The first worksheet of an .xlsx, read with exceljs's streaming reader: rows one at a time, and
 * reading stops one row past the limit (413), so a huge sheet is never held whole. Rows whose every
 * cell is blank are left out, like a CSV's ',,,'.
 */
async function readXlsx(bytes: Buffer): Promise<ImportSheet> {
  const records: CsvRecord[] = [];
  let headings: string[] | null = null;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        if (values.every((value) => value === '')) continue;
        if (headings === null) {
          headings = values;
          continue;
        }
        records.push({ line: row.number, fields: values });
        if (records.length > studentImportRowsMax) throw tooManyRows(studentImportRowsMax);
      }
      // The first worksheet only.
      break;
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw invalid({ file: [notReadable] });
  }
  if (headings === null) throw invalid({ file: [noHeadings] });
  return { headings, records };
}

/** The file as CSV (the shared streamed reader, its 413 at the limit) or as an .xlsx sent as a data URL. */
export async function readImportFile(file: string): Promise<ImportSheet> {
  if (file.startsWith(xlsxDataUrlPrefix)) return readXlsx(Buffer.from(file.slice(xlsxDataUrlPrefix.length), 'base64'));
  const { records } = await readCsv(file, { stopAfter: studentImportRowsMax + 2, skipEmptyRecords: true });
  const [header, ...rest] = records;
  if (!header) throw invalid({ file: [noHeadings] });
  if (rest.length > studentImportRowsMax) throw tooManyRows(studentImportRowsMax);
  return { headings: header.fields, records: rest };
}
