import type { PeriodReportKind } from '@srs/shared/reports';
import { sql } from 'drizzle-orm';
import { and } from '../../core/lists.ts';
import { enrollmentsReport } from './enrollment-report.ts';
import { keptDecisions } from './kept-decisions.ts';
import { keptLessons, keptTurnarounds } from './kept-reports.ts';
import {
  carriedPlace,
  countWithin,
  type Grouping,
  type Period,
  type PeriodReport,
  placeFilters,
  placeGroups,
  schoolsIn,
  within,
} from './period-report.ts';
import { byDeliveryType, byEpisode, byEpisodeOfSeries, bySeries, turnaroundMeasures } from './report-rows.ts';

/**
 * Lessons sent and returned: the rows of episode_deliveries `d`, their lesson `ep` and its
 * course, with the school and instructor each carries (migration 0041); the enrollment only when
 * the scope of a user who sees students one by one asks for it.
 */
const deliveries = sql`episode_deliveries d`;
const deliveryJoins: PeriodReport['joins'] = {
  e: sql`join enrollments e on e.id = d.enrollment_id`,
  ep: sql`join episodes ep on ep.id = d.episode_id`,
  sc: sql`join schools sc on sc.id = d.cached_school_id`,
  u: sql`left join users u on u.id = d.cached_instructor_id`,
  se: sql`join series se on se.id = ep.series_id`,
};
const deliveryPlace: Pick<PeriodReport, 'joins' | 'joinNeeds' | 'joinReads' | 'scopeOf'> = {
  joins: deliveryJoins,
  joinNeeds: { s: ['e'] },
  joinReads: { sc: 'd.cached_school_id', u: 'd.cached_instructor_id' },
  scopeOf: schoolsIn(sql`d.cached_school_id`),
};
// A school's or an instructor's filter finds their enrollments first, by the enrollments' indexes
// (the lesson's own columns are not indexed: a network's turnaround by course of one instructor read
// every lesson of the period, 172 -> 1,215 ms).
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

/** Days from sent to returned, for a lesson returned no earlier than it went out. */
const turnaroundDays = sql`(d.date_completed - d.date_sent)`;

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

/** The places the decisions, products and attendances carry (migrations 0027, 0031, 0033). */
const decisionPlace = carriedPlace({ school: 'dc.cached_school_id', instructor: 'dc.cached_instructor_id', series: 'o.series_id' });
const productPlace = carriedPlace({ school: 'pd.cached_school_id', instructor: 'pd.cached_instructor_id', series: 'pd.cached_series_id' });
const attendancePlace = carriedPlace({ school: 'a.cached_school_id', instructor: 'a.cached_instructor_id', series: 'a.cached_series_id' });

/** Each report's records, joins, groupings and figures (the shared definitions name them). */
export const periodReports: Record<PeriodReportKind, PeriodReport> = {
  lessons: {
    from: deliveries,
    ...deliveryPlace,
    period: (period) => {
      const sent = within(sql`d.date_sent`, period);
      const completed = within(sql`d.date_completed`, period);
      return sent && completed ? sql`(${sent} or ${completed})` : null;
    },
    filters: deliveryFilters,
    groups: deliveryGroups,
    measures: [
      { key: 'sent', label: 'Sent', kind: 'number', value: (period) => countWithin(sql`d.date_sent`, period), adds: 'count' },
      {
        key: 'completed',
        label: 'Completed',
        kind: 'number',
        value: (period) => countWithin(sql`d.date_completed`, period),
        adds: 'count',
      },
    ],
    counted: keptLessons,
  },
  turnaround: {
    from: deliveries,
    ...deliveryPlace,
    // The medians by the lessons' own instructor or school (migration 0041) first, named afterwards:
    // the network's turnaround by instructor of the busiest lesson sorted 119,362 lessons by their
    // instructor's name (278 -> 115 ms).
    namedAfter: true,
    where: sql`d.date_sent is not null and d.date_completed >= d.date_sent`,
    period: (period) => within(sql`d.date_completed`, period),
    filters: deliveryFilters,
    groups: deliveryGroups,
    measures: turnaroundMeasures(sql`count(*)::int`, (share) => sql`percentile_cont(${sql.raw(String(share))}) within group (order by ${turnaroundDays})`),
    counted: keptTurnarounds,
  },
  decisions: {
    from: sql`decisions dc join decision_options o on o.id = dc.decision_option_id`,
    // The decision carries its enrollment's student (migration 0011), school and instructor (0027)
    // and its lesson or presentation (0030; none for a visit): no enrollment is read.
    ...decisionPlace,
    joins: { ...decisionPlace.joins, ep: sql`left join episodes ep on ep.id = dc.cached_episode_id` },
    joinReads: { ...decisionPlace.joinReads, ep: 'dc.cached_episode_id' },
    namedAfter: true,
    place: { school: sql`dc.cached_school_id`, student: sql`dc.cached_student_id` },
    period: decidedWithin,
    filters: { ...decisionPlace.filters, episode_id: { where: (id) => sql`dc.cached_episode_id = ${id}` } },
    groups: {
      // One row per decision as worded, across series: 'Be baptized' in every course is one row.
      option: { key: sql`o.name`, name: sql`o.name`, sort: [sql`o.name`], reads: ['o.name'] },
      series: bySeries,
      // The decisions of visits (no lesson) are a row per course or seminar, two of one name apart:
      // so they are when grouped by the decision's lesson and series ids (namedAfter).
      lesson: byEpisodeOfSeries,
      ...placeGroups,
    },
    measures: [
      { key: 'decisions', label: 'Decisions', kind: 'number', value: () => sql`count(*)::int` },
      // The decision's own student (migration 0011): no enrollment is read for the count.
      {
        key: 'students',
        label: 'Students',
        kind: 'number',
        // Not counted over parts (`distinct`): the network's 530,000 decisions of twelve months make
        // 333,000 parts of a school or instructor and a student, and the count took 45% longer.
        value: () => sql`count(distinct dc.cached_student_id)::int`,
      },
    ],
    counted: keptDecisions,
  },
  enrollments: enrollmentsReport,
  products: {
    // A delivery carries its enrollment's school, instructor and series (migration 0031): the
    // enrollment is read only for the user's scope (the network's products by school over 12
    // months on the 1M seed: 190 -> 34 ms).
    from: sql`product_deliveries pd join product_offers po on po.id = pd.product_offer_id`,
    ...productPlace,
    joins: { ...productPlace.joins, e: sql`join enrollments e on e.id = pd.enrollment_id` },
    period: (period) => within(sql`pd.delivered_at`, period),
    filters: { ...productPlace.filters, delivery_type: { where: (type) => sql`pd.delivery_type = ${type}` } },
    groups: {
      product: { reads: ['po.id', 'po.name'], key: sql`po.id::text`, name: sql`po.name`, sort: [sql`po.name`] },
      series: bySeries,
      delivery_type: byDeliveryType('pd.delivery_type'),
      ...placeGroups,
    },
    measures: [
      { key: 'deliveries', label: 'Deliveries', kind: 'number', value: () => sql`count(*)::int`, adds: 'count' },
      { key: 'quantity', label: 'Quantity', kind: 'number', value: () => sql`sum(pd.quantity)::int`, adds: (sum) => sql`${sum('quantity')}::int` },
      {
        key: 'amount',
        label: 'Amount ($)',
        kind: 'money',
        value: () => sql`sum(pd.quantity * pd.price)::numeric(12, 2)`,
        adds: (sum) => sql`${sum('amount')}::numeric(12, 2)`,
      },
    ],
  },
  attendance: {
    // An attendance carries its enrollment's student, school, instructor and seminar (migration
    // 0033): no enrollment is read. The presentation is in the records.
    from: sql`attendances a join episodes ep on ep.id = a.episode_id`,
    ...attendancePlace,
    joins: { ...attendancePlace.joins, ep: sql`` },
    place: { school: sql`a.cached_school_id`, student: sql`a.cached_student_id` },
    period: (period) => within(presentationDay, period),
    filters: { ...attendancePlace.filters, episode_id: { where: (id) => sql`a.episode_id = ${id}` } },
    groups: {
      presentation: {
        // The presentation is in the records themselves (not a join's), under another alias than
        // the attendance's: never added up first.
        reads: ['ep.id', 'ep.position', 'ep.name'],
        key: sql`ep.id::text`,
        name: sql`se.name || ' – ' || ep.position || '. ' || ep.name`,
        sort: [sql`se.name`, sql`ep.position`],
        needs: ['se'],
      },
      seminar: bySeries,
      ...placeGroups,
    },
    measures: [
      { key: 'attendances', label: 'Attendances', kind: 'number', value: () => sql`count(*)::int`, adds: 'count' },
      {
        key: 'students',
        label: 'Students',
        kind: 'number',
        value: () => sql`count(distinct a.cached_student_id)::int`,
        distinct: 'a.cached_student_id',
      },
    ],
  },
};
