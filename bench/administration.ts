// The administration's heavy calls through the real routes (app.inject, token check and scope
// included): a school's students, an instructor's students, and a 30,000-row claimed-zip import
// (preview, then apply in one transaction). It WRITES (and undoes) claimed zips: run it on a
// benchmark database, never on real records.
//   DATABASE_URL=postgres://… npm run bench -- administration     (or DATA_DIR=… for PGlite)
import { buildApp } from '../apps/server/src/app.ts';
import { createTokenService } from '../apps/server/src/auth/tokens.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { loadEnv } from '../apps/server/src/env.ts';

const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase(env);
const app = await buildApp({ env, database, logger: false });
await app.ready();
const tokens = await createTokenService(database.db, env);
const headersOf = async (id: number) => ({
  authorization: `Bearer ${(await tokens.issueFor(id))!.token}`,
});
const userId = async (email: string) =>
  (await database.query<{ id: number }>('select id from users where email = $1', [email]))[0]!.id;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const line = (label: string, times: number[]) =>
  console.log(
    `${label.padEnd(66)} n=${String(times.length).padStart(3)}  p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`,
  );

async function measure(label: string, headers: Record<string, string>, urls: string[]) {
  const times: number[] = [];
  for (const url of urls) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  line(label, times);
}
const repeat = (n: number, url: (i: number) => string) => Array.from({ length: n }, (_, i) => url(i));

const [counts] = await database.query<{ students: number; schools: number }>(
  'select (select count(*)::int from students) as students, (select count(*)::int from schools) as schools',
);
console.log(`Administration on ${database.kind}: ${counts!.students} students, ${counts!.schools} schools`);

const globalAdmin = await headersOf(await userId('global.admin@demo.test'));
const [largest] = await database.query<{ id: number; students: number }>(
  'select school_id as id, count(*)::int as students from students group by school_id order by 2 desc, 1 limit 1',
);
const [schoolAdmin] = await database.query<{ id: number }>(
  "select user_id as id from roles where role_type = 'school_admin' and school_id = $1 order by user_id limit 1",
  [largest!.id],
);
const [busiest] = await database.query<{ id: number; students: number }>(
  'select instructor_id as id, count(*)::int as students from students group by instructor_id order by 2 desc, 1 limit 1',
);
const schoolStudents = `/api/schools/${largest!.id}/students`;
const instructorStudents = `/api/users/${busiest!.id}/students`;

await measure('warm-up', globalAdmin, repeat(5, () => schoolStudents));
for (const [who, headers] of [
  ['global admin', globalAdmin],
  ...(schoolAdmin ? [['its school admin', await headersOf(schoolAdmin.id)] as const] : []),
] as const) {
  await measure(`GET /schools/{id}/students, ${largest!.students} students, ${who}`, headers, repeat(30, () => schoolStudents));
  await measure(
    `  … pages 2 to 31`,
    headers,
    repeat(30, (i) => `${schoolStudents}?page=${i + 2}`),
  );
  await measure(
    `  … searching 'ann'`,
    headers,
    repeat(30, () => `${schoolStudents}?full_name_i_cont_all[]=ann`),
  );
}
await measure(
  `GET /users/{id}/students, ${busiest!.students} students, global admin`,
  globalAdmin,
  repeat(30, () => instructorStudents),
);
const [theirAdmin] = await database.query<{ id: number }>(
  `select r.user_id as id from roles r join roles mine on mine.school_id = r.school_id
   where mine.user_id = $1 and r.role_type = 'school_admin' order by r.user_id limit 1`,
  [busiest!.id],
);
if (theirAdmin) {
  await measure(
    `GET /users/{id}/students, their school admin`,
    await headersOf(theirAdmin.id),
    repeat(30, () => instructorStudents),
  );
}

// 30,000 zip codes nobody claims, spread over the schools, previewed and then applied.
const rowsWanted = 30_000;
const free = await database.query<{ zip_code: string }>(
  `select z.zip_code from zip_centroids z where not exists (select 1 from claimed_zips c where c.zip_code = z.zip_code)
   order by z.zip_code limit ${rowsWanted}`,
);
const schoolCodes = (await database.query<{ school_code: string }>('select school_code from schools order by id')).map(
  (row) => row.school_code,
);
const file = ['school_code,zip_code', ...free.map((z, i) => `${schoolCodes[i % schoolCodes.length]},${z.zip_code}`)].join('\n');
const since = new Date();
const importTimes: Record<string, number> = {};
let previewToken = '';
for (const step of ['preview', 'apply'] as const) {
  const start = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/schools/bulk_import_zips',
    headers: globalAdmin,
    payload: { file, dry_run: step === 'preview', ...(step === 'apply' ? { preview_token: previewToken } : {}) },
  });
  importTimes[step] = performance.now() - start;
  if (response.statusCode !== 200) throw new Error(`bulk import ${step}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  const body = response.json() as { accepted_count: number; rejected_count: number; applied: boolean; preview_token: string };
  previewToken = body.preview_token;
  const seconds = importTimes[step]! / 1000;
  console.log(
    `${`POST /schools/bulk_import_zips, ${step}`.padEnd(66)} ${free.length} rows (${body.accepted_count} accepted, ${body.rejected_count} rejected, applied ${body.applied}) in ${seconds.toFixed(2)} s = ${Math.round(free.length / seconds).toLocaleString('en-US')} rows/s`,
  );
}
// Undo: the claims and their versions.
await database.query(
  `delete from versions where item_type = 'ClaimedZip' and created_at >= $1`,
  [since.toISOString()],
);
await database.query(`delete from claimed_zips where created_at >= $1`, [since.toISOString()]);
await app.close();
await database.close();
