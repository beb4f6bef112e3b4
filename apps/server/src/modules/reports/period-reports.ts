import { deliveryTypeLabels } from '@srs/shared/enrollments';
import type { PeriodReportKind } from '@srs/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import { and } from '../../core/lists.ts';
import {
  countWithin,
  type Grouping,
  type Period,
  type PeriodReport,
  placeFilters,
  placeGroups,
  sharedJoins,
  studentCount,
  within,
} from './period-report.ts';

/** A series as a row: its name, the courses and seminars ordered by name. */
const bySeries: Grouping = { key: sql`se.id::text`, name: sql`se.name`, sort: [sql`se.name`], needs: ['se'] };

/** A lesson or presentation as a row: 'Discover Bible Guides – 3. The Bible', in the series' order. */
const byEpisode: Grouping = {
  key: sql`coalesce(ep.id::text, '')`,
  name: sql`coalesce(se.name || ' – ' || ep.position || '. ' || ep.name, 'A visit')`,
  sort: [sql`ep.id is null`, sql`se.name`, sql`ep.position`],
  needs: ['ep', 'se'],
};

/** A delivery type as a row, by its name ('Post Office'), in the order PO, PD, IH, none. */
const byDeliveryType = (column: string): Grouping => {
  const type = sql.raw(column);
  const names = Object.entries(deliveryTypeLabels).map(([code, label]) => `when '${code}' then '${label}'`);
  return {
    key: sql`coalesce(${type}, '')`,
    name: sql.raw(`case ${column} ${names.join(' ')} else 'Not given' end`),
    sort: [sql.raw(`array_position(array['PO', 'PD', 'IH']::text[], ${column}) is null`), sql.raw(`array_position(array['PO', 'PD', 'IH']::text[], ${column})`)],
  };
};

/**
 * Lessons sent and returned: the rows of episode_deliveries `d`, their lesson `ep` and its
 * course; the enrollment only when a place or the scope asks for it.
 */
const deliveries = sql`episode_deliveries d`;
const deliveryJoins: PeriodReport['joins'] = {
  e: sql`join enrollments e on e.id = d.enrollment_id`,
  ep: sql`join episodes ep on ep.id = d.episode_id`,
  se: sql`join series se on se.id = ep.series_id`,
};
const deliveryFilters: PeriodReport['filters'] = {
  ...placeFilters,
  series_id: { where: (id) => sql`ep.series_id = ${id}`, needs: ['ep'] },
  episode_id: { where: (id) => sql`d.episode_id = ${id}` },
  delivery_type: { where: (type) => sql`d.delivery_type = ${type}` },
};
const deliveryGroups: Record<string, Grouping> = {
  course: { ...bySeries, needs: ['ep', 'se'] },
  lesson: byEpisode,
  delivery_type: byDeliveryType('d.delivery_type'),
  ...placeGroups,
};

/** The kept counts' scope: the schools the user sees, as a list of ids. */
const schoolsIn = (column: SQL) => (schools: readonly number[] | 'all') =>
  schools === 'all' ? sql`true` : sql`${column} = any(${sql.param([...schools])}::bigint[])`;

/**
 * Lessons from the counts kept per month, school, lesson and delivery type (lesson_months `lm`):
 * the same rows and figures as from the lessons, for whole months, by course, lesson, delivery
 * type or school, for a user who sees whole schools.
 */
const lessonMonths: PeriodReport = {
  from: sql`lesson_months lm join episodes ep on ep.id = lm.episode_id`,
  joins: { ep: sql``, sc: sql`join schools sc on sc.id = lm.school_id`, se: sql`join series se on se.id = ep.series_id` },
  joinNeeds: {},
  scopeOf: schoolsIn(sql`lm.school_id`),
  where: sql`(lm.sent <> 0 or lm.completed <> 0)`,
  period: (period) => within(sql`lm.month`, period),
  filters: {
    conference_id: { where: (id) => sql`sc.conference_id = ${id}`, needs: ['sc'] },
    school_id: { where: (id) => sql`lm.school_id = ${id}` },
    series_id: { where: (id) => sql`ep.series_id = ${id}` },
    episode_id: { where: (id) => sql`lm.episode_id = ${id}` },
    delivery_type: { where: (type) => sql`lm.delivery_type = ${type}` },
  },
  groups: {
    course: { ...bySeries, needs: ['se'] },
    lesson: byEpisode,
    delivery_type: byDeliveryType('lm.delivery_type'),
    school: placeGroups.school,
  },
  measures: [
    { key: 'sent', label: 'Sent', kind: 'number', value: () => sql`coalesce(sum(lm.sent), 0)::int` },
    { key: 'completed', label: 'Completed', kind: 'number', value: () => sql`coalesce(sum(lm.completed), 0)::int` },
  ],
};

/**
 * The whole network's lessons from the counts kept per month, lesson and delivery type
 * (lesson_network_months `ln`, migration 0025), for a user who sees every school.
 */
const lessonNetworkMonths: PeriodReport = {
  from: sql`lesson_network_months ln join episodes ep on ep.id = ln.episode_id`,
  joins: { ep: sql``, se: sql`join series se on se.id = ep.series_id` },
  joinNeeds: {},
  scopeOf: () => sql`true`,
  where: sql`(ln.sent <> 0 or ln.completed <> 0)`,
  period: (period) => within(sql`ln.month`, period),
  filters: {
    series_id: { where: (id) => sql`ep.series_id = ${id}` },
    episode_id: { where: (id) => sql`ln.episode_id = ${id}` },
    delivery_type: { where: (type) => sql`ln.delivery_type = ${type}` },
  },
  groups: { course: { ...bySeries, needs: ['se'] }, lesson: byEpisode, delivery_type: byDeliveryType('ln.delivery_type') },
  measures: [
    { key: 'sent', label: 'Sent', kind: 'number', value: () => sql`coalesce(sum(ln.sent), 0)::int` },
    { key: 'completed', label: 'Completed', kind: 'number', value: () => sql`coalesce(sum(ln.completed), 0)::int` },
  ],
};

/** The instructor as a row, from counts kept by instructor (`x.instructor_id`, 0 for none). */
const keptInstructor = (column: SQL): Pick<PeriodReport, 'joins'> & { group: Grouping } => ({
  joins: { u: sql`left join users u on u.id = nullif(${column}, 0)` },
  group: { ...placeGroups.instructor, needs: ['u'] },
});

/**
 * Lessons from the counts kept per month, school, the student's instructor, course and delivery
 * type (lesson_instructor_months `lim`, migration 0024): the network's lessons by instructor, or
 * of one instructor, from some 40,000 counts a month rather than the lessons and their students.
 */
const lessonInstructorMonths: PeriodReport = {
  from: sql`lesson_instructor_months lim`,
  joins: {
    sc: sql`join schools sc on sc.id = lim.school_id`,
    ...keptInstructor(sql`lim.instructor_id`).joins,
    se: sql`join series se on se.id = lim.series_id`,
  },
  joinNeeds: {},
  scopeOf: schoolsIn(sql`lim.school_id`),
  where: sql`(lim.sent <> 0 or lim.completed <> 0)`,
  period: (period) => within(sql`lim.month`, period),
  filters: {
    conference_id: { where: (id) => sql`sc.conference_id = ${id}`, needs: ['sc'] },
    school_id: { where: (id) => sql`lim.school_id = ${id}` },
    instructor_id: { where: (id) => sql`lim.instructor_id = ${id}` },
    series_id: { where: (id) => sql`lim.series_id = ${id}` },
    delivery_type: { where: (type) => sql`lim.delivery_type = ${type}` },
  },
  groups: {
    instructor: keptInstructor(sql`lim.instructor_id`).group,
    course: { ...bySeries, needs: ['se'] },
    delivery_type: byDeliveryType('lim.delivery_type'),
    school: placeGroups.school,
  },
  measures: [
    { key: 'sent', label: 'Sent', kind: 'number', value: () => sql`coalesce(sum(lim.sent), 0)::int` },
    { key: 'completed', label: 'Completed', kind: 'number', value: () => sql`coalesce(sum(lim.completed), 0)::int` },
  ],
};

/** Days from sent to returned, for a lesson returned no earlier than it went out. */
const turnaroundDays = sql`(d.date_completed - d.date_sent)`;

/**
 * How many lessons came back, and the median and 90th percentile of their days out: from the
 * lessons (`count`, `percentile` over them) or from kept counts.
 */
const turnaroundMeasures = (returned: SQL, percentile: (share: number) => SQL): PeriodReport['measures'] => [
  { key: 'returned', label: 'Lessons returned', kind: 'number', value: () => returned },
  { key: 'median_days', label: 'Median (days)', kind: 'days', value: () => sql`round((${percentile(0.5)})::numeric, 1)` },
  { key: 'p90_days', label: '90th percentile (days)', kind: 'days', value: () => sql`round((${percentile(0.9)})::numeric, 1)` },
];

/**
 * Lessons returned from the counts kept per month, school, course, delivery type and days out
 * (lesson_turnarounds `lt`); the medians are those of the lessons themselves, each count weighing
 * its days (srs_weighted_percentile, migration 0010).
 */
const lessonTurnarounds: PeriodReport = {
  // The period's months added up first, by school, course, delivery type and days out: the medians
  // then read a third as many counts (the network's turnaround by school, 1M seed: p95 346 -> 220 ms;
  // the same for the lessons was slower, their months being fewer alike).
  from: (period) => sql`(select lt.school_id, lt.series_id, lt.delivery_type, lt.days, sum(lt.lessons)::int as lessons
      from lesson_turnarounds lt where ${within(sql`lt.month`, period) ?? sql`true`}
      group by lt.school_id, lt.series_id, lt.delivery_type, lt.days) lt`,
  joins: { sc: sql`join schools sc on sc.id = lt.school_id`, se: sql`join series se on se.id = lt.series_id` },
  joinNeeds: {},
  scopeOf: schoolsIn(sql`lt.school_id`),
  where: sql`lt.lessons > 0`,
  period: () => null,
  filters: {
    conference_id: { where: (id) => sql`sc.conference_id = ${id}`, needs: ['sc'] },
    school_id: { where: (id) => sql`lt.school_id = ${id}` },
    series_id: { where: (id) => sql`lt.series_id = ${id}` },
    delivery_type: { where: (type) => sql`lt.delivery_type = ${type}` },
  },
  groups: { delivery_type: byDeliveryType('lt.delivery_type'), course: bySeries, school: placeGroups.school },
  measures: turnaroundMeasures(
    sql`coalesce(sum(lt.lessons), 0)::int`,
    (share) => sql`srs_weighted_percentile(${sql.raw(String(share))}, array_agg(array[lt.days, lt.lessons] order by lt.days))`,
  ),
};

/**
 * Lessons returned from the counts kept per month, school, the student's instructor and days out
 * (lesson_instructor_turnarounds `lit`, migration 0024), added up over the period's months first.
 */
const lessonInstructorTurnarounds: PeriodReport = {
  from: (period) => sql`(select lit.school_id, lit.instructor_id, lit.days, sum(lit.lessons)::int as lessons
      from lesson_instructor_turnarounds lit where ${within(sql`lit.month`, period) ?? sql`true`}
      group by lit.school_id, lit.instructor_id, lit.days) lit`,
  joins: { sc: sql`join schools sc on sc.id = lit.school_id`, ...keptInstructor(sql`lit.instructor_id`).joins },
  joinNeeds: {},
  scopeOf: schoolsIn(sql`lit.school_id`),
  where: sql`lit.lessons > 0`,
  period: () => null,
  filters: {
    conference_id: { where: (id) => sql`sc.conference_id = ${id}`, needs: ['sc'] },
    school_id: { where: (id) => sql`lit.school_id = ${id}` },
    instructor_id: { where: (id) => sql`lit.instructor_id = ${id}` },
  },
  groups: { instructor: keptInstructor(sql`lit.instructor_id`).group, school: placeGroups.school },
  measures: turnaroundMeasures(
    sql`coalesce(sum(lit.lessons), 0)::int`,
    (share) => sql`srs_weighted_percentile(${sql.raw(String(share))}, array_agg(array[lit.days, lit.lessons] order by lit.days))`,
  ),
};

/**
 * The whole network's lessons returned from the counts kept per month, lesson, delivery type and
 * days out (lesson_network_turnarounds `lnt`, migration 0025), added up over the period's months
 * first: a global admin's turnaround by lesson over twelve months read a million lessons (5.5 s).
 */
const lessonNetworkTurnarounds: PeriodReport = {
  from: (period) => sql`(select lnt.episode_id, lnt.delivery_type, lnt.days, sum(lnt.lessons)::int as lessons
      from lesson_network_turnarounds lnt where ${within(sql`lnt.month`, period) ?? sql`true`}
      group by lnt.episode_id, lnt.delivery_type, lnt.days) lnt join episodes ep on ep.id = lnt.episode_id`,
  joins: { ep: sql``, se: sql`join series se on se.id = ep.series_id` },
  joinNeeds: {},
  scopeOf: () => sql`true`,
  where: sql`lnt.lessons > 0`,
  period: () => null,
  filters: {
    series_id: { where: (id) => sql`ep.series_id = ${id}` },
    episode_id: { where: (id) => sql`lnt.episode_id = ${id}` },
    delivery_type: { where: (type) => sql`lnt.delivery_type = ${type}` },
  },
  groups: { delivery_type: byDeliveryType('lnt.delivery_type'), course: { ...bySeries, needs: ['se'] }, lesson: byEpisode },
  measures: turnaroundMeasures(
    sql`coalesce(sum(lnt.lessons), 0)::int`,
    (share) => sql`srs_weighted_percentile(${sql.raw(String(share))}, array_agg(array[lnt.days, lnt.lessons] order by lnt.days))`,
  ),
};

/** A decision's lesson or presentation (none for a decision made at a visit). */
const decisionLesson = sql`left join episode_deliveries dd on dd.id = dc.episode_delivery_id
  left join attendances aa on aa.id = dc.attendance_id
  left join episodes ep on ep.id = coalesce(dd.episode_id, aa.episode_id)`;

/**
 * The decisions recorded within the period, by the day in the server's zone (the demo and a real
 * user record a decision the day it was made): from midnight of the first day to midnight after
 * the last, so that the index of the moments finds them.
 */
const decidedWithin = (period: Period) => {
  const parts = [
    period.from ? sql`dc.created_at >= ${period.from}::date` : null,
    period.to ? sql`dc.created_at < ${period.to}::date + 1` : null,
  ];
  return parts.some(Boolean) ? and(parts) : null;
};
/** The day of a presentation: its date, or the day the attendance was recorded when it has none. */
const presentationDay = sql`coalesce(ep.date, a.created_at::date)`;

const statusOrder = ['Applied', 'Enrolled', 'Attended', 'Graduated', 'Inactive'];

/** Each report's records, joins, groupings and figures (the shared definitions name them). */
export const periodReports: Record<PeriodReportKind, PeriodReport> = {
  lessons: {
    from: deliveries,
    joins: deliveryJoins,
    period: (period) => {
      const sent = within(sql`d.date_sent`, period);
      const completed = within(sql`d.date_completed`, period);
      return sent && completed ? sql`(${sent} or ${completed})` : null;
    },
    filters: deliveryFilters,
    groups: deliveryGroups,
    measures: [
      { key: 'sent', label: 'Sent', kind: 'number', value: (period) => countWithin(sql`d.date_sent`, period) },
      { key: 'completed', label: 'Completed', kind: 'number', value: (period) => countWithin(sql`d.date_completed`, period) },
    ],
    counted: [
      {
        report: lessonNetworkMonths,
        groups: ['course', 'lesson', 'delivery_type'],
        filters: ['series_id', 'episode_id', 'delivery_type'],
        network: true,
      },
      {
        report: lessonMonths,
        groups: ['course', 'lesson', 'delivery_type', 'school'],
        filters: ['conference_id', 'school_id', 'series_id', 'episode_id', 'delivery_type'],
      },
      {
        report: lessonInstructorMonths,
        groups: ['instructor', 'course', 'delivery_type', 'school'],
        filters: ['conference_id', 'school_id', 'instructor_id', 'series_id', 'delivery_type'],
      },
    ],
  },
  turnaround: {
    from: deliveries,
    joins: deliveryJoins,
    where: sql`d.date_sent is not null and d.date_completed >= d.date_sent`,
    period: (period) => within(sql`d.date_completed`, period),
    filters: deliveryFilters,
    groups: deliveryGroups,
    measures: turnaroundMeasures(sql`count(*)::int`, (share) => sql`percentile_cont(${sql.raw(String(share))}) within group (order by ${turnaroundDays})`),
    counted: [
      {
        report: lessonNetworkTurnarounds,
        groups: ['delivery_type', 'course', 'lesson'],
        filters: ['series_id', 'episode_id', 'delivery_type'],
        network: true,
      },
      { report: lessonTurnarounds, groups: ['delivery_type', 'course', 'school'], filters: ['conference_id', 'school_id', 'series_id', 'delivery_type'] },
      { report: lessonInstructorTurnarounds, groups: ['instructor', 'school'], filters: ['conference_id', 'school_id', 'instructor_id'] },
    ],
  },
  decisions: {
    from: sql`decisions dc join decision_options o on o.id = dc.decision_option_id`,
    // The decision carries its enrollment's school and instructor (migration 0027): the enrollment
    // is read only for a user's scope.
    joins: {
      e: sql`join enrollments e on e.id = dc.cached_enrollment_id`,
      ep: decisionLesson,
      sc: sql`join schools sc on sc.id = dc.cached_school_id`,
      u: sql`left join users u on u.id = dc.cached_instructor_id`,
      se: sql`join series se on se.id = o.series_id`,
    },
    joinNeeds: { s: ['e'] },
    period: decidedWithin,
    filters: {
      ...placeFilters,
      school_id: { where: (id) => sql`dc.cached_school_id = ${id}` },
      instructor_id: { where: (id) => sql`dc.cached_instructor_id = ${id}` },
      series_id: { where: (id) => sql`o.series_id = ${id}` },
      episode_id: { where: (id) => sql`ep.id = ${id}`, needs: ['ep'] },
    },
    groups: {
      // One row per decision as worded, across series: 'Be baptized' in every course is one row.
      option: { key: sql`o.name`, name: sql`o.name`, sort: [sql`o.name`] },
      series: bySeries,
      lesson: byEpisode,
      ...placeGroups,
    },
    measures: [
      { key: 'decisions', label: 'Decisions', kind: 'number', value: () => sql`count(*)::int` },
      // The decision's own student (migration 0011): no enrollment is read for the count.
      { key: 'students', label: 'Students', kind: 'number', value: () => sql`count(distinct dc.cached_student_id)::int` },
    ],
  },
  enrollments: {
    from: sql`enrollments e`,
    joins: {},
    period: (period) => within(sql`e.started_on`, period),
    filters: placeFilters,
    groups: {
      series: bySeries,
      status: {
        key: sql`e.status`,
        name: sql`e.status`,
        sort: [sql.raw(`array_position(array[${statusOrder.map((s) => `'${s}'`).join(', ')}]::text[], e.status)`)],
      },
      month: {
        key: sql`to_char(e.started_on, 'YYYY-MM')`,
        name: sql`to_char(e.started_on, 'FMMonth YYYY')`,
        sort: [sql`to_char(e.started_on, 'YYYY-MM')`],
      },
      ...placeGroups,
    },
    measures: [
      { key: 'enrollments', label: 'Enrollments', kind: 'number', value: () => sql`count(*)::int` },
      {
        key: 'active',
        label: 'Active',
        kind: 'number',
        value: () => sql`count(*) filter (where e.status in ('Applied', 'Enrolled', 'Attended'))::int`,
      },
      { key: 'graduated', label: 'Graduated', kind: 'number', value: () => sql`count(*) filter (where e.status = 'Graduated')::int` },
      { key: 'inactive', label: 'Inactive', kind: 'number', value: () => sql`count(*) filter (where e.status = 'Inactive')::int` },
      {
        key: 'graduation_rate',
        label: 'Graduation rate (%)',
        kind: 'percent',
        value: () => sql`round(100.0 * count(*) filter (where e.status = 'Graduated') / nullif(count(*), 0), 1)`,
      },
    ],
  },
  products: {
    from: sql`product_deliveries pd join product_offers po on po.id = pd.product_offer_id
      join enrollments e on e.id = pd.enrollment_id`,
    joins: {},
    period: (period) => within(sql`pd.delivered_at`, period),
    filters: { ...placeFilters, delivery_type: { where: (type) => sql`pd.delivery_type = ${type}` } },
    groups: {
      product: { key: sql`po.id::text`, name: sql`po.name`, sort: [sql`po.name`] },
      series: bySeries,
      delivery_type: byDeliveryType('pd.delivery_type'),
      ...placeGroups,
    },
    measures: [
      { key: 'deliveries', label: 'Deliveries', kind: 'number', value: () => sql`count(*)::int` },
      { key: 'quantity', label: 'Quantity', kind: 'number', value: () => sql`sum(pd.quantity)::int` },
      { key: 'amount', label: 'Amount ($)', kind: 'money', value: () => sql`sum(pd.quantity * pd.price)::numeric(12, 2)` },
    ],
  },
  attendance: {
    from: sql`attendances a join episodes ep on ep.id = a.episode_id join enrollments e on e.id = a.enrollment_id`,
    // The presentation is in the records themselves.
    joins: { ep: sql``, se: sharedJoins.se },
    period: (period) => within(presentationDay, period),
    filters: { ...placeFilters, episode_id: { where: (id) => sql`a.episode_id = ${id}` } },
    groups: {
      presentation: {
        key: sql`ep.id::text`,
        name: sql`se.name || ' – ' || ep.position || '. ' || ep.name`,
        sort: [sql`se.name`, sql`ep.position`],
        needs: ['se'],
      },
      seminar: bySeries,
      ...placeGroups,
    },
    measures: [
      { key: 'attendances', label: 'Attendances', kind: 'number', value: () => sql`count(*)::int` },
      { key: 'students', label: 'Students', kind: 'number', ...studentCount },
    ],
  },
};
