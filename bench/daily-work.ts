// The daily work through the real routes (app.inject, token check and scope included): one
// enrollment with its records, sending and removing a lesson, creating and deleting a student,
// suggested schools, a student's record lists and an Avery labels PDF. It WRITES (and undoes)
// records: run it on a demo or benchmark database, never on real records.
//   DATABASE_URL=postgres://… npm run bench -- daily-work     (or DATA_DIR=… for PGlite)
import { randomUUID } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.ts';
import { createTokenService } from '../apps/server/src/auth/tokens.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { loadEnv } from '../apps/server/src/env.ts';

const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase(env);
const app = await buildApp({ env, database, logger: false });
await app.ready();
const tokens = await createTokenService(database.db, env);
const userId = async (email: string) =>
  (await database.query<{ id: number }>('select id from users where email = $1', [email]))[0]!.id;
const headersFor = async (email: string) => ({
  authorization: `Bearer ${(await tokens.issueFor(await userId(email)))!.token}`,
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };

async function measure(label: string, headers: Record<string, string>, calls: Call[], expect = [200, 201, 204]) {
  const times: number[] = [];
  for (const call of calls) {
    const start = performance.now();
    const response = await app.inject({ ...call, headers, payload: call.payload as never });
    times.push(performance.now() - start);
    if (!expect.includes(response.statusCode)) throw new Error(`${call.url}: ${response.statusCode} ${response.body}`);
  }
  console.log(
    `${label.padEnd(62)} n=${String(times.length).padStart(3)}  p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`,
  );
}

const admin = await headersFor('school.admin@demo.test');
const globalAdmin = await headersFor('global.admin@demo.test');
const [counts] = await database.query<{ students: number; enrollments: number }>(
  'select (select count(*)::int from students) as students, (select count(*)::int from enrollments) as enrollments',
);
console.log(`The daily work on ${database.kind}: ${counts!.students} students, ${counts!.enrollments} enrollments`);

// A course enrollment of the school admin's school 101 with lessons left to send.
const [target] = await database.query<{ id: number; student_id: number; series_id: number; episode_id: number }>(`
  select e.id, e.student_id, e.series_id, ep.id as episode_id
  from enrollments e join students s on s.id = e.student_id join schools sc on sc.id = s.school_id
  join series se on se.id = e.series_id and se.type = 'Course'
  join episodes ep on ep.series_id = e.series_id
  where sc.school_code = '101' and not exists (
    select 1 from episode_deliveries d where d.enrollment_id = e.id and d.episode_id = ep.id)
  order by (select count(*) from episode_deliveries d where d.enrollment_id = e.id) desc, e.id
  limit 1`);
if (!target) throw new Error('no course enrollment of school 101 with a lesson left to send');
const repeat = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

await measure('warm-up', admin, repeat(5, () => ({ method: 'GET', url: `/api/enrollments/${target.id}` })));
await measure(
  'GET /enrollments/{id} (the enrollment pages)',
  admin,
  repeat(50, () => ({ method: 'GET', url: `/api/enrollments/${target.id}` })),
);

// Send a lesson, then remove it: two nested writes with their versions and cache refresh each.
const today = new Date().toISOString().slice(0, 10);
const sendTimes: number[] = [];
for (let i = 0; i < 25; i++) {
  const start = performance.now();
  const sent = await app.inject({
    method: 'PUT',
    url: `/api/enrollments/${target.id}`,
    headers: admin,
    payload: { episode_deliveries_attributes: [{ episode_id: target.episode_id, date_sent: today, delivery_type: 'PO' }] },
  });
  sendTimes.push(performance.now() - start);
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`);
  const delivery = (sent.json() as { episode_deliveries: { id: number; episode_id: number }[] }).episode_deliveries.find(
    (d) => d.episode_id === target.episode_id,
  )!;
  await app.inject({
    method: 'PUT',
    url: `/api/enrollments/${target.id}`,
    headers: admin,
    payload: { episode_deliveries_attributes: [{ id: delivery.id, _destroy: true }] },
  });
}
console.log(
  `${'PUT /enrollments/{id}: send a lesson (versions, caches, status)'.padEnd(62)} n=${String(sendTimes.length).padStart(3)}  p50 ${percentile(sendTimes, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(sendTimes, 95).toFixed(1).padStart(7)} ms`,
);

const [school] = await database.query<{ id: number }>("select id from schools where school_code = '101'");
const created: number[] = [];
const createTimes: number[] = [];
for (let i = 0; i < 20; i++) {
  const start = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/students',
    headers: admin,
    payload: {
      first_name: 'Bench',
      last_name: `Student${i}`,
      address: '1 Main St',
      city: 'Lansing',
      state: 'MI',
      zip_code: '48911',
      country: 'United States',
      school_id: school!.id,
      notify_instructor_by_email: true,
      request_key: randomUUID(),
    },
  });
  createTimes.push(performance.now() - start);
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  created.push((response.json() as { id: number }).id);
}
console.log(
  `${'POST /students (with the notice in the outbox)'.padEnd(62)} n=${String(createTimes.length).padStart(3)}  p50 ${percentile(createTimes, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(createTimes, 95).toFixed(1).padStart(7)} ms`,
);
await measure(
  'DELETE /students/{id} (history kept in its version)',
  admin,
  created.map((id) => ({ method: 'DELETE', url: `/api/students/${id}` })),
);
await database.exec("delete from mail_outbox where subject like '%Bench Student%'");

for (const list of ['decisions', 'notes', 'products']) {
  await measure(
    `GET /students/{id}/${list}`,
    admin,
    repeat(30, () => ({ method: 'GET', url: `/api/students/${target.student_id}/${list}` })),
  );
}
const zips = await database.query<{ zip_code: string }>('select zip_code from zip_centroids order by zip_code limit 20');
await measure(
  'GET /students/suggested_schools (global admin)',
  globalAdmin,
  zips.map((z) => ({ method: 'GET', url: `/api/students/suggested_schools?series_id=${target.series_id}&zip_code=${z.zip_code}` })),
);
const [largest] = await database.query<{ id: number; students: number }>(
  'select school_id as id, count(*)::int as students from students group by school_id order by 2 desc limit 1',
);
await measure(
  `GET /students/avery_labels: the school admin’s list`,
  admin,
  repeat(5, () => ({ method: 'GET', url: '/api/students/avery_labels?start_position=1' })),
);
await measure(
  `GET /students/avery_labels: a school of ${largest!.students} students (global admin)`,
  globalAdmin,
  repeat(3, () => ({ method: 'GET', url: `/api/students/avery_labels?school_id_eq=${largest!.id}` })),
);
await app.close();
await database.close();
