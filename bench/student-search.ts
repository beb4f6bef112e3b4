// Student name search through the real route (app.inject): p50/p95 per term length, as the
// header search and Quick find would send it. Run on a large network:
//   DATABASE_URL=postgres://… npm run db:seed -- --students 1000000
//   DATABASE_URL=postgres://… npm run bench
import { buildApp } from '../apps/server/src/app.ts';
import { createTokenService } from '../apps/server/src/auth/tokens.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { terms3, terms5 } from './support/search-terms.ts';

const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase(env);
const app = await buildApp({ env, database, logger: false });
await app.ready();
const [admin] = await database.query<{ id: number }>("select id from users where email = 'global.admin@demo.test'");
const [school] = await database.query<{ id: number }>("select id from users where email = 'school.admin@demo.test'");
const [{ count }] = (await database.query<{ count: number }>('select count(*)::int as count from students')) as [
  { count: number },
];
const tokens = await createTokenService(database.db, env);
const headersFor = async (id: number) => ({
  authorization: `Bearer ${(await tokens.issueFor(id))!.token}`,
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function measure(label: string, headers: Record<string, string>, urls: string[]) {
  const times: number[] = [];
  for (const url of urls) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  console.log(
    `${label.padEnd(58)} n=${String(times.length).padStart(3)}  p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`,
  );
}

const full = [
  'mary smith',
  'james johnson',
  'maria garcia',
  'robert brown',
  'linda davis',
  'john miller',
  'david wilson',
];
const q = (words: string) =>
  `/api/students?${words
    .split(' ')
    .map((w) => `full_name_i_cont_all[]=${encodeURIComponent(w)}`)
    .join('&')}&per_page=25`;

console.log(`Student name search on ${database.kind} with ${count} students`);
const adminHeaders = await headersFor(admin!.id);
await measure('warm-up', adminHeaders, terms3.slice(0, 3).map(q));
await measure('global admin, 3-letter term', adminHeaders, [...terms3, ...terms3].map(q));
await measure('global admin, 5-letter term', adminHeaders, [...terms5, ...terms5].map(q));
await measure('global admin, first and last name', adminHeaders, [...full, ...full].map(q));
await measure(
  'global admin, registration number lookup (per_page=2)',
  adminHeaders,
  (
    await database.query<{ n: number }>('select registration_number as n from enrollments order by random() limit 20')
  ).map((r) => `/api/students?enrollments_registration_number_eq=${r.n}&per_page=2`),
);
await measure(
  'global admin, first page unfiltered',
  adminHeaders,
  Array.from({ length: 10 }, () => '/api/students?per_page=25'),
);
if (school) await measure('school admin, 3-letter term', await headersFor(school.id), [...terms3, ...terms3].map(q));
await app.close();
await database.close();
