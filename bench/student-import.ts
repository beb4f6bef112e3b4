// The student import (issue 27) through its real route (app.inject, token, scope and body limit
// included): a file of N students (default 50,000), each with a course and two lessons sent, one
// returned, previewed, applied in one transaction, and then undone from its version. It makes its
// own database on the PostgreSQL server of BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test), named
// student_import_bench (or BENCH_DATABASE), migrated afresh and dropped at the end: it never touches real records.
//   npm run bench -- student-import                 (ROWS=5000 for a shorter run)
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { createTokenService } from '../apps/server/src/auth/tokens.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { importFile, importMapping, setUpImportSchool } from './http/import-file.ts';

const server = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const rowsWanted = Number(process.env.ROWS ?? 50_000);
const name = process.env.BENCH_DATABASE ?? 'student_import_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE must be a plain lower-case name: ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;

// BENCH_STATEMENTS=preview|apply|undo (1: undo): the time of each kind of statement that step sends, summed (its first words name it).
const statementTimes = new Map<string, { n: number; ms: number }>();
let timingStatements = false;
function printStatementTimes() {
  for (const [text, { n, ms }] of [...statementTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
    console.log(`  ${ms.toFixed(0).padStart(6)} ms ${String(n).padStart(5)}×  ${text}`);
  }
}
if (process.env.BENCH_STATEMENTS) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (!timingStatements || !(result instanceof Promise)) return result;
    const first = args[0] as string | { text: string };
    const text = (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').trim().slice(0, 90);
    const start = performance.now();
    return result.finally(() => {
      const seen = statementTimes.get(text) ?? { n: 0, ms: 0 };
      seen.n += 1;
      seen.ms += performance.now() - start;
      statementTimes.set(text, seen);
    });
  } as typeof pg.Client.prototype.query;
}

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`drop database if exists ${name}`);
await admin.query(`create database ${name}`);
// BENCH_EXPLAIN_MS=100: each statement (a trigger's too) slower than that logged with its plan in the server's log.
if (process.env.BENCH_EXPLAIN_MS) {
  await admin.query(`alter database ${name} set session_preload_libraries = 'auto_explain'`);
  await admin.query(`alter database ${name} set auto_explain.log_min_duration = ${Number(process.env.BENCH_EXPLAIN_MS)}`);
  await admin.query(`alter database ${name} set auto_explain.log_nested_statements = on`);
  await admin.query(`alter database ${name} set auto_explain.log_analyze = on`);
  await admin.query(`alter database ${name} set auto_explain.log_triggers = on`);
}
// BENCH_FUNCTIONS=apply (or preview, undo): the time spent in each of the database's functions (the triggers') during that step.
if (process.env.BENCH_FUNCTIONS) await admin.query(`alter database ${name} set track_functions = 'all'`);

const database = await openPostgres(url.toString());
try {
  await database.migrate();
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), RATE_LIMIT_IMPORTS: '1000' });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  const tokens = await createTokenService(database.db, env);

  // One school with its head school admin, a course of 10 lessons it offers.
  const school = await setUpImportSchool(database);
  const headers = { authorization: `Bearer ${(await tokens.issueFor(school.userId))!.token}` };

  // The same file as the bench over HTTP (real names and places).
  const file = importFile(rowsWanted);
  const mapping = importMapping;
  console.log(`Student import on PostgreSQL: ${rowsWanted} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB of CSV`);

  const rss = () => process.memoryUsage().rss / 1024 / 1024;
  const baseline = rss();
  let peak = baseline;
  const watch = setInterval(() => (peak = Math.max(peak, rss())), 50);
  // CPU seconds, which a busy machine does not inflate as it does the time on the clock: the
  // server's process, and PostgreSQL's backends of this database (read from /proc, same machine).
  const backendsCpu = async () => {
    const { rows: pids } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    let ticks = 0;
    for (const { pid } of pids) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        return Number.NaN;
      }
    }
    return ticks / 100;
  };
  // The functions' own and total times, as the statistics collector has them once the step's backends flushed them.
  const printFunctionTimes = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const times = await database.query<{ funcname: string; calls: number; total_time: number; self_time: number }>(
      'select funcname, calls::int as calls, total_time, self_time from pg_stat_user_functions order by self_time desc limit 20',
    );
    for (const row of times) {
      console.log(`  ${row.self_time.toFixed(0).padStart(6)} ms own, ${row.total_time.toFixed(0).padStart(6)} ms in all ${String(row.calls).padStart(7)}×  ${row.funcname}`);
    }
  };
  // BENCH_PROFILE=file.cpuprofile (BENCH_PROFILE_STEP=preview|apply|undo, default undo): the server's own time during that step, for Chrome's profiler.
  const profiled = process.env.BENCH_PROFILE ? (process.env.BENCH_PROFILE_STEP ?? 'undo') : null;
  const timed = async (label: string, payload: object, url = '/api/students/import') => {
    const profiler = label === profiled ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const start = performance.now();
    const cpu = process.cpuUsage();
    const backends = await backendsCpu();
    timingStatements = label === (process.env.BENCH_STATEMENTS === '1' ? 'undo' : process.env.BENCH_STATEMENTS);
    const timingFunctions = label === process.env.BENCH_FUNCTIONS;
    if (timingFunctions) await database.query('select pg_stat_reset()');
    const response = await app.inject({ method: 'POST', url, headers, payload });
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
    }
    if (timingFunctions) await printFunctionTimes();
    if (timingStatements) printStatementTimes();
    timingStatements = false;
    const seconds = (performance.now() - start) / 1000;
    const nodeCpu = (process.cpuUsage().user - cpu.user + process.cpuUsage().system - cpu.system) / 1e6;
    const postgresCpu = (await backendsCpu()) - backends;
    if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 500)}`);
    console.log(
      `${label.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s  ${Math.round(rowsWanted / seconds).toString().padStart(7)} rows/s` +
        `  (CPU: server ${nodeCpu.toFixed(1)} s, PostgreSQL ${postgresCpu.toFixed(1)} s)`,
    );
    return response.json() as {
      preview_token: string;
      totals: Record<string, number>;
      created: Record<string, number> | null;
      import_id: number | null;
      undone?: Record<string, number>;
    };
  };
  const preview = await timed('preview', { file, school_id: school.schoolId, mapping });
  console.log(`           ${JSON.stringify(preview.totals)}`);
  const applied = await timed('apply', { file, school_id: school.schoolId, mapping, confirm: true, preview_token: preview.preview_token });
  console.log(`           ${JSON.stringify(applied.created)}`);
  // The whole import taken back from its version (decision 025): every student deleted with its destroy version.
  const [version] = await database.query<{ id: number }>(
    `select id::int as id from versions where item_type = 'StudentImport' and item_id = $1 and event = 'create'`,
    [applied.import_id],
  );
  const undone = await timed('undo', {}, `/api/versions/${version!.id}/undo`);
  console.log(`           ${JSON.stringify(undone.undone)}`);
  clearInterval(watch);
  console.log(`server memory: ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak (+${(peak - baseline).toFixed(0)} MB)`);
  await app.close();
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
}
