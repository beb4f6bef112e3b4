// Reading the exported files on the client: a timed download that counts CSV records as it
// streams (quotes respected), and a small parser for the files whose cells are compared.

export type Download = {
  status: number;
  seconds: number;
  firstByteMs: number;
  bytes: number;
  records: number;
  text: string | null;
};

const quote = 0x22;
const newline = 0x0a;

/** Downloads `url`; keeps the text only when `keep` (the small files compared cell by cell). */
export async function download(url: string, headers: Record<string, string>, keep = false): Promise<Download> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  if (!response.body) throw new Error(`${url}: no body`);
  let firstByteMs = 0;
  let bytes = 0;
  let records = 0;
  let inQuotes = false;
  let endsWithNewline = true;
  const chunks: Buffer[] = [];
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = Math.round(performance.now() - start);
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === quote) inQuotes = !inQuotes;
      else if (byte === newline && !inQuotes) records++;
    }
    endsWithNewline = chunk[chunk.length - 1] === newline;
    if (keep) chunks.push(Buffer.from(chunk));
  }
  if (bytes > 0 && !endsWithNewline) records++;
  const seconds = Math.round((performance.now() - start) / 10) / 100;
  return {
    status: response.status,
    seconds,
    firstByteMs,
    bytes,
    records,
    text: keep ? Buffer.concat(chunks).toString('utf8') : null,
  };
}

/** RFC 4180 records; a lone CR before LF is part of the line end. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cellText = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        cellText += '"';
        i++;
      } else if (char === '"') inQuotes = false;
      else cellText += char;
    } else if (char === '"') inQuotes = true;
    else if (char === ',') {
      record.push(cellText);
      cellText = '';
    } else if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      if (char === '\r') i++;
      record.push(cellText);
      records.push(record);
      record = [];
      cellText = '';
    } else cellText += char;
  }
  if (cellText !== '' || record.length > 0) records.push([...record, cellText]);
  return records;
}

/** Null when both files hold the same cells, else the first record that differs. */
export function compareCsv(appText: string, copyText: string): string | null {
  const [app, copy] = [parseCsv(appText), parseCsv(copyText)];
  if (app.length !== copy.length) return `app ${app.length} records ≠ COPY ${copy.length} records`;
  for (let i = 0; i < app.length; i++) {
    const [a, b] = [JSON.stringify(app[i]), JSON.stringify(copy[i])];
    if (a !== b) return `record ${i}: app ${a.slice(0, 400)} ≠ COPY ${b.slice(0, 400)}`;
  }
  return null;
}
