// `npm run bench:http`: the product over real HTTP against its bare baseline, in one run.
// Builds if needed, starts the production server and the baseline (bench/http/baseline.ts) on the
// 1M-student database, mints tokens with the app's own token service, and runs every scenario of
// issue 10, app then baseline, printing rps, latency percentiles, errors, the ratios and the
// server's RSS; the figures also go to bench/http/results.json. The mixed load WRITES lessons and
// undoes them: run it on a benchmark database only.
//   DATABASE_URL=postgres://…/bench1m npm run bench:http      (BENCH_ONLY=<text> for some scenarios)
import { appUrl, baselineUrl, config } from './config.ts';
import { deepPageScenarios } from './deep-pages.ts';
import { runExcelExport, runExports } from './exports.ts';
import { runMixed } from './mixed.ts';
import { pickMixedStaff } from './mixed-staff.ts';
import { type Context, selected } from './pair.ts';
import { buildIfNeeded, type Server, startApp, startBaseline } from './processes.ts';
import {
  type ExportRow,
  type MixedRow,
  printExportRow,
  printLoadHeader,
  printLoadRow,
  printMixed,
  writeResults,
} from './report.ts';
import { settingsLine } from '../support/pg-settings.ts';
import { sampleRss } from './rss.ts';
import { dashboardScenarios, recordScenarios, reportScenarios, searchScenarios } from './scenarios.ts';
import { openBenchDatabase, openTokens, pickRoles } from './tokens.ts';

buildIfNeeded();
const database = openBenchDatabase();
const servers: Server[] = [];
const exportRows: ExportRow[] = [];
let mixed: MixedRow | null = null;
let context: Context | null = null;
const started = new Date();

try {
  const [counts] = await database.query<{ students: number; enrollments: number }>(
    'select (select count(*) from students)::int as students, (select count(*) from enrollments)::int as enrollments',
  );
  const where = config.databaseUrl.replace(/\/\/[^@]*@/, '//');
  console.log(`HTTP benchmark on ${where}: ${counts?.students} students, ${counts?.enrollments} enrollments`);
  console.log(await settingsLine((text, params) => database.query(text, params)));
  const mint = await openTokens(database);
  const roles = await pickRoles(database, mint);
  for (const staff of Object.values(roles)) {
    const sees = staff.scope.all
      ? 'every school'
      : `schools ${staff.scope.adminSchoolIds.join(', ') || 'none as admin'}`;
    console.log(`  ${staff.label.padEnd(17)} ${staff.email} (user ${staff.userId}), sees ${sees}`);
  }
  servers.push(await startApp(), await startBaseline());
  const [app, baseline] = servers as [Server, Server];
  console.log(`App ${appUrl} (pid ${app.pid}, production build), baseline ${baselineUrl} (pid ${baseline.pid})`);
  console.log(`${config.duration} s a run after ${config.warmup} s of warm-up`);
  context = { app, baseline, rss: sampleRss(app.pid), loadRows: [], failures: [] };

  printLoadHeader();
  await recordScenarios(context, database, roles.global);
  await searchScenarios(context, database, roles);
  await dashboardScenarios(context, roles);
  await deepPageScenarios(context, database, roles.global);
  await reportScenarios(context, database, roles);

  if (['students.csv', 'schools.csv', 'users.csv', 'students.xlsx'].some((file) => selected(`export GET /api/${file}`))) {
    console.log('\nExports (one client, the whole file; COPY read once before to warm the cache):');
  }
  await runExports(context, database, roles.global, exportRows);
  await runExcelExport(context, database, roles.global, exportRows);

  if (selected('mixed load')) {
    const staff = await pickMixedStaff(database, mint);
    const labels = [...new Set(staff.map((s) => s.label))];
    const who = labels.map((label) => `${staff.filter((s) => s.label === label).length} ${label}`).join(', ');
    console.log(`\nMixed load: ${staff.length} staff (${who}) for ${config.mixedSeconds} s…`);
    mixed = await runMixed(context, database, staff);
  }
} finally {
  for (const server of servers.reverse()) await server.stop();
  await database.close();
}

if (context) {
  console.log(`\n==== Summary (${started.toISOString()}, app RSS peak over the run ${context.rss.peakMb()} MB) ====`);
  printLoadHeader();
  for (const row of context.loadRows) printLoadRow(row);
  console.log('');
  for (const row of exportRows) printExportRow(row);
  if (mixed) printMixed(mixed);
  context.rss.stop();
  writeResults({
    started: started.toISOString(),
    database: config.databaseUrl.replace(/\/\/[^@]*@/, '//'),
    duration: config.duration,
    warmup: config.warmup,
    appRssPeakMb: context.rss.peakMb(),
    load: context.loadRows,
    exports: exportRows,
    mixed,
    failures: context.failures,
  });
  if (context.failures.length > 0) {
    console.error(`\n${context.failures.length} FAILURE(S):`);
    for (const failure of context.failures) console.error(`  - ${failure}`);
    process.exitCode = 1;
  }
}
