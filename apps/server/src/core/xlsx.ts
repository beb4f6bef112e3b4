import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Db } from '../db/client.ts';
import type { CsvColumn, CsvExport } from './csv.ts';
import { exportPages } from './csv-streams.ts';

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Column widths in characters: as wide as the header and the first page's cells, within reason. */
const minWidth = 8;
const maxWidth = 60;

/** A cell as a spreadsheet holds it: numbers as numbers, days as dates, the rest as text. */
export function typedCell(column: CsvColumn, text: string | null): string | number | Date | null {
  if (text === null) return null;
  if (column.kind === 'number') {
    const value = Number(text);
    return Number.isFinite(value) ? value : text;
  }
  if (column.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(`${text}T00:00:00Z`);
  // A text starting with = + - @ tab or CR arrives with its apostrophe (textCell): the same as the CSV.
  return text;
}

function widths(csv: CsvExport, rows: (string | null)[][]): number[] {
  return csv.columns.map((column, i) => {
    if (column.kind === 'date') return Math.max(minWidth, column.header.length + 2, 12);
    let longest = column.header.length;
    for (const row of rows) longest = Math.max(longest, (row[i] ?? '').length);
    return Math.min(maxWidth, Math.max(minWidth, longest + 2));
  });
}

/**
 * Writes the export as one worksheet, page by page (exportPages): a frozen bold header row,
 * columns as wide as the first page needs, typed cells. Waits whenever the client is behind, and
 * stops when it has gone.
 */
async function writeWorkbook(db: Db, csv: CsvExport, output: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(csv.label.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const pages = exportPages(db, csv);
  const first = await pages.next();
  const firstRows = first.done ? [] : first.value;
  const sized = widths(csv, firstRows);
  sheet.columns = csv.columns.map((column, i) => ({
    header: column.header,
    key: `c${i}`,
    width: sized[i],
    ...(column.kind === 'date' ? { style: { numFmt: 'mm/dd/yyyy' } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  const write = async (rows: (string | null)[][]) => {
    for (const row of rows) sheet.addRow(row.map((text, i) => typedCell(csv.columns[i] as CsvColumn, text))).commit();
    if (output.writableNeedDrain) await once(output, 'drain');
  };
  await write(firstRows);
  for await (const rows of pages) {
    if (output.destroyed) return;
    await write(rows);
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Streams an Excel download named '{label}-{date}.xlsx' (DOMAIN.md, Exports), with the columns,
 * filter and scope of the CSV of the same export.
 */
export function sendXlsx(reply: FastifyReply, db: Db, csv: CsvExport, fileName: string) {
  const output = new PassThrough();
  writeWorkbook(db, csv, output).catch((error: unknown) => {
    reply.log.error({ err: error }, 'Excel export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', xlsxContentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(output);
}
