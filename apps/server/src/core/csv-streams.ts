import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../db/client.ts';
import type { CsvExport } from './csv.ts';
import { csvRows, type ExportRow } from './csv-rows.ts';

/** Rows per page on the embedded database: each page is one short query between other requests'. */
const pageSize = 2000;

/** The export as a stream of CSV text, from whichever database `db` runs on (db/client.ts). */
export async function csvStream(db: Db, csv: CsvExport): Promise<Readable> {
  const client: unknown = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return copyCsv(client, csv);
  if (client instanceof PGlite) return pagedCsv(db, csv);
  throw new Error('A CSV export needs a pg Pool or a PGlite database.');
}

const list = (parts: SQL[]) => sql.join(parts, sql`, `);

/**
 * The cells as SELECT columns. An empty text becomes null so that both paths print an empty cell
 * bare, as csv-stringify did (COPY would quote an empty string to tell it from null).
 */
const cells = (csv: CsvExport, names: string[]) =>
  list(csv.columns.map((column, i) => sql`nullif(${column.cell}, '') as ${sql.identifier(names[i] as string)}`));

/**
 * PostgreSQL: one COPY … TO STDOUT, the CSV written by the database and piped to the client. Its
 * quoting is csv-stringify's: a cell holding , " CR or LF is quoted, quotes doubled, rows end in
 * LF. The socket is read only as fast as the client takes the bytes (pg-copy-streams pauses it).
 */
async function copyCsv(pool: pg.Pool, csv: CsvExport, header = true): Promise<Readable> {
  const headers = csv.columns.map((column) => {
    // COPY's header line prints the column names, which PostgreSQL cuts at 63 bytes.
    if (Buffer.byteLength(column.header) > 63) throw new Error(`CSV header too long: ${column.header}`);
    return column.header;
  });
  const text = literalSql(sql`copy (select ${cells(csv, headers)} from ${csv.from} where ${csv.where}
    order by ${list(csv.key)}) to stdout with (format csv${sql.raw(header ? ', header' : '')}, encoding 'UTF8')`);
  const endTurn = await exportTurn(pool);
  const client = await pool.connect().catch((error: unknown) => {
    endTurn();
    throw error;
  });
  const stream = client.query(copyTo(text));
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    // With an error the pool drops the connection; a COPY still sending is cut off with it, which
    // ends the statement on the server (a stopped download leaves no query behind).
    client.release(error);
    endTurn();
  };
  stream.on('error', (error) => release(error));
  stream.on('end', () => release());
  stream.on('close', () => release(new Error('CSV download stopped before its end')));
  return stream;
}

/**
 * A COPY holds its connection for as long as its download lasts, at the client's pace: at most a
 * third of the pool exports at once and the others wait their turn, so that downloads never take
 * every connection from the rest of the API.
 */
const turns = new WeakMap<pg.Pool, { running: number; waiting: (() => void)[] }>();

async function exportTurn(pool: pg.Pool): Promise<() => void> {
  const queue = turns.get(pool) ?? { running: 0, waiting: [] };
  turns.set(pool, queue);
  if (queue.running < Math.max(1, Math.floor(pool.options.max / 3))) queue.running++;
  else await new Promise<void>((resolve) => queue.waiting.push(resolve));
  // The turn passes straight to the next export waiting, if any.
  return () => {
    const next = queue.waiting.shift();
    if (next) next();
    else queue.running--;
  };
}

/**
 * COPY takes no bind parameters, so the filter's values are written into the statement as
 * literals where drizzle would put $n: text as an E'' literal (backslashes and quotes escaped,
 * whatever standard_conforming_strings says), a number in brackets (never `--`), a boolean or null
 * as it is, a list of numbers (`anyId`) as an array of those. Any other value is refused rather
 * than guessed.
 */
function literalSql(query: SQL): string {
  return literalDialect.sqlToQuery(query).sql;
}

function literal(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' && Number.isFinite(value)) return `(${value})`;
  if (Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isFinite(item))) {
    return `array[${value.map(literal).join(', ')}]`;
  }
  if (typeof value === 'string' && !value.includes('\0')) {
    return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  }
  throw new Error(`A CSV export cannot write this value into COPY: ${String(value)}`);
}

class LiteralDialect extends PgDialect {
  // drizzle hands the value with its index (sql.ts): the literal takes the parameter's place.
  override escapeParam(_index: number, value?: unknown): string {
    return literal(value);
  }
}

const dialect = new PgDialect();
const literalDialect = new LiteralDialect();

/**
 * The export's rows, a batch at a time, for a format written here (xlsx.ts): on PostgreSQL from
 * one COPY (the database's own CSV, read back as it streams: csv-rows.ts), on the embedded
 * database from its pages by key.
 */
export async function* exportRows(db: Db, csv: CsvExport): AsyncGenerator<ExportRow[]> {
  const client: unknown = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const stream = await copyCsv(client, csv, false);
    try {
      yield* csvRows(stream);
    } finally {
      // A reader that stops early (the client has gone) ends the COPY with its connection.
      stream.destroy();
    }
    return;
  }
  yield* exportPages(db, csv);
}

/** A query whose rows come back as arrays, on whichever database `db` runs on. */
type ArrayQuery = (query: { sql: string; params: unknown[] }) => Promise<unknown[][]>;

function arrayQuery(db: Db): ArrayQuery {
  const client: unknown = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return async (query) => (await client.query<unknown[]>({ text: query.sql, values: query.params, rowMode: 'array' })).rows;
  }
  if (client instanceof PGlite) {
    return async (query) => (await client.query<unknown[]>(query.sql, query.params, { rowMode: 'array' })).rows;
  }
  throw new Error('An export needs a pg Pool or a PGlite database.');
}

/**
 * An export's rows, page by page: `pageSize` rows by key, each page one short query between other
 * requests' (on PGlite a cursor would stop every other request for as long as the download lasts;
 * a page by key holds nothing between pages). Each row is its cells, text or null.
 */
export async function* exportPages(db: Db, csv: CsvExport): AsyncGenerator<ExportRow[]> {
  const run = arrayQuery(db);
  const width = csv.columns.length;
  const names = csv.columns.map((_, i) => `c${i}`);
  let after: unknown[] | null = null;
  for (;;) {
    const past = after ? sql`(${list(csv.key)}) > (${list(after.map((value) => sql`${value}`))})` : sql`true`;
    const rows = await run(
      dialect.sqlToQuery(
        sql`select ${cells(csv, names)}, ${list(csv.key)} from ${csv.from} where (${csv.where}) and ${past}
          order by ${list(csv.key)} limit ${pageSize}`,
      ),
    );
    if (rows.length > 0) yield rows.map((row) => row.slice(0, width) as (string | null)[]);
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageSize) return;
    after = last.slice(width);
  }
}

/** The embedded database: the export's pages (exportPages), formatted here. */
function pagedCsv(db: Db, csv: CsvExport): Readable {
  async function* text() {
    yield csvLine(csv.columns.map((column) => column.header));
    for await (const rows of exportPages(db, csv)) {
      let chunk = '';
      for (const row of rows) chunk += csvLine(row);
      yield chunk;
    }
  }
  return Readable.from(text(), { highWaterMark: 1 });
}

const needsQuotes = /[",\r\n]/;

/** One row as csv-stringify wrote it: a cell holding , " CR or LF quoted, quotes doubled; LF. */
function csvLine(values: (string | null)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    const value = values[i] ?? '';
    if (i > 0) line += ',';
    line += needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }
  return `${line}\n`;
}
