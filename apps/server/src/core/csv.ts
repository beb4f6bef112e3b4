import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

export type CsvColumn<T> = { header: string; value: (row: T) => string | number | null | undefined };

/** Today's date in the server's zone as YYYY-MM-DD. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * Streams a CSV download named '{label}-{date}.csv' (SPEC section 7) from batches of rows, so that
 * an export of a million rows never sits in memory (STACK-NOTES.md).
 */
export function sendCsv<T>(reply: FastifyReply, label: string, columns: CsvColumn<T>[], batches: AsyncIterable<T[]>) {
  async function* records() {
    yield columns.map((column) => column.header);
    for await (const batch of batches) {
      for (const row of batch) yield columns.map((column) => formulaSafe(column.value(row)));
    }
  }
  const stream = Readable.from(records()).pipe(stringify());
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${label}-${today()}.csv"`)
    .send(stream);
}

/** A cell starting with = + - @ would run as a formula in a spreadsheet: prefix it. */
function formulaSafe(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
}
