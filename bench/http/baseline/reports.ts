// The follow-up roll-up (apps/server/src/modules/reports/followup-report.ts) as plain SQL.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { needsFollowup, Params, type Pool, query, scopeOf, today, visibleStudent } from './sql.ts';

const levels = {
  conference: { label: 'Conference', id: 'c.id', name: 'c.name', join: 'join conferences c on c.id = sc.conference_id' },
  school: { label: 'School', id: 'sc.id', name: `sc.church_name || ' (' || sc.school_code || ')'`, join: '' },
  instructor: {
    label: 'Instructor',
    id: 's.instructor_id',
    name: `coalesce(u.first_name || ' ' || u.last_name, 'No instructor')`,
    join: 'left join users u on u.id = s.instructor_id',
  },
} as const;

type Row = { id: number | null; name: string; needing_followup: number; oldest_days: number };

async function followup(pool: Pool, request: FastifyRequest) {
  const q = request.query as Record<string, string | undefined>;
  const level = levels[(q.group ?? 'conference') as keyof typeof levels];
  const scope = scopeOf(request);
  const p = new Params();
  if (scope.all && q.group !== 'instructor') {
    const where = q.conference_id ? `sc.conference_id = ${p.add(Number(q.conference_id))}` : 'true';
    // The enrollments kept by follow-up and reminder day (migration 0026), as the app reads them
    // (FOLLOWUP_DAYS at its default of 30).
    const day = p.add(today());
    const rows = await query<Row>(
      pool,
      `select * from (select ${level.id}::int as id, ${level.name} as name, sum(x.n)::int as needing_followup,
         max(x.oldest)::int as oldest_days
       from (select fc.school_id, sum(fc.enrollments)::int as n, max(${day}::date - fc.followup_date)::int as oldest
             from followup_counts fc
             where fc.enrollments <> 0 and (fc.followup_date < ${day}::date - ${p.add(30)}::int or fc.reminder_date <= ${day}::date)
             group by fc.school_id) x
         join schools sc on sc.id = x.school_id ${level.join}
       where ${where} group by 1, 2) r order by -r.oldest_days, r.name, coalesce(r.id, 0)`,
      p,
    );
    return answer(level.label, rows);
  }
  const filters = [needsFollowup(p), visibleStudent(scope, p)];
  if (q.conference_id) filters.push(`sc.conference_id = ${p.add(Number(q.conference_id))}`);
  if (q.school_id) filters.push(`e.school_id = ${p.add(Number(q.school_id))}`);
  const rows = await query<Row>(
    pool,
    `select * from (select ${level.id}::int as id, ${level.name} as name, count(*)::int as needing_followup,
       max(${p.add(today())}::date - coalesce(e.cached_latest_followup_date, e.started_on))::int as oldest_days
     from enrollments e join students s on s.id = e.student_id join schools sc on sc.id = e.school_id ${level.join}
     where ${filters.join(' and ')}
     group by 1, 2) r order by -r.oldest_days, r.name, coalesce(r.id, 0)`,
    p,
  );
  return answer(level.label, rows);
}

function answer(label: string, rows: Row[]) {
  return {
    columns: [
      { key: 'name', label, kind: 'text' },
      { key: 'needing_followup', label: 'Needing follow-up', kind: 'number' },
      { key: 'oldest_days', label: 'Oldest waiting (days)', kind: 'days' },
    ],
    rows,
    totals: {
      name: 'Total',
      needing_followup: rows.reduce((sum, row) => sum + row.needing_followup, 0),
      oldest_days: rows.length > 0 ? Math.max(...rows.map((row) => row.oldest_days)) : null,
    },
  };
}

export function reportRoutes(app: FastifyInstance, pool: Pool) {
  app.get('/api/reports/followup', (request) => followup(pool, request));
}
