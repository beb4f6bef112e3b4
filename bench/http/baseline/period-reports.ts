// The reports over a period (apps/server/src/modules/reports/period-reports.ts) as plain SQL, for
// the groupings the bench measures: each report's first, and Lessons and Lesson turnaround by
// school and by instructor. Lessons and turnaround read the counts kept by month when the user sees whole schools,
// as the app does.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BaselineScope } from '../tokens.ts';
import { Params, type Pool, query, scopeOf } from './sql.ts';

type Column = { key: string; label: string; kind: string };
type Shape = {
  from: string;
  where: string[];
  key: string;
  name: string;
  sort: string[];
  label: string;
  measures: [string, string, string, string][];
};

const deliveryType = (column: string) => ({
  key: `coalesce(${column}, '')`,
  name: `case ${column} when 'PO' then 'Post Office' when 'PD' then 'Personal Delivery' when 'IH' then 'In-home' else 'Not given' end`,
  sort: [`array_position(array['PO', 'PD', 'IH']::text[], ${column}) is null`, `array_position(array['PO', 'PD', 'IH']::text[], ${column})`],
});
const school = { key: 'sc.id::text', name: `sc.church_name || ' (' || sc.school_code || ')'`, sort: ['sc.church_name', 'sc.school_code'] };

/** The app's visibleEnrollment (core/scope.ts) as text. */
function visibleEnrollment(scope: BaselineScope, p: Params): string | null {
  if (scope.all) return null;
  const own = `e.student_id = any(array(select vs.id from students vs where vs.instructor_id = ${p.add(scope.userId)}
    union all select ss.student_id from student_shares ss where ss.user_id = ${p.add(scope.userId)}))`;
  if (scope.adminSchoolIds.length === 0) return own;
  return `(e.school_id in ${p.list(scope.adminSchoolIds)} or ${own})`;
}

/** The schools a user sees whole (the app's schoolsSeen): all, an admin's, or null. */
async function schoolsSeen(pool: Pool, scope: BaselineScope): Promise<number[] | 'all' | null> {
  if (scope.all) return 'all';
  if (scope.adminSchoolIds.length === 0) return null;
  const [row] = await query<{ found: boolean }>(
    pool,
    `select exists (select 1 from students s where s.instructor_id = $1 and not s.school_id = any($2::bigint[]))
      or exists (select 1 from student_shares ss join students s on s.id = ss.student_id
        where ss.user_id = $1 and not s.school_id = any($2::bigint[])) as found`,
    [scope.userId, scope.adminSchoolIds],
  );
  return row?.found ? null : scope.adminSchoolIds;
}

const within = (column: string, p: Params, from?: string, to?: string) => [
  ...(from ? [`${column} >= ${p.add(from)}::date`] : []),
  ...(to ? [`${column} <= ${p.add(to)}::date`] : []),
];

/** The figures of the lessons kept by month (`lm`), and of the lessons returned (`lt`). */
const lessonFigures: Shape['measures'] = [
  ['sent', 'Sent', 'number', 'coalesce(sum(lm.sent), 0)::int'],
  ['completed', 'Completed', 'number', 'coalesce(sum(lm.completed), 0)::int'],
];
const percentile = (share: number) =>
  `round((srs_weighted_percentile(${share}, array_agg(array[lt.days, lt.lessons] order by lt.days)))::numeric, 1)`;
const turnaroundFigures: Shape['measures'] = [
  ['returned', 'Lessons returned', 'number', 'coalesce(sum(lt.lessons), 0)::int'],
  ['median_days', 'Median (days)', 'days', percentile(0.5)],
  ['p90_days', '90th percentile (days)', 'days', percentile(0.9)],
];

const instructor = {
  key: `coalesce(u.id::text, '')`,
  name: `coalesce(u.first_name || ' ' || u.last_name, 'No instructor')`,
  sort: ['u.id is null', 'u.last_name', 'u.first_name'],
  label: 'Instructor',
};

/** Lessons and turnaround by instructor, from the counts kept by instructor (migration 0024). */
function byInstructor(kind: string, q: Record<string, string>, p: Params, inSchools: string[]): Shape {
  if (kind === 'lessons') {
    return {
      from: 'lesson_instructor_months lm left join users u on u.id = nullif(lm.instructor_id, 0)',
      where: ['(lm.sent <> 0 or lm.completed <> 0)', ...within('lm.month', p, q.from, q.to), ...inSchools],
      ...instructor,
      measures: lessonFigures,
    };
  }
  return {
    from: `(select lt.school_id, lt.instructor_id, lt.days, sum(lt.lessons)::int as lessons
        from lesson_instructor_turnarounds lt where ${within('lt.month', p, q.from, q.to).join(' and ') || 'true'}
        group by lt.school_id, lt.instructor_id, lt.days) lt left join users u on u.id = nullif(lt.instructor_id, 0)`,
    where: ['lt.lessons > 0', ...inSchools],
    ...instructor,
    measures: turnaroundFigures,
  };
}

async function shapeOf(pool: Pool, kind: string, group: string, scope: BaselineScope, q: Record<string, string>, p: Params): Promise<Shape> {
  if (kind === 'lessons' || kind === 'turnaround') {
    const schools = await schoolsSeen(pool, scope);
    if (schools === null) throw new Error('the baseline measures the kept counts only');
    const alias = kind === 'lessons' ? 'lm' : 'lt';
    const inSchools = schools === 'all' ? [] : [`${alias}.school_id = any(${p.add(schools)}::bigint[])`];
    if (group === 'instructor') return byInstructor(kind, q, p, inSchools);
    if (kind === 'lessons') {
      const by = group === 'school' ? school : { key: 'se.id::text', name: 'se.name', sort: ['se.name'] };
      return {
        from: `lesson_months lm join episodes ep on ep.id = lm.episode_id ${group === 'school' ? 'join schools sc on sc.id = lm.school_id' : 'join series se on se.id = ep.series_id'}`,
        where: ['(lm.sent <> 0 or lm.completed <> 0)', ...within('lm.month', p, q.from, q.to), ...inSchools],
        ...by,
        label: group === 'school' ? 'School' : 'Course',
        measures: lessonFigures,
      };
    }
    return {
      from: `(select lt.school_id, lt.series_id, lt.delivery_type, lt.days, sum(lt.lessons)::int as lessons
          from lesson_turnarounds lt where ${within('lt.month', p, q.from, q.to).join(' and ') || 'true'}
          group by lt.school_id, lt.series_id, lt.delivery_type, lt.days) lt
        ${group === 'school' ? 'join schools sc on sc.id = lt.school_id' : ''}`,
      where: ['lt.lessons > 0', ...inSchools],
      ...(group === 'school' ? school : deliveryType('lt.delivery_type')),
      label: group === 'school' ? 'School' : 'Delivery type',
      measures: turnaroundFigures,
    };
  }
  const visible = visibleEnrollment(scope, p);
  const scoped = visible ? [visible] : [];
  if (kind === 'decisions') {
    return {
      from: `decisions dc join decision_options o on o.id = dc.decision_option_id${visible ? ' join enrollments e on e.id = dc.cached_enrollment_id' : ''}`,
      where: [
        ...(q.from ? [`dc.created_at >= ${p.add(q.from)}::date`] : []),
        ...(q.to ? [`dc.created_at < ${p.add(q.to)}::date + 1`] : []),
        ...scoped,
      ],
      key: 'o.name',
      name: 'o.name',
      sort: ['o.name'],
      label: 'Decision',
      measures: [
        ['decisions', 'Decisions', 'number', 'count(*)::int'],
        ['students', 'Students', 'number', 'count(distinct dc.cached_student_id)::int'],
      ],
    };
  }
  if (kind === 'enrollments') {
    const graduated = `count(*) filter (where e.status = 'Graduated')`;
    return {
      from: 'enrollments e join series se on se.id = e.series_id',
      where: [...within('e.started_on', p, q.from, q.to), ...scoped],
      key: 'se.id::text',
      name: 'se.name',
      sort: ['se.name'],
      label: 'Course or seminar',
      measures: [
        ['enrollments', 'Enrollments', 'number', 'count(*)::int'],
        ['active', 'Active', 'number', `count(*) filter (where e.status in ('Applied', 'Enrolled', 'Attended'))::int`],
        ['graduated', 'Graduated', 'number', `${graduated}::int`],
        ['inactive', 'Inactive', 'number', `count(*) filter (where e.status = 'Inactive')::int`],
        ['graduation_rate', 'Graduation rate (%)', 'percent', `round(100.0 * ${graduated} / nullif(count(*), 0), 1)`],
      ],
    };
  }
  if (kind === 'products') {
    return {
      from: 'product_deliveries pd join product_offers po on po.id = pd.product_offer_id join enrollments e on e.id = pd.enrollment_id',
      where: [...within('pd.delivered_at', p, q.from, q.to), ...scoped],
      key: 'po.id::text',
      name: 'po.name',
      sort: ['po.name'],
      label: 'Product',
      measures: [
        ['deliveries', 'Deliveries', 'number', 'count(*)::int'],
        ['quantity', 'Quantity', 'number', 'sum(pd.quantity)::int'],
        ['amount', 'Amount ($)', 'money', 'sum(pd.quantity * pd.price)::numeric(12, 2)'],
      ],
    };
  }
  return {
    from: 'attendances a join episodes ep on ep.id = a.episode_id join enrollments e on e.id = a.enrollment_id join series se on se.id = e.series_id',
    where: [...within('coalesce(ep.date, a.created_at::date)', p, q.from, q.to), ...scoped],
    key: 'ep.id::text',
    name: `se.name || ' – ' || ep.position || '. ' || ep.name`,
    sort: ['se.name', 'ep.position'],
    label: 'Presentation',
    measures: [
      ['attendances', 'Attendances', 'number', 'count(*)::int'],
      ['students', 'Students', 'number', 'count(distinct e.student_id)::int'],
    ],
  };
}

const firstGroups: Record<string, string> = {
  lessons: 'course',
  turnaround: 'delivery_type',
  decisions: 'option',
  enrollments: 'series',
  products: 'product',
  attendance: 'presentation',
};

async function periodReport(pool: Pool, request: FastifyRequest, kind: string) {
  const q = request.query as Record<string, string>;
  const p = new Params();
  const shape = await shapeOf(pool, kind, q.group ?? firstGroups[kind]!, scopeOf(request), q, p);
  const figures = shape.measures.map(([key, , , value]) => `${value} as ${key}`).join(', ');
  const rows = await query<Record<string, unknown>>(
    pool,
    `select * from (select grouping(${shape.key}) = 1 as total, ${shape.key} as key, ${shape.name} as name, ${figures},
        row_number() over (order by grouping(${shape.key}), ${shape.sort.join(', ')}, ${shape.key}) as n
      from ${shape.from} where ${shape.where.length > 0 ? shape.where.join(' and ') : 'true'}
      group by grouping sets ((${[shape.key, shape.name, ...shape.sort].join(', ')}), ())) r order by r.n`,
    p,
  );
  const row = (found: Record<string, unknown>, name: string) =>
    Object.fromEntries([
      ['key', found.key ?? ''],
      ['name', name],
      ...shape.measures.map(([key]) => [key, found[key] === null ? null : Number(found[key])]),
    ]);
  const totals = rows.find((found) => found.total);
  const columns: Column[] = [
    { key: 'name', label: shape.label, kind: 'text' },
    ...shape.measures.map(([key, label, kind]) => ({ key, label, kind })),
  ];
  return {
    columns,
    rows: rows.filter((found) => !found.total).map((found) => row(found, String(found.name))),
    totals: totals ? row(totals, 'Total') : null,
  };
}

export function periodReportRoutes(app: FastifyInstance, pool: Pool) {
  for (const kind of Object.keys(firstGroups)) {
    app.get(`/api/reports/${kind}`, (request) => periodReport(pool, request, kind));
  }
}
