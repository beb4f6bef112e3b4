import { Readable } from 'node:stream';
import { maxUploadBytes } from '@srs/shared/account';
import { groupedNumber } from '@srs/shared/numbers';
import { CsvError, parse } from 'csv-parse';
import { HttpError, invalid } from './errors.ts';

/** One record of a CSV file: its fields and the line of the file it starts on. */
export type CsvRecord = { line: number; fields: string[] };

/**
 * The largest body an import route reads (its route's bodyLimit), JSON or multipart: the most a
 * picture may weigh too. The largest file the row limits allow is well under it (50,000 zip rows
 * of some 25 bytes; 5,000 interests of a few hundred), quoting and all; the global limit (10 MB)
 * would let a JSON body twice that large be read before anything about it is checked.
 */
export const csvBodyLimit = maxUploadBytes;

/** A file over an import's row limit: refused while it is read (413), with what to do about it. */
export const tooManyRows = (max: number) =>
  new HttpError(
    413,
    `The file has more than ${groupedNumber(max)} rows. Split it into files of at most ${groupedNumber(max)} rows.`,
  );

/** How much of the file the parser is handed at a time: it stops, at most one piece past the record it stopped at. */
const pieceBytes = 64 * 1024;

/** csv-parse's refusals in the words of an import's `file` message, with the line the record starts on. */
function problemOf(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted field is not closed';
  if (error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE') return 'a quoted field goes on after its closing quote';
  return 'this line cannot be read as CSV';
}

/**
 * The line each record starts on, from the byte where csv-parse says it ended: a line break is
 * LF, CRLF or CR, and the breaks inside a quoted field count too (csv-parse counts a CRLF inside
 * quotes as two lines, so its own count is not used).
 */
function lineCounter(bytes: Buffer) {
  let at = 0;
  let line = 1;
  return {
    /** The line the next record starts on. */
    get line() {
      return line;
    },
    /** Moves past a record ending at byte `end` (its line break included). */
    passTo(end: number) {
      for (; at < end; at++) {
        const byte = bytes[at];
        if (byte === 0x0a || (byte === 0x0d && bytes[at + 1] !== 0x0a)) line++;
      }
    },
  };
}

export type CsvReadOptions = {
  /** Reading stops once this many records are kept: a caller asks for one more than it takes, to tell a file over its limit. */
  stopAfter: number;
  /** A record whose every field is blank (a spreadsheet's ',,,') is left out like a blank line; otherwise it is kept. */
  skipEmptyRecords?: boolean;
};

/**
 * Reads an imported CSV file (RFC 4180, with csv-parse) as a stream, and stops once `stopAfter`
 * records are kept: a file far over an import's limit is never parsed whole. Fields in double
 * quotes may hold commas, line breaks and doubled quotes; spaces around a field are dropped (a
 * quote after spaces still opens a quoted field); a byte-order mark is dropped; blank lines are left
 * out; lines may end in CRLF, LF or CR, even mixed. A quote left open, or text after a closing
 * quote, refuses the file (422 on `file`, with the line the record starts on).
 * `bytesRead`: how much of the file the parser was handed.
 */
export async function readCsv(text: string, read: CsvReadOptions): Promise<{ records: CsvRecord[]; bytesRead: number }> {
  const bytes = Buffer.from(text, 'utf8');
  let bytesRead = 0;
  function* pieces() {
    for (let at = 0; at < bytes.length; at += pieceBytes) {
      const piece = bytes.subarray(at, at + pieceBytes);
      bytesRead += piece.length;
      yield piece;
    }
  }
  const lines = lineCounter(bytes);
  const blank = read.skipEmptyRecords
    ? (fields: string[]) => fields.every((field) => field.trim() === '')
    : (fields: string[]) => fields.length === 1 && fields[0]!.trim() === '';
  // The line each record kept starts on, in the order the parser hands them out; those taken are
  // dropped when the reader has caught up (an array's shift() would copy the rest each time).
  let starts: number[] = [];
  let taken = 0;
  const source = Readable.from(pieces(), { objectMode: false });
  const parser = source.pipe(
    parse({
      bom: true,
      ltrim: true,
      rtrim: true,
      relax_quotes: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      // Called for every record as it is parsed, blank ones too: the count of lines stays right
      // even when the parser fails at a record after some its reader has not taken yet.
      on_record: (fields: string[], info) => {
        const line = lines.line;
        lines.passTo(info.bytes);
        if (blank(fields)) return null;
        starts.push(line);
        return fields;
      },
    }),
  );
  const records: CsvRecord[] = [];
  try {
    for await (const fields of parser as AsyncIterable<string[]>) {
      records.push({ line: starts[taken++]!, fields });
      if (taken === starts.length) [starts, taken] = [[], 0];
      if (records.length >= read.stopAfter) break;
    }
  } catch (error) {
    // The record that failed starts where the last one parsed ended.
    if (error instanceof CsvError) throw invalid({ file: [`Line ${lines.line}: ${problemOf(error)}`] });
    throw error;
  } finally {
    source.destroy();
  }
  return { records, bytesRead };
}
