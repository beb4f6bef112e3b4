import type { ExportFormat } from '@srs/shared/exports';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Language } from './i18n.ts';
import { csvStream } from './csv-streams.ts';
import { sendXlsx } from './xlsx.ts';

/**
 * One column of an export: its header and its cell as SQL text (null prints as an empty cell).
 * A spreadsheet (xlsx.ts) types the cell by `kind`: a number, a date (YYYY-MM-DD text), else text.
 */
export type CsvColumn = { header: string; cell: SQL; kind?: 'number' | 'date' };

/**
 * An export (SPEC section 7): its columns over `from` (the FROM list) filtered by `where`, in the
 * order of `key`: columns never null that together name one row (the last is the id), so that the
 * embedded database can read it page by page.
 */
export type CsvExport = {
  label: string;
  columns: CsvColumn[];
  from: SQL;
  where: SQL;
  key: SQL[];
  /**
   * Lines a spreadsheet shows above the header (a report's title, period and filters: issue 25).
   * A CSV leaves them out: its first line is the header a program reading it expects.
   */
  heading?: string[];
  /**
   * The language of the person who asked for it (issue 29): its headings are in it already; a
   * spreadsheet shows its days in its order (MM/DD/YYYY, DD/MM/YYYY in Spanish). English when unsaid.
   */
  language?: Language;
};

/** Today's date (or `now`'s) in the server's zone as YYYY-MM-DD. */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * A cell of text. One starting with = + - @ tab or CR would run as a formula in a spreadsheet: it
 * gets a leading apostrophe (ascii(): the code of the first character, without copying the text).
 */
export function textCell(header: string, value: SQL): CsvColumn {
  return {
    header,
    cell: sql`case when ascii(${value}) in (9, 13, 43, 45, 61, 64) then '''' || ${value} else ${value} end`,
  };
}

/** A cell of a number, printed as it is: a spreadsheet reads -1 as a number, not a formula. */
export function numberCell(header: string, value: SQL): CsvColumn {
  return { header, cell: sql`(${value})::text`, kind: 'number' };
}

/** A cell of a day (a date, or a timestamp read in UTC), printed YYYY-MM-DD; a date in a spreadsheet. */
export function dateCell(header: string, value: SQL): CsvColumn {
  return { header, cell: sql`to_char(${value}, 'YYYY-MM-DD')`, kind: 'date' };
}

/**
 * Streams a CSV download named '{label}-{date}.csv' (SPEC section 7) straight from the database,
 * at the pace the client reads it: PostgreSQL writes the CSV itself (COPY), the embedded database
 * is read page by page. Either way no export sits in memory (STACK-NOTES.md).
 */
export async function sendCsv(reply: FastifyReply, db: Db, csv: CsvExport) {
  const stream = await csvStream(db, csv);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.label}-${today()}.csv"`)
    .send(stream);
}


/** Sends the export in the format its address asks for: '{label}-{date}.csv' or '.xlsx'. */
export async function sendExport(format: ExportFormat, reply: FastifyReply, db: Db, csv: CsvExport) {
  if (format === 'csv') return sendCsv(reply, db, csv);
  return sendXlsx(reply, db, csv, `${csv.label}-${today()}.xlsx`);
}
