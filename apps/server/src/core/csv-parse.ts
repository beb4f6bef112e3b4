/** A quoted field still open at the end of the file: the rest of the file would be one field. */
export class UnclosedQuote extends Error {
  constructor(readonly line: number) {
    super(`Line ${line}: a quoted field is not closed`);
  }
}

/** One record of a CSV file: its fields and the line of the file it starts on. */
export type CsvRecord = { line: number; fields: string[] };

/**
 * Reads CSV text (RFC 4180): fields in double quotes may hold commas, line breaks and doubled
 * quotes. A byte-order mark is dropped; blank lines are left out. Fields are not trimmed here.
 * A quote left open throws UnclosedQuote.
 */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    fields.push(field);
    // A line of empty fields (a spreadsheet's ',,,') is an empty line.
    if (fields.some((value) => value.trim() !== '')) records.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      field += char;
    }
  }
  if (quoted) throw new UnclosedQuote(start);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
