// The Excel writer alone, in process, without a database: synthetic rows shaped like the student
// export (its 18 columns, values like the 1M seed's, a few with accents or & < > that take the
// careful way) fed to writeXlsx, the bytes thrown away behind a PassThrough as the HTTP reply has
// one. Prints each run's rows a second and CPU a row (the deflater's thread included), the best of
// the runs, the file's size and the RSS growth.
//   npx tsx bench/xlsx-writer.ts [--rows 1000000] [--runs 3] [--csv] [--out file.xlsx]
// --csv feeds COPY's CSV text in 64 KB chunks through csv-rows.ts first, as exportRows does on
// PostgreSQL (the parsing counted in the rate); without it the rows arrive parsed, 250 a batch.
// Memory flat: node --max-old-space-size=64 --import tsx bench/xlsx-writer.ts --rows 3000000 --csv
// Profile: node --cpu-prof --cpu-prof-dir=scratch --import tsx bench/xlsx-writer.ts --runs 1 --csv
import { createWriteStream } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { type CsvExport, dateCell, textCell } from '../apps/server/src/core/csv.ts';
import { csvRows, type ExportRow } from '../apps/server/src/core/csv-rows.ts';
import { writeXlsx } from '../apps/server/src/core/xlsx.ts';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const totalRows = argument('rows', 1_000_000);
const runs = argument('runs', 3);
const viaCsv = process.argv.includes('--csv');
const outAt = process.argv.indexOf('--out');
const outFile = outAt === -1 ? null : (process.argv[outAt + 1] as string);

const headers = ['First Name', 'Middle Name', 'Last Name', 'Address', 'Address 2', 'City', 'State', 'Zip Code', 'Country',
  'Email', 'Phone', 'Social Media', 'Include In Mailing List', 'Created', 'Instructor', 'School Code', 'School', 'Enrollments'];
const csv: CsvExport = {
  label: 'students',
  columns: headers.map((header) => (header === 'Created' ? dateCell(header, sql`x`) : textCell(header, sql`x`))),
  from: sql`x`,
  where: sql`true`,
  key: [sql`x`],
};

/** A small deterministic generator (mulberry32): the same rows on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(28);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');

const firstNames = ['Dorthy', 'Adriana', 'Kaylee', 'Meda', 'Alena', 'Jazmyne', 'Judd', 'Arlie', 'Åsa', 'José', 'Zoë', 'Liam',
  'Olivia', 'Noah', 'Emma', 'Mateo', 'Sophia', 'Elijah', 'Ava', 'Lucas', 'Mia', 'Amelia', 'Henry', 'Evelyn', 'Théo'];
const lastNames = ['Dibbert', 'Pagac', 'Russel', 'Haag', 'Boehm', 'Johnson', 'Metz', 'Schroeder', "O'Connor", 'Nguyen',
  'García', 'Smith', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Martínez', 'Hernández', 'Lopez', 'Kowalski'];
const streets = ['Inez Knolls', 'Coy Prairie', 'Kessler Ville', 'Ratke Lakes', 'Arch Curve', 'Demond Junctions',
  'W Main Street', 'Runolfsson Path', 'Oak & Elm Avenue', 'Maple Drive', 'Cedar Lane', 'Harbor View Road'];
const cities = ['Grand Ledge', 'DeWitt', 'East Lansing', 'Holt', 'Lansing', 'Okemos', 'Mason', 'Williamston', 'Charlotte'];
const domains = ['example.com', 'example.net', 'example.org'];
const instructors = ['Lavern Hyatt', 'Sarah School', 'Ian Instructor', 'Amari Hickle', null];
const schools = [['101', 'Riverside Community Church'], ['102', 'Hope & Grace Fellowship'], ['215', 'Lakeview Chapel'],
  ['340', 'St. Mark <Downtown> Church'], ['512', 'Grand Ledge Seventh-day Adventist Church']] as const;
const series = ['Amazing Facts Study Guides', 'Discover Bible Guides', 'Revelation of Hope Seminar', 'Storacles of Prophecy'];
const statuses = ['Enrolled', 'Attended', 'Inactive', 'Applied', 'Completed'];
const mailing = ['if_address_valid', 'always', 'never'];

let registration = 100_000;
function student(): ExportRow {
  const first = pick(firstNames);
  const last = pick(lastNames);
  const school = pick(schools);
  const enrollments = Array.from({ length: 1 + Math.floor(next() * 2.5) }, () => {
    const name = pick(series);
    registration++;
    const lesson = name.endsWith('Seminar') ? '' : `, lesson ${1 + Math.floor(next() * 24)}`;
    return `${name} #${registration} (${pick(statuses)}${lesson})`;
  }).join('; ');
  const maybe = (p: number, value: string) => (next() < p ? value : null);
  const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(next() * 28)).padStart(2, '0');
  return [
    first,
    maybe(0.25, pick(firstNames)),
    last,
    `${1 + Math.floor(next() * 99_999)} ${pick(streets)}`,
    maybe(0.3, `Apt. ${Math.floor(next() * 999)}`),
    pick(cities),
    'MI',
    `48${digits(3)}`,
    'United States',
    maybe(0.7, `${first}.${last}${maybe(0.3, digits(2)) ?? ''}@${pick(domains)}`.toLowerCase()),
    maybe(0.75, `(517) ${digits(3)}-${digits(4)}`),
    maybe(0.3, `'@${first}_${last}`),
    pick(mailing),
    `2026-${month}-${day}`,
    pick(instructors),
    school[0],
    school[1],
    enrollments,
  ];
}

/** Distinct rows, cycled: about 1.5 MB of text, far beyond deflate's 32 KB window. */
const pool = Array.from({ length: 6000 }, student);
const batchSize = 250;

async function* parsedBatches(): AsyncGenerator<ExportRow[]> {
  for (let done = 0; done < totalRows; done += batchSize) {
    const batch: ExportRow[] = [];
    for (let i = done; i < Math.min(totalRows, done + batchSize); i++) batch.push(pool[i % pool.length] as ExportRow);
    yield batch;
  }
}

const csvCell = (value: string | null) => (value === null ? '' : /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
/** The pool as COPY writes it, in 64 KB chunks (about what pg-copy-streams hands on from the socket). */
const poolCsv = Buffer.from(pool.map((row) => `${row.map(csvCell).join(',')}\n`).join(''), 'utf8');
const chunkBytes = 64 * 1024;

async function* copyChunks(): AsyncGenerator<Buffer> {
  const rowsPerPool = pool.length;
  const wholePools = Math.floor(totalRows / rowsPerPool);
  for (let p = 0; p < wholePools; p++) {
    for (let at = 0; at < poolCsv.length; at += chunkBytes) yield poolCsv.subarray(at, at + chunkBytes);
  }
  const rest = totalRows - wholePools * rowsPerPool;
  if (rest > 0) yield Buffer.from(pool.slice(0, rest).map((row) => `${row.map(csvCell).join(',')}\n`).join(''), 'utf8');
}

async function run(): Promise<{ seconds: number; cpu: number; bytes: number }> {
  const output = new PassThrough();
  let bytes = 0;
  const file = outFile ? createWriteStream(outFile) : null;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (file) file.write(chunk, () => done());
      else done();
    },
    final(done) {
      if (file) file.end(() => done());
      else done();
    },
  });
  output.pipe(sink);
  const finished = new Promise((resolve) => sink.on('finish', resolve));
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  await writeXlsx(output, csv, viaCsv ? csvRows(copyChunks()) : parsedBatches());
  await finished;
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, cpu: (cpu.user + cpu.system) / 1e6, bytes };
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
console.log(`${totalRows} rows of ${headers.length} columns, ${viaCsv ? "COPY's CSV parsed first" : 'rows parsed'}, ${runs} run(s)`);
let best = { rate: 0, perRow: Infinity };
for (let i = 0; i < runs; i++) {
  const { seconds, cpu, bytes } = await run();
  best = { rate: Math.max(best.rate, totalRows / seconds), perRow: Math.min(best.perRow, (cpu / totalRows) * 1e6) };
  // CPU time counts the deflater's thread too: on a 2-core machine shared with PostgreSQL it is the rate's limit.
  const perRow = ((cpu / totalRows) * 1e6).toFixed(2);
  console.log(`run ${i + 1}: ${seconds.toFixed(2)} s, ${Math.round(totalRows / seconds)} rows/s, CPU ${cpu.toFixed(2)} s (${perRow} µs a row), ${mb(bytes)} MB of xlsx`);
}
clearInterval(sampler);
// The best of the runs: on a shared machine the slower ones measure the neighbours too.
console.log(`best: ${Math.round(best.rate)} rows/s, CPU ${best.perRow.toFixed(2)} µs a row`);
console.log(`RSS ${mb(rssBefore)} MB before, peak ${mb(rssPeak)} MB (+${mb(rssPeak - rssBefore)})`);
