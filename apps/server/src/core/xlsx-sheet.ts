import type { CsvColumn, CsvExport } from './csv.ts';
import type { ExportRow } from './csv-rows.ts';

/**
 * The sheet of an Excel export (xlsx.ts): its cells as XML text (cellXml, the definition of a
 * cell), and its rows as UTF-8 written straight into buffers (SheetRows): the same bytes as
 * cellXml's text, without a string built and then encoded for each batch, which took a third of
 * the writer's time (docs/performance.md, "Excel at 1M students").
 */

/** Column widths in characters: as wide as the header and the first batch's cells, within reason. */
const minWidth = 8;
const maxWidth = 60;

/** Styles of styles.xml's cellXfs: the header's bold, a day's date (mm/dd/yyyy, dd/mm/yyyy in Spanish). */
const boldStyle = 1;
const dateStyle = 2;

/** The characters XML 1.0 cannot hold (C0 controls but tab, LF and CR), left out. */
// eslint-disable-next-line no-control-regex
const notXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

/** Text as XML content: & < > escaped, a CR kept as a character reference (a parser would read it as LF). */
export function xmlText(text: string): string {
  return text.replace(notXml, '').replace(/[&<>\r]/g, (c) => escapes[c] as string);
}

/**
 * What makes a cell's text more than itself: an XML special or a control character (tab, LF and CR
 * included), or whitespace at an end, which a spreadsheet trims unless told to preserve it. Most
 * cells hold none of it and go out as they are, without xml:space (a fifth of the sheet's bytes).
 */
// eslint-disable-next-line no-control-regex
const needsCare = /[\u0000-\u001F&<>\uFFFE\uFFFF]|^\s|\s$/;

/** A text cell's <t>: the text as it is, or escaped with its whitespace preserved. */
function textElement(text: string): string {
  return needsCare.test(text) ? `<t xml:space="preserve">${xmlText(text)}</t>` : `<t>${text}</t>`;
}

/** 'A', 'B', … 'Z', 'AA': the name of a column by its index from 0. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Days since 1899-12-30, the number a spreadsheet holds for a day. */
const epoch = Date.UTC(1899, 11, 30);
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
function serialDay(text: string): number | null {
  const match = isoDay.exec(text);
  if (!match) return null;
  return (Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - epoch) / 86_400_000;
}

const isNumber = /^-?\d+(\.\d+)?$/;

/** One cell as sheet XML: numbers as numbers, days as dates, the rest as text; nothing for null. */
export function cellXml(column: CsvColumn, ref: string, text: string | null): string {
  if (text === null) return '';
  if (column.kind === 'number' && isNumber.test(text)) return `<c r="${ref}"><v>${text}</v></c>`;
  if (column.kind === 'date') {
    const day = serialDay(text);
    if (day !== null) return `<c r="${ref}" s="${dateStyle}"><v>${day}</v></c>`;
  }
  // A text starting with = + - @ tab or CR arrives with its apostrophe (textCell): the same as the CSV.
  return `<c r="${ref}" t="inlineStr"><is>${textElement(text)}</is></c>`;
}

function widths(columns: CsvColumn[], rows: ExportRow[]): number[] {
  return columns.map((column, i) => {
    if (column.kind === 'date') return Math.max(12, column.header.length + 2);
    let longest = column.header.length;
    for (const row of rows) longest = Math.max(longest, (row[i] ?? '').length);
    return Math.min(maxWidth, Math.max(minWidth, longest + 2));
  });
}

/**
 * Writes `text` as UTF-8 at `at` in `buffer` and returns where it ends, or -1 as soon as a
 * character needs care (a control, & < >) or is left to Buffer's encoder (a surrogate, U+FFFE,
 * U+FFFF): cellXml writes that cell. Room for 3 bytes a character is the caller's.
 */
function plainUtf8(buffer: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (c < 0x20 || c === 0x26 || c === 0x3c || c === 0x3e) return -1;
      buffer[at++] = c;
    } else if (c < 0x800) {
      buffer[at++] = 0xc0 | (c >> 6);
      buffer[at++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || (c >= 0xe000 && c < 0xfffe)) {
      buffer[at++] = 0xe0 | (c >> 12);
      buffer[at++] = 0x80 | ((c >> 6) & 0x3f);
      buffer[at++] = 0x80 | (c & 0x3f);
    } else return -1;
  }
  return at;
}

const ascii = (text: string) => Buffer.from(text, 'latin1');
const copy = (buffer: Buffer, at: number, bytes: Buffer) => {
  buffer.set(bytes, at);
  return at + bytes.length;
};
const copyAscii = (buffer: Buffer, at: number, text: string) => {
  for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
  return at;
};
const rowOpen = ascii('<row r="');
const rowClose = ascii('</row>');
const tagEnd = ascii('">');
const inlineOpen = ascii('" t="inlineStr"><is><t>');
const inlineClose = ascii('</t></is></c>');
/** Bytes a cell's markup may take beside its text (`<c r="XFD1048576" t="inlineStr">…`), and a row's tag. */
const cellRoom = 96;
const rowRoom = 32;
/** Bytes a character of text may take once escaped (`&amp;`). */
const charRoom = 5;

/**
 * The rows of a sheet as UTF-8, written into buffers of `size` bytes: `write` adds a batch, `take`
 * hands over what is written once there is at least half a buffer of it (all of it at the end).
 * A text cell with nothing that needs care is copied character by character between fixed
 * markup; any other cell is cellXml's text, encoded as it is.
 */
export class SheetRows {
  private buffer: Buffer = Buffer.alloc(0);
  private at = 0;
  private readonly taken: Buffer[] = [];
  private readonly names: string[];
  private readonly cellOpen: Buffer[];
  /** Columns of text (no kind): their plain cells take the fast way. */
  private readonly text: boolean[];

  constructor(
    private readonly columns: CsvColumn[],
    /** The number of the sheet's row above the first one written. */
    private lastRow: number,
    private readonly size = 256 * 1024,
  ) {
    this.names = columns.map((_, i) => columnName(i));
    this.cellOpen = this.names.map((name) => ascii(`<c r="${name}`));
    this.text = columns.map((column) => column.kind === undefined);
  }

  /** A new buffer with room for `bytes`, the current one (written up to `at`) set aside for take. */
  private room(at: number, bytes: number): Buffer {
    if (at > 0) this.taken.push(this.buffer.subarray(0, at));
    this.buffer = Buffer.allocUnsafe(Math.max(this.size, bytes));
    return this.buffer;
  }

  write(rows: ExportRow[]) {
    const { columns, names, cellOpen, text: isText } = this;
    let buffer = this.buffer;
    let at = this.at;
    for (const row of rows) {
      const r = String(++this.lastRow);
      if (at + rowRoom > buffer.length) {
        buffer = this.room(at, rowRoom);
        at = 0;
      }
      at = copy(buffer, at, rowOpen);
      at = copyAscii(buffer, at, r);
      at = copy(buffer, at, tagEnd);
      for (let i = 0; i < columns.length; i++) {
        const text = row[i];
        if (text === null || text === undefined) continue;
        const room = cellRoom + charRoom * text.length;
        if (at + room > buffer.length) {
          buffer = this.room(at, room);
          at = 0;
        }
        if (isText[i] && text.length > 0) {
          const first = text.charCodeAt(0);
          const last = text.charCodeAt(text.length - 1);
          // Whitespace at either end (or what may be: any character past ASCII) is cellXml's to judge.
          if (first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80) {
            let end = copy(buffer, at, cellOpen[i] as Buffer);
            end = copyAscii(buffer, end, r);
            end = plainUtf8(buffer, copy(buffer, end, inlineOpen), text);
            if (end !== -1) {
              at = copy(buffer, end, inlineClose);
              continue;
            }
          }
        }
        at += buffer.write(cellXml(columns[i] as CsvColumn, (names[i] as string) + r, text), at, 'utf8');
      }
      if (at + rowRoom > buffer.length) {
        buffer = this.room(at, rowRoom);
        at = 0;
      }
      at = copy(buffer, at, rowClose);
    }
    this.buffer = buffer;
    this.at = at;
  }

  /**
   * The buffers filled so far, the one being written among them once it is half full (or `all`
   * is asked): fewer, larger writes to the deflater, and a buffer handed over is never written again.
   */
  take(all = false): Buffer[] {
    if (this.at > 0 && (all || this.at >= this.size / 2)) {
      this.taken.push(this.buffer.subarray(0, this.at));
      this.buffer = Buffer.alloc(0);
      this.at = 0;
    }
    return this.taken.splice(0);
  }
}

/**
 * The sheet's XML: the heading's lines (a report's title in bold, its filters), then a frozen bold
 * header row, the columns' widths, then every row, as UTF-8 a buffer at a time.
 */
export async function* sheetParts(csv: CsvExport, batches: AsyncIterator<ExportRow[]>): AsyncGenerator<Buffer | string> {
  const names = csv.columns.map((_, i) => columnName(i));
  const first = await batches.next();
  const firstRows = first.done ? [] : first.value;
  const cols = widths(csv.columns, firstRows)
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  // A heading line is one cell in column A: it runs on over the empty cells beside it.
  const heading = (csv.heading ?? []).map(
    (line, i) =>
      `<row r="${i + 1}"><c r="A${i + 1}"${i === 0 ? ` s="${boldStyle}"` : ''} t="inlineStr"><is><t xml:space="preserve">${xmlText(line)}</t></is></c></row>`,
  );
  const headerRow = heading.length + 1;
  const header = csv.columns
    .map((column, i) => `<c r="${names[i]}${headerRow}" s="${boldStyle}" t="inlineStr"><is><t>${xmlText(column.header)}</t></is></c>`)
    .join('');
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${headerRow}" topLeftCell="A${headerRow + 1}" activePane="bottomLeft" state="frozen"/>` +
    '<selection pane="bottomLeft"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>${heading.join('')}<row r="${headerRow}">${header}</row>`;
  const rows = new SheetRows(csv.columns, headerRow);
  rows.write(firstRows);
  yield* rows.take();
  for (let next = await batches.next(); !next.done; next = await batches.next()) {
    rows.write(next.value);
    yield* rows.take();
  }
  yield* rows.take(true);
  yield '</sheetData></worksheet>';
}
