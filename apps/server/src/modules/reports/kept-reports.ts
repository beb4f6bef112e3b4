import { type SQL, sql } from 'drizzle-orm';
import { carriedPlace, type Counted, type PeriodReport, placeFilters, placeGroups, schoolsIn, within } from './period-report.ts';
import { byDeliveryType, byEpisode, bySeries, turnaroundMeasures } from './report-rows.ts';

/**
 * The Lessons and Lesson turnaround reports from the counts the database keeps beside the lessons
 * (migrations 0010, 0024, 0025, 0037; decision 014): by school, by instructor and for the whole network.
 * Each list is in the order tried; the first that has the query's grouping and every filter it
 * sets answers.
 */

/** Lessons sent and returned, added up from counts kept under `alias` (its sent and completed). */
const keptSentCompleted = (alias: string): PeriodReport['measures'] => [
  { key: 'sent', label: 'Sent', kind: 'number', value: () => sql.raw(`coalesce(sum(${alias}.sent), 0)::int`), adds: 'count' },
  {
    key: 'completed',
    label: 'Completed',
    kind: 'number',
    value: () => sql.raw(`coalesce(sum(${alias}.completed), 0)::int`),
    adds: 'count',
  },
];

/** Lessons returned and their days out from counts kept under `alias` (its days and lessons), each count weighing its days. */
const keptTurnaroundMeasures = (alias: string) =>
  turnaroundMeasures(
    sql.raw(`coalesce(sum(${alias}.lessons), 0)::int`),
    (share) => sql.raw(`srs_weighted_percentile(${share}, array_agg(array[${alias}.days, ${alias}.lessons] order by ${alias}.days))`),
  );

/**
 * The `share` percentile of running sums (`PeriodReport.runningSums`: each record's days out
 * `srs_value`, its lessons `srs_weight`, the lessons so far `srs_seen` and in all `srs_all`),
 * interpolated as srs_weighted_percentile interpolates (migration 0010): the first value whose
 * lessons so far pass the rank's floor, and its ceiling.
 */
function runningPercentile(share: number): SQL {
  const rank = `${share}::float8 * (rs.srs_all - 1)`;
  const first = (bound: 'floor' | 'ceil') => `min(rs.srs_value) filter (where rs.srs_seen > ${bound}(${rank}))`;
  return sql.raw(`${first('floor')} + (max(${rank}) - floor(max(${rank}))) * (${first('ceil')} - ${first('floor')})`);
}

/** Lessons returned and their days out from running sums of kept counts (`runningPercentile`). */
const runningTurnaroundMeasures = turnaroundMeasures(sql.raw('coalesce(sum(rs.srs_weight), 0)::int'), runningPercentile);

/**
 * Lessons from the counts kept per month, school, lesson and delivery type (lesson_months `lm`):
 * the same rows and figures as from the lessons, for whole months, by course, lesson, delivery
 * type or school, for a user who sees whole schools.
 */
const lessonMonths: PeriodReport = {
  from: sql`lesson_months lm`,
  joins: {
    ep: sql`join episodes ep on ep.id = lm.episode_id`,
    sc: sql`join schools sc on sc.id = lm.school_id`,
    se: sql`join series se on se.id = ep.series_id`,
  },
  joinNeeds: { se: ['ep'] },
  joinReads: { sc: 'lm.school_id', se: 'ep.series_id' },
  scopeOf: schoolsIn(sql`lm.school_id`),
  where: sql`(lm.sent <> 0 or lm.completed <> 0)`,
  period: (period) => within(sql`lm.month`, period),
  filters: {
    conference_id: placeFilters.conference_id,
    school_id: { where: (id) => sql`lm.school_id = ${id}` },
    series_id: { where: (id) => sql`ep.series_id = ${id}`, needs: ['ep'] },
    episode_id: { where: (id) => sql`lm.episode_id = ${id}` },
    delivery_type: { where: (type) => sql`lm.delivery_type = ${type}` },
  },
  groups: {
    course: { ...bySeries, needs: ['se'] },
    lesson: byEpisode,
    delivery_type: byDeliveryType('lm.delivery_type'),
    school: placeGroups.school,
  },
  measures: keptSentCompleted('lm'),
};

/**
 * The whole network's lessons from the counts kept per month, lesson and delivery type
 * (lesson_network_months `ln`, migration 0025), for a user who sees every school.
 */
const lessonNetworkMonths: PeriodReport = {
  from: sql`lesson_network_months ln join episodes ep on ep.id = ln.episode_id`,
  joins: { ep: sql``, se: sql`join series se on se.id = ep.series_id` },
  joinNeeds: {},
  joinReads: { se: 'ep.series_id' },
  scopeOf: () => sql`true`,
  where: sql`(ln.sent <> 0 or ln.completed <> 0)`,
  period: (period) => within(sql`ln.month`, period),
  filters: {
    series_id: { where: (id) => sql`ep.series_id = ${id}` },
    episode_id: { where: (id) => sql`ln.episode_id = ${id}` },
    delivery_type: { where: (type) => sql`ln.delivery_type = ${type}` },
  },
  groups: { course: { ...bySeries, needs: ['se'] }, lesson: byEpisode, delivery_type: byDeliveryType('ln.delivery_type') },
  measures: keptSentCompleted('ln'),
};

/** The instructor of counts kept by instructor (`column`, 0 for none), joined as `u` for placeGroups.instructor. */
export const keptInstructorJoin = (column: SQL) => sql`left join users u on u.id = nullif(${column}, 0)`;

/**
 * Lessons from the counts kept per month, school, the student's instructor, course and delivery
 * type (lesson_instructor_months `lim`, migration 0024): the network's lessons by instructor, or
 * of one instructor, from some 40,000 counts a month rather than the lessons and their students.
 */
const lessonInstructorMonths: PeriodReport = {
  from: sql`lesson_instructor_months lim`,
  joins: {
    sc: sql`join schools sc on sc.id = lim.school_id`,
    u: keptInstructorJoin(sql`lim.instructor_id`),
    se: sql`join series se on se.id = lim.series_id`,
  },
  joinNeeds: {},
  joinReads: { sc: 'lim.school_id', u: 'lim.instructor_id', se: 'lim.series_id' },
  scopeOf: schoolsIn(sql`lim.school_id`),
  where: sql`(lim.sent <> 0 or lim.completed <> 0)`,
  period: (period) => within(sql`lim.month`, period),
  filters: {
    conference_id: placeFilters.conference_id,
    school_id: { where: (id) => sql`lim.school_id = ${id}` },
    instructor_id: { where: (id) => sql`lim.instructor_id = ${id}` },
    series_id: { where: (id) => sql`lim.series_id = ${id}` },
    delivery_type: { where: (type) => sql`lim.delivery_type = ${type}` },
  },
  groups: {
    instructor: placeGroups.instructor,
    course: { ...bySeries, needs: ['se'] },
    delivery_type: byDeliveryType('lim.delivery_type'),
    school: placeGroups.school,
  },
  measures: keptSentCompleted('lim'),
};

/**
 * Lessons from the counts kept per month, school and the student's instructor (lesson_instructor_totals
 * `lix`, migration 0044): those by instructor added up over course and delivery type, a ninth as many.
 */
const lessonInstructorTotals: PeriodReport = {
  from: sql`lesson_instructor_totals lix`,
  ...carriedPlace({ school: 'lix.school_id', instructor: 'lix.instructor_id' }),
  scopeOf: schoolsIn(sql`lix.school_id`),
  where: sql`(lix.sent <> 0 or lix.completed <> 0)`,
  period: (period) => within(sql`lix.month`, period),
  groups: { instructor: placeGroups.instructor, school: placeGroups.school },
  measures: keptSentCompleted('lix'),
};

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
  // The medians by the school's, course's or type's id from running sums, named afterwards (the
  // network's twelve months by school, 2 clients: p95 358 -> 256-307 ms).
  joinReads: { sc: 'lt.school_id', se: 'lt.series_id' },
  namedAfter: true,
  runningSums: { value: 'lt.days', weight: 'lt.lessons' },
  scopeOf: schoolsIn(sql`lt.school_id`),
  where: sql`lt.lessons > 0`,
  period: () => null,
  filters: {
    conference_id: placeFilters.conference_id,
    school_id: { where: (id) => sql`lt.school_id = ${id}` },
    series_id: { where: (id) => sql`lt.series_id = ${id}` },
    delivery_type: { where: (type) => sql`lt.delivery_type = ${type}` },
  },
  groups: { delivery_type: byDeliveryType('lt.delivery_type'), course: bySeries, school: placeGroups.school },
  measures: runningTurnaroundMeasures,
};

/**
 * Lessons returned from counts kept per month, school, the student's instructor and days out, added
 * up over the period's months first: lesson_instructor_turnarounds `lit` (migration 0024), and the
 * same by course or by delivery type (0039), keyed by it first: the network's turnaround by
 * instructor of one course or one delivery type (2.6 and 3.2 s from the lessons on the 1M seed).
 */
function instructorTurnaroundsIn(table: string, alias: string, by?: { column: string; filter: 'series_id' | 'delivery_type' }): PeriodReport {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    from: (query) => sql`(select ${column('school_id')}, ${column('instructor_id')}, ${column('days')}, sum(${column('lessons')})::int as lessons
      from ${sql.raw(table)} ${sql.raw(alias)} where ${by ? sql`${column(by.column)} = ${query[by.filter]} and ` : sql``}${within(column('month'), query) ?? sql`true`}
      group by ${column('school_id')}, ${column('instructor_id')}, ${column('days')}) ${sql.raw(alias)}`,
    joins: { sc: sql`join schools sc on sc.id = ${column('school_id')}`, u: keptInstructorJoin(column('instructor_id')) },
    joinNeeds: {},
    // The medians by the instructor's or school's id first, named afterwards: the network's 4,500
    // instructors were sorted by name with their 22,670 counts of a quarter (1M seed, in-process,
    // twelve months: 357 -> 240 ms).
    joinReads: { sc: `${alias}.school_id`, u: `${alias}.instructor_id` },
    namedAfter: true,
    // The medians from running sums, not an array per instructor sorted and walked (the network's
    // 4,500 instructors over a quarter, 1M seed, in-process: 183-190 -> 96-148 ms).
    runningSums: { value: `${alias}.days`, weight: `${alias}.lessons` },
    scopeOf: schoolsIn(column('school_id')),
    where: sql`${column('lessons')} > 0`,
    period: () => null,
    filters: {
      conference_id: placeFilters.conference_id,
      school_id: { where: (id) => sql`${column('school_id')} = ${id}` },
      instructor_id: { where: (id) => sql`${column('instructor_id')} = ${id}` },
      // Taken inside, where the key is read.
      ...(by ? { [by.filter]: { where: () => sql`true` } } : {}),
    },
    groups: by ? { instructor: placeGroups.instructor } : { instructor: placeGroups.instructor, school: placeGroups.school },
    measures: runningTurnaroundMeasures,
  };
}

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
  measures: keptTurnaroundMeasures('lnt'),
};

/**
 * Lessons returned from the counts kept per month, school, lesson, delivery type and days out
 * (lesson_episode_turnarounds `lxt`, migrations 0037, 0040): a conference's turnaround by lesson,
 * from some 100,000 counts over twelve months rather than the network's four million lessons, and
 * the network's of one lesson by school; a conference's of one lesson by course (618 -> 10 ms) or
 * delivery type, and by lesson of one delivery type.
 */
const lessonEpisodeTurnarounds: PeriodReport = {
  // The period's months added up first by school, lesson and days out (the scope and a school's or
  // lesson's filter reach inside: they read its columns; a conference's is taken inside): 12 months
  // of the largest conference, 95,000 counts, are 9,400 rows to name and sort (524 -> 65 ms).
  // The delivery type is kept apart only when the query reads it: added up across it, a conference's
  // twelve months are half as many rows to name and sort (162 -> 95 ms).
  from: (query) => {
    const delivery = query.delivery_type !== undefined || query.group === 'delivery_type' ? sql`lxt.delivery_type, ` : sql``;
    return sql`(select lxt.school_id, lxt.episode_id, ${delivery}lxt.days, sum(lxt.lessons)::int as lessons
      from lesson_episode_turnarounds lxt where ${within(sql`lxt.month`, query) ?? sql`true`}
        ${query.conference_id === undefined ? sql`` : sql`and lxt.school_id in (select c.id from schools c where c.conference_id = ${query.conference_id})`}
      group by lxt.school_id, lxt.episode_id, ${delivery}lxt.days) lxt join episodes ep on ep.id = lxt.episode_id`;
  },
  joins: { ep: sql``, sc: sql`join schools sc on sc.id = lxt.school_id`, se: sql`join series se on se.id = ep.series_id` },
  joinNeeds: {},
  scopeOf: schoolsIn(sql`lxt.school_id`),
  where: sql`lxt.lessons > 0`,
  period: () => null,
  filters: {
    conference_id: placeFilters.conference_id,
    school_id: { where: (id) => sql`lxt.school_id = ${id}` },
    series_id: { where: (id) => sql`ep.series_id = ${id}` },
    episode_id: { where: (id) => sql`lxt.episode_id = ${id}` },
    delivery_type: { where: (type) => sql`lxt.delivery_type = ${type}` },
  },
  groups: {
    lesson: byEpisode,
    school: placeGroups.school,
    course: { ...bySeries, needs: ['se'] },
    delivery_type: byDeliveryType('lxt.delivery_type'),
  },
  measures: keptTurnaroundMeasures('lxt'),
};

/** The Lessons report's kept counts, in the order tried. */
export const keptLessons: readonly Counted[] = [
  { report: lessonNetworkMonths, network: true },
  // By school too: a network's twelve months are a fraction of the counts by school and lesson.
  { report: lessonInstructorTotals },
  { report: lessonMonths },
  { report: lessonInstructorMonths },
];

/** The Lesson turnaround report's kept counts, in the order tried. */
export const keptTurnarounds: readonly Counted[] = [
  { report: lessonNetworkTurnarounds, network: true },
  { report: lessonTurnarounds },
  { report: instructorTurnaroundsIn('lesson_instructor_turnarounds', 'lit') },
  { report: instructorTurnaroundsIn('lesson_instructor_series_turnarounds', 'lis', { column: 'series_id', filter: 'series_id' }) },
  { report: instructorTurnaroundsIn('lesson_instructor_delivery_turnarounds', 'lid', { column: 'delivery_type', filter: 'delivery_type' }) },
  { report: lessonEpisodeTurnarounds },
];
