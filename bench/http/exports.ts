// The CSV exports against COPY of the same columns and joins: cells compared on a file small
// enough to hold, then the whole file timed on one client, with the server's RSS growth. The
// Excel export of the students is timed beside COPY's CSV of the same rows (issue 11's goal is a
// rate: at least 50,000 rows a second, memory flat); its rows are counted by the database.
import type { Database } from '../../apps/server/src/db/client.ts';
import { compareCsv, type Download, download } from './csv-read.ts';
import { type Context, selected } from './pair.ts';
import { type ExportRow, printExportRow, ratio } from './report.ts';
import type { Staff } from './tokens.ts';

export type ExportResult = { rows: ExportRow[] };

const timing = (result: Download, rows: number) => ({
  seconds: result.seconds,
  rowsPerSecond: Math.round(rows / Math.max(result.seconds, 0.001)),
  bytes: result.bytes,
  firstByteMs: result.firstByteMs,
  status: result.status,
});

async function sameCells(context: Context, staff: Staff, path: string): Promise<string | null> {
  const [app, copy] = await Promise.all([
    download(`${context.app.url}${path}`, staff.app, true),
    download(`${context.baseline.url}${path}`, staff.baseline, true),
  ]);
  if (app.status !== 200 || copy.status !== 200) return `${path}: app ${app.status}, COPY ${copy.status}`;
  const difference = compareCsv(app.text ?? '', copy.text ?? '');
  return difference && `${path}: ${difference}`;
}

const median = (runs: Download[]) =>
  [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)] as Download;

async function timed(context: Context, staff: Staff, path: string, repeat: number) {
  const runs = { app: [] as Download[], copy: [] as Download[] };
  // COPY first, once more than measured: the first run brings the tables into the page cache.
  await download(`${context.baseline.url}${path}`, staff.baseline);
  const window = context.rss.window();
  for (let i = 0; i < repeat; i++) runs.app.push(await download(`${context.app.url}${path}`, staff.app));
  const rss = window();
  for (let i = 0; i < repeat; i++) runs.copy.push(await download(`${context.baseline.url}${path}`, staff.baseline));
  return { app: median(runs.app), copy: median(runs.copy), rss };
}

export async function runExports(context: Context, database: Database, staff: Staff, rows: ExportRow[]): Promise<void> {
  const [biggest] = await database.query<{ id: number }>(
    'select school_id as id from students group by school_id order by count(*) desc, school_id limit 1',
  );
  const files = [
    {
      scenario: 'GET /api/students.csv',
      path: '/api/students.csv',
      check: `/api/students.csv?school_id_eq=${biggest?.id}`,
      repeat: 1,
    },
    { scenario: 'GET /api/schools.csv', path: '/api/schools.csv', check: '/api/schools.csv', repeat: 5 },
    { scenario: 'GET /api/users.csv', path: '/api/users.csv', check: '/api/users.csv', repeat: 5 },
  ];
  for (const file of files) {
    if (!selected(`export ${file.scenario}`)) continue;
    const difference = await sameCells(context, staff, file.check);
    if (difference) {
      context.failures.push(`${file.scenario}: ${difference}`);
      console.error(`\n!!! ${file.scenario}: the app's file and COPY's differ:\n!!! ${difference}\n`);
      continue;
    }
    const { app, copy, rss } = await timed(context, staff, file.path, file.repeat);
    const problem =
      app.status !== 200 || copy.status !== 200
        ? `status app ${app.status}, COPY ${copy.status}`
        : app.records !== copy.records
          ? `app ${app.records} records ≠ COPY ${copy.records}`
          : null;
    if (problem) context.failures.push(`${file.scenario}: ${problem}`);
    const dataRows = app.records - 1;
    const row: ExportRow = {
      scenario: file.scenario,
      rows: dataRows,
      app: timing(app, dataRows),
      copy: timing(copy, copy.records - 1),
      ratio: ratio(copy.seconds, app.seconds),
      rss,
      check: problem ?? `same cells (${file.check}), same records`,
    };
    rows.push(row);
    printExportRow(row);
  }
}

/** GET /api/students.xlsx of every student: its rate against COPY's CSV of the same students. */
export async function runExcelExport(context: Context, database: Database, staff: Staff, rows: ExportRow[]) {
  const scenario = 'GET /api/students.xlsx';
  if (!selected(`export ${scenario}`)) return;
  const [count] = await database.query<{ n: number }>('select count(*)::int as n from students');
  const students = Number(count?.n ?? 0);
  await download(`${context.baseline.url}/api/students.csv`, staff.baseline);
  const window = context.rss.window();
  const app = await download(`${context.app.url}/api/students.xlsx`, staff.app);
  const rss = window();
  const copy = await download(`${context.baseline.url}/api/students.csv`, staff.baseline);
  const problem = app.status !== 200 ? `status ${app.status}` : app.bytes < 1000 ? `${app.bytes} bytes` : null;
  if (problem) context.failures.push(`${scenario}: ${problem}`);
  const row: ExportRow = {
    scenario,
    rows: students,
    app: timing(app, students),
    copy: timing(copy, copy.records - 1),
    ratio: ratio(copy.seconds, app.seconds),
    rss,
    check: problem ?? `${Math.round(app.bytes / 1e6)} MB of xlsx; rows counted by the database`,
  };
  rows.push(row);
  printExportRow(row);
}

