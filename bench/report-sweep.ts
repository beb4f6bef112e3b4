// Every report over a period, by each of its groupings, as a global admin and as a conference
// admin would ask it, this quarter and over the last twelve whole months, on the database of
// DATABASE_URL (the 1M seed): each query's time in-process, median of three after one to warm.
// It finds what to measure over HTTP (bench/http, BENCH_ONLY) and what to make faster.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench1m npm run bench -- report-sweep
import { sql } from 'drizzle-orm';
import type { Scope } from '../apps/server/src/core/scope.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { periodReport } from '../apps/server/src/modules/reports/period-report.ts';
import { periodReports } from '../apps/server/src/modules/reports/period-reports.ts';
import { settingsLine } from './support/pg-settings.ts';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench1m';
const database = await openPostgres(url);
const db = database.db;
console.log(await settingsLine((text, params) => database.query(text, params)));
const [conference] = await database.query<{ id: number; schools: number[] }>(
  `select c.id::int as id, array_agg(sc.id::int) as schools from conferences c join schools sc on sc.conference_id = c.id
   group by c.id order by count(*) desc limit 1`,
);
const now = new Date();
const day = (d: Date) => d.toISOString().slice(0, 10);
const quarterStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (now.getUTCMonth() % 3), 1));
const periods = {
  'this quarter': { from: day(quarterStart), to: day(new Date(Date.UTC(quarterStart.getUTCFullYear(), quarterStart.getUTCMonth() + 3, 0))) },
  '12 months': {
    from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1))),
    to: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))),
  },
};
const scopes: Record<string, Scope> = {
  global: { userId: 1, all: true, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [] },
  conference: { userId: 1, all: false, adminSchoolIds: conference!.schools, conferenceIds: [conference!.id], memberSchoolIds: conference!.schools },
};
// BENCH_FILTERS=1: each filter a report takes too, with a value of the largest conference (its
// busiest school, instructor, course and lesson), as a coordinator narrows a report down.
const [busiest] = await database.query<{ school: number; instructor: number; series: number; episode: number }>(
  `select e.school_id::int as school, (select e2.instructor_id::int from enrollments e2 where e2.school_id = e.school_id
      and e2.instructor_id is not null group by 1 order by count(*) desc limit 1) as instructor,
    (select e3.series_id::int from enrollments e3 group by 1 order by count(*) desc limit 1) as series,
    (select ep.id::int from episodes ep where ep.series_id = (select e4.series_id from enrollments e4 group by 1 order by count(*) desc limit 1)
      order by ep.position limit 1) as episode
   from enrollments e where e.school_id = any($1::bigint[]) group by e.school_id order by count(*) desc limit 1`,
  [conference!.schools],
);
const filterValues: Record<string, number | string> = {
  conference_id: conference!.id,
  school_id: busiest!.school,
  instructor_id: busiest!.instructor,
  series_id: busiest!.series,
  episode_id: busiest!.episode,
  delivery_type: 'PO',
};
const filtered = process.env.BENCH_FILTERS === '1';
const only = process.env.BENCH_ONLY ?? '';
for (const [kind, report] of Object.entries(periodReports)) {
  const filters = [['', {}] as [string, object], ...(filtered ? Object.keys(report.filters).map((key) => [` ${key}`, { [key]: filterValues[key] }] as [string, object]) : [])];
  for (const group of Object.keys(report.groups)) {
    for (const [periodName, period] of Object.entries(periods)) {
      for (const [scopeName, scope] of Object.entries(scopes)) {
        for (const [filterName, filter] of filters) {
          const name = `${kind} by ${group}, ${periodName}, ${scopeName}${filterName}`;
          if (!name.includes(only)) continue;
          const times: number[] = [];
          for (let i = 0; i < 4; i += 1) {
            const at = performance.now();
            await periodReport(db, report, 'Row', scope, { group, ...period, ...filter });
            if (i > 0) times.push(performance.now() - at);
          }
          times.sort((a, b) => a - b);
          console.log(`${name.padEnd(70)} ${times[1]!.toFixed(0).padStart(6)} ms`);
        }
      }
    }
  }
}
await db.execute(sql`select 1`);
await database.close();
