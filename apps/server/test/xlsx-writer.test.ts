import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { numberCell, textCell, dateCell, type CsvExport } from '../src/core/csv.ts';
import { csvRows, type ExportRow } from '../src/core/csv-rows.ts';
import { writeXlsx } from '../src/core/xlsx.ts';
import { cellXml, columnName, SheetRows, xmlText } from '../src/core/xlsx-sheet.ts';

async function* chunks(parts: string[]) {
  for (const part of parts) yield Buffer.from(part, 'utf8');
}
async function all(parts: string[]): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  for await (const batch of csvRows(chunks(parts))) rows.push(...batch);
  return rows;
}

describe("reading COPY's CSV back as rows (csv-rows.ts)", () => {
  const text = 'a,"b, ""quoted""\r\nline",,"",5\nÅsa 日本,x,"","y""",\n';
  const expected = [
    ['a', 'b, "quoted"\r\nline', null, '', '5'],
    ['Åsa 日本', 'x', '', 'y"', null],
  ];

  it('reads quoted cells, doubled quotes, line ends inside cells, and tells empty text from nothing', async () => {
    expect(await all([text])).toEqual(expected);
  });

  it('reads the same whatever the chunks it arrives in, a character split between two included', async () => {
    const bytes = Buffer.from(text, 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      const parts = [bytes.subarray(0, cut), bytes.subarray(cut)];
      const rows: ExportRow[] = [];
      async function* split() {
        yield* parts;
      }
      for await (const batch of csvRows(split())) rows.push(...batch);
      expect(rows, `cut at ${cut}`).toEqual(expected);
    }
  });

  it('keeps a last record without its line end', async () => {
    expect(await all(['a,b\nc,"d'])).toEqual([['a', 'b'], ['c', 'd']]);
  });
});

describe('the Excel writer (xlsx.ts)', () => {
  const columns = [textCell('Name', sql`x`), numberCell('Students', sql`x`), dateCell('Created', sql`x`)];
  const csv: CsvExport = { label: 'students', columns, from: sql`x`, where: sql`true`, key: [sql`x`] };

  it('writes text as XML can hold it: & < > escaped, a CR kept, controls left out', () => {
    expect(xmlText('a & b < c > d\r\ne\u0001f')).toBe('a &amp; b &lt; c &gt; d&#13;\ne' + 'f');
    expect(cellXml(columns[1]!, 'B2', '12')).toBe('<c r="B2"><v>12</v></c>');
    expect(cellXml(columns[2]!, 'C2', '2026-03-04')).toBe('<c r="C2" s="2"><v>46085</v></c>');
    expect(cellXml(columns[0]!, 'A2', "'=SUM(A1)")).toBe(`<c r="A2" t="inlineStr"><is><t>'=SUM(A1)</t></is></c>`);
    expect(cellXml(columns[0]!, 'A2', null)).toBe('');
    // Whitespace at an end, or a text that needed escaping, is preserved as it is.
    expect(cellXml(columns[0]!, 'A2', ' two words ')).toContain('<t xml:space="preserve"> two words </t>');
    expect(cellXml(columns[0]!, 'A2', 'a & b\n')).toContain('<t xml:space="preserve">a &amp; b\n</t>');
  });

  it('writes rows as bytes exactly as the cells read as text, whatever the text and the buffer size', () => {
    // Every branch of the UTF-8 encoder (1 to 4 bytes, their edges), what XML escapes or cannot hold, spaces.
    const tricky = ['&', '<', '>', '\r', '\n', '\t', ' ', '\u0001', '\u007f', '\u0080', '\u00a0', '\u07ff', '\u0800', '\u2028',
      '\u3000', '\ud7ff', '\ue000', '\ufffd', '\ufffe', '\uffff', '\ud800', '\udc00', '😀', 'é', '日', '"', "'", '_'];
    const char = fc.oneof(fc.constantFrom(...tricky), fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), fc.constantFrom(...'aZ09-.@'));
    const text = fc.string({ unit: char, maxLength: 12 });
    // Plain ends send a text down the fast way, where its middle is tried character by character.
    const plainEnds = fc.tuple(fc.constantFrom('a', "'", '9'), text, fc.constantFrom('z', ')')).map((parts) => parts.join(''));
    const cell = fc.option(fc.oneof(text, plainEnds, fc.constantFrom('2026-03-04', '12', '-3.5', 'José', ' Zoë')), { nil: null });
    const rows = fc.array(fc.tuple(cell, cell, cell), { maxLength: 20 });
    fc.assert(
      fc.property(rows, fc.constantFrom(64, 256 * 1024), (batch, size) => {
        const sheetRows = new SheetRows(columns, 1, size);
        sheetRows.write(batch.slice(0, 7));
        const parts = sheetRows.take();
        sheetRows.write(batch.slice(7));
        parts.push(...sheetRows.take(true));
        const xml = batch
          .map((row, r) => `<row r="${r + 2}">${row.map((value, i) => cellXml(columns[i]!, `${columnName(i)}${r + 2}`, value)).join('')}</row>`)
          .join('');
        expect(Buffer.concat(parts).equals(Buffer.from(xml, 'utf8'))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  /** The workbook writeXlsx writes of these batches, read back by exceljs: its first sheet. */
  async function writtenSheet(rows: AsyncIterable<ExportRow[]>) {
    const output = new PassThrough();
    const parts: Buffer[] = [];
    output.on('data', (chunk: Buffer) => parts.push(chunk));
    await writeXlsx(output, csv, rows);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  }

  it('makes a workbook a spreadsheet opens: header, typed cells, frozen first row, many batches', async () => {
    async function* batches() {
      for (let b = 0; b < 3; b++) {
        yield Array.from({ length: 1000 }, (_, i): ExportRow => [`=Person ${b * 1000 + i} & <co>`, String(i), '2026-03-04']);
      }
    }
    const sheet = await writtenSheet(batches());
    expect(sheet.name).toBe('students');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Students', 'Created']);
    expect(sheet.actualRowCount).toBe(3001);
    const last = sheet.getRow(3001);
    expect(last.getCell(1).value).toBe('=Person 2999 & <co>');
    expect(last.getCell(2).value).toBe(999);
    expect(last.getCell(3).value).toEqual(new Date('2026-03-04T00:00:00Z'));
    expect(last.getCell(3).numFmt).toBe('mm/dd/yyyy');
  });

  it('keeps every text as it was: spaces at the ends, line ends, any script; controls left out', async () => {
    const texts = [' lead', 'trail ', 'a\r\nb', 'tab\tin', 'Åsa 日本 😀', 'a\u0001b', '"quoted" & <tagged>', 'plain'];
    async function* batches() {
      yield texts.map((text, i): ExportRow => [text, String(i), null]);
    }
    const sheet = await writtenSheet(batches());
    const read = texts.map((_, i) => sheet.getRow(i + 2).getCell(1).value);
    expect(read).toEqual(texts.map((text) => text.replace('\u0001', '')));
  });
});
