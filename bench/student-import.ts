// The student import (issue 27) through its real route (app.inject, token, scope and body limit
// included): a file of N students (default 50,000), each with a course and two lessons sent, one
// returned, previewed, applied in one transaction, and then undone from its version. It makes its
// own database on the PostgreSQL server of BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test), named
// student_import_bench, migrated afresh and dropped at the end: it never touches real records.
//   npm run bench -- student-import                 (ROWS=5000 for a shorter run)
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { createTokenService } from '../apps/server/src/auth/tokens.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { loadEnv } from '../apps/server/src/env.ts';

const server = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const rowsWanted = Number(process.env.ROWS ?? 50_000);
const name = 'student_import_bench';
const url = new URL(server);
url.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`drop database if exists ${name}`);
await admin.query(`create database ${name}`);

const database = await openPostgres(url.toString());
try {
  await database.migrate();
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), RATE_LIMIT_IMPORTS: '1000' });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  const tokens = await createTokenService(database.db, env);

  // One school with its head school admin, a course of 10 lessons it offers.
  const one = async <T>(text: string, params: unknown[] = []) => (await database.query<T>(text, params))[0]!;
  const conference = await one<{ id: number }>(`insert into conferences (name) values ('Bench') returning id`);
  const school = await one<{ id: number }>(
    `insert into schools (school_code, church_name, conference_id) values ('BENCH', 'Bench Church', $1) returning id`,
    [conference.id],
  );
  const user = await one<{ id: number }>(
    `insert into users (email, first_name, last_name) values ('bench.admin@bench.test', 'Bench', 'Admin') returning id`,
  );
  await database.query(`insert into roles (user_id, role_type, school_id) values ($1, 'school_admin', $2)`, [user.id, school.id]);
  await database.query('update schools set head_school_admin_id = $1 where id = $2', [user.id, school.id]);
  const course = await one<{ id: number }>(`insert into series (type, name) values ('Course', 'Bench Course') returning id`);
  await database.query(
    `insert into episodes (series_id, position, name) select $1, n, 'Lesson ' || n from generate_series(1, 10) n`,
    [course.id],
  );
  await database.query('insert into series_offered (series_id, school_id) values ($1, $2)', [course.id, school.id]);
  const headers = { authorization: `Bearer ${(await tokens.issueFor(user.id))!.token}` };

  const lines = ['First name,Last name,Address,City,State,Zip,Course,Last lesson sent,Sent on,Last lesson returned,Returned on'];
  for (let i = 0; i < rowsWanted; i++) {
    lines.push(`F${i},L${i},${i} Main St,Springfield,IL,${String(10000 + (i % 80000)).padStart(5, '0')},Bench Course,2,2026-01-05,1,2026-01-20`);
  }
  const file = lines.join('\n');
  const mapping = { 'Sent on': 'last_lesson_sent_on', 'Returned on': 'last_lesson_returned_on' };
  console.log(`Student import on PostgreSQL: ${rowsWanted} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB of CSV`);

  const rss = () => process.memoryUsage().rss / 1024 / 1024;
  const baseline = rss();
  let peak = baseline;
  const watch = setInterval(() => (peak = Math.max(peak, rss())), 50);
  const timed = async (label: string, payload: object, url = '/api/students/import') => {
    const start = performance.now();
    const response = await app.inject({ method: 'POST', url, headers, payload });
    const seconds = (performance.now() - start) / 1000;
    if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 500)}`);
    console.log(`${label.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s  ${Math.round(rowsWanted / seconds).toString().padStart(7)} rows/s`);
    return response.json() as {
      preview_token: string;
      totals: Record<string, number>;
      created: Record<string, number> | null;
      import_id: number | null;
      undone?: Record<string, number>;
    };
  };
  const preview = await timed('preview', { file, school_id: school.id, mapping });
  console.log(`           ${JSON.stringify(preview.totals)}`);
  const applied = await timed('apply', { file, school_id: school.id, mapping, confirm: true, preview_token: preview.preview_token });
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
