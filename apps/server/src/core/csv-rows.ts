import { StringDecoder } from 'node:string_decoder';

/** A row of an export: its cells as text, null for an empty one. */
export type ExportRow = (string | null)[];

/**
 * Reads CSV as PostgreSQL's COPY writes it (format csv: a cell holding , " CR or LF is quoted,
 * quotes doubled; an empty cell unquoted is null) from a stream of bytes, a batch of rows per
 * chunk. A record may span chunks; the parser keeps its state between them.
 */
export async function* csvRows(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<ExportRow[]> {
  const decoder = new StringDecoder('utf8');
  let row: ExportRow = [];
  let cell = '';
  let quoted = false;
  /** True while the cell began with a quote (it stays text even when empty). */
  let wasQuoted = false;
  /** A quote seen at the end of a chunk, inside a quoted cell: a doubled quote or the cell's end. */
  let pendingQuote = false;
  const endCell = () => {
    row.push(cell === '' && !wasQuoted ? null : cell);
    cell = '';
    wasQuoted = false;
  };

  const parse = (text: string, rows: ExportRow[]) => {
    let i = 0;
    const n = text.length;
    if (pendingQuote) {
      pendingQuote = false;
      if (text[0] === '"') {
        cell += '"';
        i = 1;
      } else quoted = false;
    }
    while (i < n) {
      if (quoted) {
        const q = text.indexOf('"', i);
        if (q === -1) {
          cell += text.slice(i);
          return;
        }
        cell += text.slice(i, q);
        if (q + 1 === n) {
          pendingQuote = true;
          return;
        }
        if (text[q + 1] === '"') {
          cell += '"';
          i = q + 2;
        } else {
          quoted = false;
          i = q + 1;
        }
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === 34 /* " */) {
        quoted = true;
        wasQuoted = true;
        i++;
      } else if (c === 44 /* , */) {
        endCell();
        i++;
      } else if (c === 10 /* LF */) {
        endCell();
        rows.push(row);
        row = [];
        i++;
      } else {
        // An unquoted run up to the next comma or line end.
        let end = i;
        while (end < n) {
          const d = text.charCodeAt(end);
          if (d === 44 || d === 10 || d === 34) break;
          end++;
        }
        cell += text.slice(i, end);
        i = end;
      }
    }
  };

  for await (const chunk of chunks) {
    const rows: ExportRow[] = [];
    parse(typeof chunk === 'string' ? chunk : decoder.write(chunk), rows);
    if (rows.length > 0) yield rows;
  }
  const rest: ExportRow[] = [];
  parse(decoder.end(), rest);
  if (pendingQuote) pendingQuote = false;
  if (cell !== '' || row.length > 0 || wasQuoted) {
    endCell();
    rest.push(row);
  }
  if (rest.length > 0) yield rest;
}
