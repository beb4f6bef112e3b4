import { bulkZipRowsMax } from '@srs/shared/schools';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../src/core/csv-read.ts';
import { HttpError } from '../src/core/errors.ts';
import { parseZipCsv } from '../src/modules/schools/bulk-zips.ts';

const all = { stopAfter: Infinity };
const read = async (text: string, options: Parameters<typeof readCsv>[1] = all) =>
  (await readCsv(text, options)).records.map((record) => [record.line, record.fields]);
/** The error a read refuses the file with: its status and body. */
const refusal = async (text: string) => {
  const error = await readCsv(text, all).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(HttpError);
  return [(error as HttpError).statusCode, (error as HttpError).body];
};

describe('core/csv-read: an imported CSV file read as a stream (csv-parse)', () => {
  it('reads quoted fields: commas, doubled quotes and line breaks inside, spaces around', async () => {
    const text = 'name,note\r\n"Aquila, Jr.","He said ""come"""\r\n"two\r\nlines",x\r\n  "spaced"  , y \r\nlast,"\n"';
    expect(await read(text)).toEqual([
      [1, ['name', 'note']],
      [2, ['Aquila, Jr.', 'He said "come"']],
      [3, ['two\r\nlines', 'x']],
      [5, ['spaced', 'y']],
      [6, ['last', '\n']],
    ]);
  });

  it('reads CRLF, LF and CR line ends, even mixed; drops a byte-order mark; leaves blank lines out, counting them', async () => {
    expect(await read('\uFEFFa,b\r\nc,d\ne,f\rg,h')).toEqual([
      [1, ['a', 'b']],
      [2, ['c', 'd']],
      [3, ['e', 'f']],
      [4, ['g', 'h']],
    ]);
    expect(await read('a\r\n\r\n   \r\n,,\r\nb\r\n')).toEqual([
      [1, ['a']],
      [4, ['', '', '']],
      [5, ['b']],
    ]);
    // A spreadsheet's empty row (',,') is a blank line too when asked.
    expect(await read('a\r\n,,\r\nb', { stopAfter: Infinity, skipEmptyRecords: true })).toEqual([
      [1, ['a']],
      [3, ['b']],
    ]);
    // A quote inside an unquoted field is part of it.
    expect(await read('5\'10" tall,x')).toEqual([[1, ['5\'10" tall', 'x']]]);
  });

  it('refuses a quote left open with the line its record starts on, and text after a closing quote (422 on file)', async () => {
    expect(await refusal('first_name,last_name\nA,"B\nC,D\nE,F')).toEqual([
      422,
      { file: ['Line 2: a quoted field is not closed'] },
    ]);
    expect(await refusal('a\r\n"x\r\ny",z\r\n\r\nq,"open')).toEqual([422, { file: ['Line 5: a quoted field is not closed'] }]);
    expect(await refusal('a,b\n"Aquila" Jr.,c')).toEqual([
      422,
      { file: ['Line 2: a quoted field goes on after its closing quote'] },
    ]);
  });

  it('stops reading a 5 MB file once it has the records it was asked for', async () => {
    const text = 'SC1,12345\n'.repeat(500_000);
    expect(text.length).toBe(5_000_000);
    const { records, bytesRead } = await readCsv(text, { stopAfter: bulkZipRowsMax + 2 });
    expect(records).toHaveLength(bulkZipRowsMax + 2);
    expect(records.at(-1)).toEqual({ line: bulkZipRowsMax + 2, fields: ['SC1', '12345'] });
    // 50,002 records are some 500 KB: the parser was handed little more, not the 5 MB.
    expect(bytesRead).toBeLessThan(1_000_000);

    const refused = await parseZipCsv(text).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect([(refused as HttpError).statusCode, (refused as HttpError).message]).toEqual([
      413,
      'The file has more than 50,000 rows. Split it into files of at most 50,000 rows.',
    ]);
  });

  it('takes a zip file of exactly the limit, with or without the line naming the columns', async () => {
    const rows = Array.from({ length: bulkZipRowsMax }, (_, i) => `SC1,${10_000 + i}`);
    expect(await parseZipCsv(rows.join('\n'))).toHaveLength(bulkZipRowsMax);
    expect(await parseZipCsv(['school_code,zip_code', ...rows].join('\r\n'))).toHaveLength(bulkZipRowsMax);
    await expect(parseZipCsv(['school_code,zip_code', ...rows, 'SC1,99999'].join('\n'))).rejects.toMatchObject({
      statusCode: 413,
    });
  });
});
