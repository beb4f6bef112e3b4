import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The backup file (docs/decisions/022): gzip of text lines, the same for PGlite and PostgreSQL.
 *
 *   SRS BACKUP 1
 *   {header: when, which database, the migration it stands at, tables and their columns, sequences}
 *   TABLE <name>
 *   <the table's rows in COPY's text format, one a line>
 *   \.
 *   … one section per table, in the header's order …
 *   END {rows per table, sha256 of every byte before this line}
 */
export const magicLine = 'SRS BACKUP 1';

export type BackupHeader = {
  product: 'Student Records System';
  format: 1;
  createdAt: string;
  /** The database it was made from. */
  database: 'pglite' | 'postgres';
  /** The newest migration applied (drizzle's journal tag and time). */
  migration: { tag: string; when: number };
  tables: { name: string; columns: string[] }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
};

export type BackupFooter = { rows: Record<string, number>; sha256: string };

/** A refusal told to the operator in a sentence: nothing was written to the target. */
export class BackupError extends Error {}

const endOfData = Buffer.from('\\.\n');
const newline = 0x0a;

/** Writes a backup file: created with mode 0600 under a temporary name, renamed when complete. */
export class BackupWriter {
  private readonly partial: string;
  private readonly gzip = createGzip({ level: 6 });
  private readonly hash: Hash = createHash('sha256');
  private readonly done: Promise<unknown>;
  private readonly rows: Record<string, number> = {};
  bytesIn = 0;

  constructor(private readonly file: string) {
    if (existsSync(file)) throw new BackupError(`The file ${file} exists already: name another file, or remove it first.`);
    this.partial = `${file}.partial`;
    rmSync(this.partial, { force: true });
    const out = createWriteStream(this.partial, { mode: 0o600 });
    this.gzip.pipe(out);
    this.done = new Promise((resolve, reject) => {
      out.on('close', () => resolve(undefined));
      out.on('error', reject);
      this.gzip.on('error', reject);
    });
    // A failure is seen by the next write or by finish(); this keeps it from being unhandled meanwhile.
    this.done.catch(() => {});
  }

  private async write(chunk: Buffer | string) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.hash.update(bytes);
    this.bytesIn += bytes.length;
    if (!this.gzip.write(bytes)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }

  async header(header: BackupHeader) {
    await this.write(`${magicLine}\n${JSON.stringify(header)}\n`);
  }

  /** One table's section; `copy` writes its COPY text through the given function. */
  async table(name: string, copy: (write: (chunk: Buffer) => Promise<void>) => Promise<void>) {
    await this.write(`TABLE ${name}\n`);
    let rows = 0;
    let last = newline;
    await copy(async (chunk) => {
      if (chunk.length === 0) return;
      for (let at = chunk.indexOf(newline); at >= 0; at = chunk.indexOf(newline, at + 1)) rows++;
      last = chunk[chunk.length - 1]!;
      await this.write(chunk);
    });
    if (last !== newline) throw new Error(`The rows of ${name} did not end in a line feed.`);
    this.rows[name] = rows;
    await this.write(endOfData);
  }

  /** Writes the footer and gives the file its name; returns the rows per table. */
  async finish(): Promise<Record<string, number>> {
    const footer: BackupFooter = { rows: this.rows, sha256: this.hash.digest('hex') };
    this.gzip.end(`END ${JSON.stringify(footer)}\n`);
    await this.done;
    renameSync(this.partial, this.file);
    return this.rows;
  }

  /** Removes the unfinished file after a failure. */
  abandon() {
    this.gzip.destroy();
    rmSync(this.partial, { force: true });
  }
}

const corrupt = (file: string, what: string) =>
  new BackupError(`The file ${file} is not a complete backup (${what}): nothing was restored.`);

/** Reads a backup file section by section, checking it as it goes (nothing is trusted before END). */
export class BackupReader {
  private readonly chunks: AsyncIterator<Buffer>;
  private pending: Buffer = Buffer.alloc(0);
  private ended = false;
  private readonly hash: Hash = createHash('sha256');
  private readonly rows: Record<string, number> = {};

  constructor(private readonly file: string) {
    if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
    const gunzip = createGunzip();
    createReadStream(file).on('error', (error) => gunzip.destroy(error)).pipe(gunzip);
    this.chunks = gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE') {
        throw corrupt(this.file, code === 'Z_BUF_ERROR' ? 'it ends too soon' : 'it is damaged or not a gzip file');
      }
      throw error;
    }
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.pending = this.pending.length ? Buffer.concat([this.pending, next.value]) : next.value;
    return true;
  }

  /** The next line of text (without its line feed); counted into the checksum unless it is the END line. */
  private async line(limit = 64 * 1024 * 1024): Promise<string> {
    for (;;) {
      const at = this.pending.indexOf(newline);
      if (at >= 0) {
        const line = this.pending.subarray(0, at).toString('utf8');
        if (!line.startsWith('END ')) this.hash.update(this.pending.subarray(0, at + 1));
        this.pending = this.pending.subarray(at + 1);
        return line;
      }
      if (this.pending.length > limit) throw corrupt(this.file, 'a line is far too long');
      if (!(await this.more())) throw corrupt(this.file, 'it ends too soon');
    }
  }

  async header(): Promise<BackupHeader> {
    let first: string;
    try {
      first = await this.line(64);
    } catch (error) {
      if (error instanceof BackupError) throw new BackupError(`The file ${this.file} is not a backup of this product.`);
      throw error;
    }
    if (first !== magicLine) {
      if (first.startsWith('SRS BACKUP ')) {
        throw new BackupError(`The file ${this.file} is a backup of a newer format (${first}): restore it with a newer release.`);
      }
      throw new BackupError(`The file ${this.file} is not a backup of this product.`);
    }
    try {
      const header = JSON.parse(await this.line()) as BackupHeader;
      if (header.format !== 1 || !Array.isArray(header.tables) || !header.migration) throw new Error('fields');
      return header;
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw corrupt(this.file, 'its header cannot be read');
    }
  }

  /** The name of the next table's section, or null at the END line (checked against everything read). */
  async nextTable(): Promise<string | null> {
    const line = await this.line();
    if (line.startsWith('TABLE ')) return line.slice('TABLE '.length);
    if (!line.startsWith('END ')) throw corrupt(this.file, 'a section is damaged');
    let footer: BackupFooter;
    try {
      footer = JSON.parse(line.slice('END '.length)) as BackupFooter;
    } catch {
      throw corrupt(this.file, 'its last line is damaged');
    }
    if (footer.sha256 !== this.hash.digest('hex')) throw corrupt(this.file, 'its checksum does not match');
    for (const [name, rows] of Object.entries(footer.rows)) {
      if (this.rows[name] !== rows) throw corrupt(this.file, `table ${name} should have ${rows} rows`);
    }
    if (this.pending.length > 0 || (await this.more())) throw corrupt(this.file, 'something follows its last line');
    return null;
  }

  /** The rows of the current table, as chunks of whole COPY text lines, up to its end-of-data line. */
  async *tableRows(name: string): AsyncGenerator<Buffer> {
    let rows = 0;
    for (;;) {
      // Every line ends in a line feed; a line that is just \. ends the table (COPY escapes a
      // backslash in the data as \\, so no row can be that line).
      let start = 0;
      let end = -1;
      for (let at = this.pending.indexOf(newline); at >= 0; at = this.pending.indexOf(newline, start)) {
        if (at - start === 2 && this.pending[start] === 0x5c && this.pending[start + 1] === 0x2e) {
          end = start;
          break;
        }
        rows++;
        start = at + 1;
      }
      const whole = end >= 0 ? end : start;
      if (whole > 0) {
        const chunk = this.pending.subarray(0, whole);
        this.hash.update(chunk);
        this.pending = this.pending.subarray(whole);
        yield chunk;
      }
      if (end >= 0) {
        this.hash.update(this.pending.subarray(0, endOfData.length));
        this.pending = this.pending.subarray(endOfData.length);
        this.rows[name] = rows;
        return;
      }
      if (!(await this.more())) throw corrupt(this.file, 'it ends too soon');
    }
  }

  /** The rows of each table read so far (all of them once nextTable() has returned null). */
  rowsRead(): Record<string, number> {
    return { ...this.rows };
  }

  close() {
    void this.chunks.return?.();
  }
}

/**
 * Reads a whole backup file and checks it (gzip's CRC, every section, the row counts and the
 * checksum) without a database: a damaged file is refused before anything is touched.
 */
export async function checkBackup(file: string): Promise<BackupHeader> {
  const reader = new BackupReader(file);
  try {
    const header = await reader.header();
    for (let name = await reader.nextTable(); name !== null; name = await reader.nextTable()) {
      for await (const chunk of reader.tableRows(name)) void chunk;
    }
    return header;
  } finally {
    reader.close();
  }
}

