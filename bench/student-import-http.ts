// The student import (issue 27) over HTTP against the production server in its own process, as the
// web app sends it (multipart: the preview, then the apply), then the undo of its version; beside
// it in the same run a bare baseline, a plain pg client COPYing the same students, enrollments and
// lessons. Per step: wall time, the server's CPU seconds and memory, the PostgreSQL backends' CPU
// seconds (/proc), and the ratio apply / baseline, which holds on a shared machine where a time
// does not. Its own database (BENCH_DATABASE, default student_import_http_bench) on the server of
// BENCH_POSTGRES_URL, migrated afresh and dropped at the end; the app listens on 4630.
//   npm run bench -- student-import-http           (ROWS=5000 for a shorter run)
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { maxUploadBytes } from '../packages/shared/src/account.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { copyIn, copyOut, deleteCopied } from './http/import-copy.ts';
import { importFile, importMapping, lessonsSavedMeanwhile, setUpImportSchool, setUpOtherSchool } from './http/import-file.ts';
import { measureStep, type StepUsage } from './http/process-usage.ts';
import { buildIfNeeded, type Server, startApp } from './http/processes.ts';
import { openTokens } from './http/tokens.ts';
import { settingsLine } from './support/pg-settings.ts';

const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = process.env.BENCH_DATABASE ?? 'student_import_http_bench';
const port = Number(process.env.BENCH_IMPORT_PORT ?? 4630);
const rowsWanted = Number(process.env.ROWS ?? 50_000);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE: ${name} is not a plain database name`);
const url = new URL(postgresUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();

/** The school, its head school admin and the 10-lesson course it offers, as bench/student-import.ts makes them. */
async function setUp(): Promise<{ schoolId: number; headers: Record<string, string>; other: { enrollmentId: number; lessonId: number } }> {
  const database = openPostgres(databaseUrl, 2);
  try {
    await database.migrate();
    const { schoolId, userId } = await setUpImportSchool(database);
    const other = await setUpOtherSchool(database, userId);
    const admin = await (await openTokens(database))('school admin', userId);
    return { schoolId, headers: admin.app, other };
  } finally {
    await database.close();
  }
}

type ImportAnswer = { preview_token: string; totals: Record<string, number>; created: Record<string, number> | null; import_id: number | null };

/**
 * One POST, its answer read whole. Through node:http, which sets no time limit: fetch (undici) gives
 * up after 300 s without headers, and the undo of 50,000 rows on a loaded machine takes longer.
 */
async function post<T>(server: Server, path: string, headers: Record<string, string>, body: FormData | object): Promise<T> {
  // A form as fetch would send it (its boundary in the content type), from the same FormData.
  const encoded = body instanceof FormData ? new Response(body) : null;
  const payload = encoded ? Buffer.from(await encoded.arrayBuffer()) : Buffer.from(JSON.stringify(body));
  const type = encoded ? encoded.headers.get('content-type')! : 'application/json';
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      `${server.url}${path}`,
      { method: 'POST', headers: { ...headers, 'content-type': type, 'content-length': String(payload.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
  if (status !== 200) throw new Error(`POST ${path}: ${status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** The form of apps/web/src/features/student-import/api.ts: the fields, then the file. */
function importForm(file: string, schoolId: number, apply?: { token: string }): FormData {
  const form = new FormData();
  form.append('file_name', 'students.csv');
  form.append('school_id', String(schoolId));
  form.append('mapping', JSON.stringify(importMapping));
  if (apply) {
    form.append('confirm', 'true');
    form.append('preview_token', apply.token);
    form.append('choices', '{}');
  }
  form.append('file', new Blob([file], { type: 'text/csv' }), 'students.csv');
  return form;
}

const f1 = (value: number) => value.toFixed(1);
const f2 = (value: number) => value.toFixed(2);

function report(label: string, rows: number, usage: StepUsage): void {
  const byType = Object.entries(usage.postgresByType)
    .filter(([, cpu]) => cpu > 0)
    .map(([type, cpu]) => `${type} ${f2(cpu)}`)
    .join(', ');
  console.log(
    `${label.padEnd(9)} ${f2(usage.seconds).padStart(7)} s ${Math.round(rows / usage.seconds).toString().padStart(7)} rows/s` +
      `  server CPU ${f2(usage.serverCpu).padStart(6)} s` +
      `  RSS ${f1(usage.rssBeforeMb)} → peak ${f1(usage.rssPeakMb)} MB (+${f1(usage.rssPeakMb - usage.rssBeforeMb)}` +
      `${usage.hwmMb === null ? '' : `; VmHWM ${f1(usage.hwmMb)}`})` +
      `  PostgreSQL CPU ${f2(usage.postgresCpu).padStart(6)} s (${usage.backends} backends, +${usage.appeared} −${usage.disappeared}${byType ? `; ${byType}` : ''})`,
  );
}

const admin = new pg.Client({ connectionString: postgresUrl });
await admin.connect();
let server: Server | null = null;
let client: pg.Client | null = null;
let cleaned: Promise<void> | null = null;
// However the run ends (an error, Ctrl-C, a kill): the server stopped by its pid, the database dropped.
const cleanUp = () =>
  (cleaned ??= (async () => {
    await client?.end().catch(() => {});
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

try {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  console.log(await settingsLine(async (text, params) => (await admin.query(text, params)).rows));

  const { schoolId, headers, other } = await setUp();
  buildIfNeeded();
  server = await startApp({ databaseUrl, port });
  const file = importFile(rowsWanted);
  const bytes = Buffer.byteLength(file);
  if (bytes > maxUploadBytes) throw new Error(`the file is ${bytes} bytes, over the upload limit of ${maxUploadBytes}: fewer ROWS`);
  const target = { serverPid: server.pid, monitor: admin, database: name };
  console.log(
    `Student import over HTTP: ${rowsWanted} rows, ${(bytes / 1024 / 1024).toFixed(2)} MB of CSV; production server pid ${server.pid} on ${server.url}; ` +
      `load average ${loadavg().map(f2).join(' ')}`,
  );

  const preview = await measureStep(target, () => post<ImportAnswer>(server!, '/api/students/import', headers, importForm(file, schoolId)));
  report('preview', rowsWanted, preview.usage);
  console.log(`          ${JSON.stringify(preview.result.totals)}`);
  // Meanwhile a lesson of another school is saved every 250 ms: does it wait for the import?
  const meanwhile = await lessonsSavedMeanwhile(server.url, headers, other, () =>
    measureStep(target, () =>
      post<ImportAnswer>(server!, '/api/students/import', headers, importForm(file, schoolId, { token: preview.result.preview_token })),
    ),
  );
  const apply = meanwhile.result;
  report('apply', rowsWanted, apply.usage);
  console.log(`          ${JSON.stringify(apply.result.created)}`);
  const saves = [...meanwhile.saves].sort((a, b) => a - b);
  console.log(
    `          a lesson of another school saved meanwhile ${saves.length} times: median ${f1(saves[Math.floor(saves.length / 2)] ?? 0)} ms, ` +
      `p95 ${f1(saves[Math.floor(saves.length * 0.95)] ?? 0)} ms, longest ${f1(saves.at(-1) ?? 0)} ms`,
  );

  // The rows the apply wrote, copied out (not timed) for the baseline to write again after the undo.
  client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const copied = await copyOut(client, schoolId);
  const { rows: [version2] } = await client.query<{ id: number }>(
    `select id::int as id from versions where item_type = 'StudentImport' and item_id = $1 and event = 'create'`,
    [apply.result.import_id],
  );
  const undo = await measureStep(target, () => post<{ undone: unknown }>(server!, `/api/versions/${version2!.id}/undo`, headers, {}));
  report('undo', rowsWanted, undo.usage);
  console.log(`          ${JSON.stringify(undo.result.undone)}`);

  const written = copied.map((table) => `${table.rows} ${table.table}`).join(', ');
  console.log(`baseline: a plain pg client COPYs ${written} in one transaction (no app: no versions, no checks, no caches kept by code)`);
  const baseline = await measureStep(target, () => copyIn(client!, copied));
  report('baseline', rowsWanted, baseline.usage);
  await deleteCopied(client, schoolId);

  const ratio = (a: number, b: number) => (b > 0 ? `×${(a / b).toFixed(1)}` : 'n/a');
  console.log(
    `apply / baseline: wall ${ratio(apply.usage.seconds, baseline.usage.seconds)}, ` +
      `PostgreSQL CPU ${ratio(apply.usage.postgresCpu, baseline.usage.postgresCpu)}; ` +
      `apply's server CPU ${f2(apply.usage.serverCpu)} s beside its PostgreSQL CPU ${f2(apply.usage.postgresCpu)} s; ` +
      `load average ${loadavg().map(f2).join(' ')}`,
  );
} finally {
  await cleanUp();
}
