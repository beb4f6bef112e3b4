import { z } from 'zod';
import { idRef, isoDate } from './common.ts';
import { formatDate } from './dates.ts';
import { deliveryTypes } from './enrollments.ts';

/**
 * Reports (DOMAIN.md "Reports", issue 11): each answers a table of rows with its totals, from one
 * query, within the user's scope. A column says how its cells read.
 */
export const ReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  /** How a cell reads: a count, days (an age, a median), a share in per cent, dollars. */
  kind: z.enum(['text', 'number', 'days', 'percent', 'money']),
});
export type ReportColumn = z.infer<typeof ReportColumn>;

export const ReportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCell>;

export const ReportResponse = z.object({
  columns: z.array(ReportColumn),
  rows: z.array(z.record(z.string(), ReportCell)),
  /** The totals row: a number under each column that adds up (or the largest, for an age). */
  totals: z.record(z.string(), ReportCell),
});
export type ReportResponse = z.infer<typeof ReportResponse>;

/** The levels of the follow-up roll-up, from the network down. */
export const followupLevels = ['conference', 'school', 'instructor'] as const;
export type FollowupLevel = (typeof followupLevels)[number];

/**
 * GET /reports/followup: enrollments needing follow-up by conference, school or instructor, each
 * with the age of the oldest; a level's row opens the next one down (its id as a filter).
 */
export const FollowupReportQuery = z.object({
  group: z.enum(followupLevels).default('conference'),
  conference_id: idRef.optional(),
  school_id: idRef.optional(),
  instructor_id: idRef.optional(),
  series_id: idRef.optional(),
});
export type FollowupReportQuery = z.infer<typeof FollowupReportQuery>;

/** The filters a report may take (DOMAIN.md "Reports"), each applying to some reports only. */
export const reportFilters = ['conference_id', 'school_id', 'instructor_id', 'series_id', 'episode_id', 'delivery_type'] as const;
export type ReportFilter = (typeof reportFilters)[number];

type ReportDefinition = {
  label: string;
  /** How its files' names start: 'lessons' in 'lessons-by-course-2026-11-26.csv'. */
  file: string;
  /** What it counts, in a sentence under its title. */
  description: string;
  /** How its rows can be grouped, the first being the default. */
  groups: Record<string, string>;
  filters: readonly ReportFilter[];
  /** What the date range applies to; null when the report has none (the follow-up roll-up). */
  dates: string | null;
  /** The kind of series its course-or-seminar filter offers. */
  series: 'Course' | 'Seminar' | 'any';
};

const everyFilter = reportFilters;
const place = ['conference_id', 'school_id', 'instructor_id', 'series_id'] as const;

/**
 * The reports of DOMAIN.md "Reports" and the two of issue 11 (lesson turnaround, the follow-up
 * roll-up), as the web app lists them and the server checks their queries.
 */
export const reportDefinitions = {
  lessons: {
    label: 'Lessons',
    file: 'lessons',
    description: 'Lessons sent and lessons completed in the period.',
    groups: { course: 'Course', lesson: 'Lesson', delivery_type: 'Delivery type', school: 'School', instructor: 'Instructor' },
    filters: everyFilter,
    dates: 'the day a lesson was sent or completed',
    series: 'Course',
  },
  turnaround: {
    label: 'Lesson turnaround',
    file: 'lesson-turnaround',
    description: 'Days from a lesson sent to its return, for the lessons returned in the period.',
    groups: { delivery_type: 'Delivery type', course: 'Course', school: 'School', lesson: 'Lesson', instructor: 'Instructor' },
    filters: everyFilter,
    dates: 'the day a lesson came back',
    series: 'Course',
  },
  decisions: {
    label: 'Decisions',
    file: 'decisions',
    description: 'Decisions recorded in the period, on lessons, presentations and visits.',
    groups: { option: 'Decision', series: 'Course or seminar', lesson: 'Lesson or presentation', school: 'School', instructor: 'Instructor' },
    filters: [...place, 'episode_id'],
    dates: 'the day a decision was recorded',
    series: 'any',
  },
  enrollments: {
    label: 'Enrollments',
    file: 'enrollments',
    description: 'Enrollments started in the period, by where they stand today, and how many graduated.',
    groups: { series: 'Course or seminar', status: 'Status', month: 'Month started', school: 'School', instructor: 'Instructor' },
    filters: place,
    dates: 'the day an enrollment started',
    series: 'any',
  },
  products: {
    label: 'Products',
    file: 'products',
    description: 'Literature delivered in the period: how many, and what it was worth.',
    groups: { product: 'Product', series: 'Course or seminar', delivery_type: 'Delivery type', school: 'School', instructor: 'Instructor' },
    filters: [...place, 'delivery_type'],
    dates: 'the day it was delivered',
    series: 'any',
  },
  attendance: {
    label: 'Seminar attendance',
    file: 'seminar-attendance',
    description: 'Who came to each presentation given in the period.',
    groups: { presentation: 'Presentation', seminar: 'Seminar', school: 'School', instructor: 'Instructor' },
    filters: [...place, 'episode_id'],
    dates: 'the day of the presentation',
    series: 'Seminar',
  },
  followup: {
    label: 'Follow-up',
    file: 'followup',
    description: 'Courses and seminars needing follow-up, where they have waited longest first.',
    groups: { conference: 'Conference', school: 'School', instructor: 'Instructor' },
    filters: place,
    dates: null,
    series: 'any',
  },
} as const satisfies Record<string, ReportDefinition>;

export type ReportKind = keyof typeof reportDefinitions;
export const reportKinds = Object.keys(reportDefinitions) as ReportKind[];
/** The reports counted over a period (all but the follow-up roll-up, which is as of today). */
export type PeriodReportKind = Exclude<ReportKind, 'followup'>;
export const periodReportKinds = reportKinds.filter((kind): kind is PeriodReportKind => kind !== 'followup');
export type ReportGroup<K extends ReportKind> = keyof (typeof reportDefinitions)[K]['groups'] & string;

const filterSchemas = {
  conference_id: idRef.optional(),
  school_id: idRef.optional(),
  instructor_id: idRef.optional(),
  series_id: idRef.optional(),
  episode_id: idRef.optional(),
  delivery_type: z.enum(deliveryTypes).optional(),
};

/** What a period that ends before it starts is told, under its To date ('To must be on or after…'). */
export const periodOrderMessage = 'must be on or after the From date';

/** Whether a period (YYYY-MM-DD days, either end open) ends before it starts. */
export const endsBeforeItStarts = (period: { from?: string | undefined; to?: string | undefined }) =>
  Boolean(period.from && period.to && period.to < period.from);

/**
 * The query of a report over a period: its grouping, the period (both ends included, either may be
 * left open) and the filters that apply to it. A period that ends before it starts is refused.
 */
export function periodReportQuery<K extends PeriodReportKind>(kind: K) {
  const definition: ReportDefinition = reportDefinitions[kind];
  const groups = Object.keys(definition.groups) as [ReportGroup<K>, ...ReportGroup<K>[]];
  const filters = Object.fromEntries(definition.filters.map((filter) => [filter, filterSchemas[filter]]));
  return z
    .object({ group: z.enum(groups).default(groups[0]), from: isoDate.optional(), to: isoDate.optional(), ...filters })
    .superRefine((query, context) => {
      if (endsBeforeItStarts(query)) context.addIssue({ code: 'custom', path: ['to'], message: periodOrderMessage });
    }) as unknown as z.ZodType<PeriodReportQuery, unknown>;
}

/** A period report's query, once checked. */
export type PeriodReportQuery = {
  group: string;
  from?: string;
  to?: string;
} & Partial<Record<Exclude<ReportFilter, 'delivery_type'>, number>> & { delivery_type?: (typeof deliveryTypes)[number] };

type Period = { from?: string | undefined; to?: string | undefined };

/**
 * A report's file name before its date: '{file}-by-{group}', then its period when it has one, as
 * 'lessons-by-school-2026-09-01-to-2026-11-30' ('-from-…', '-to-…' for a period open at one end):
 * a file kept on a disk says which months it counts (issue 25).
 */
export function reportFileLabel(kind: ReportKind, group: string, period: Period = {}): string {
  const dates = period.from && period.to ? `-${period.from}-to-${period.to}` : period.from ? `-from-${period.from}` : period.to ? `-to-${period.to}` : '';
  return `${reportDefinitions[kind].file}-by-${group.replaceAll('_', '-')}${dates}`;
}

/** A period in words: '09/01/2026–11/30/2026', 'from 09/01/2026', 'up to 11/30/2026', 'all dates'. */
export function periodWords(period: Period): string {
  if (period.from && period.to) return `${formatDate(period.from)}–${formatDate(period.to)}`;
  if (period.from) return `from ${formatDate(period.from)}`;
  if (period.to) return `up to ${formatDate(period.to)}`;
  return 'all dates';
}

/**
 * A report's title as its file's first line reads: 'Lessons by school, 09/01/2026–11/30/2026';
 * the follow-up roll-up, which has no period, is as of the day it was made ('as of 11/28/2026').
 */
export function reportTitle(kind: ReportKind, group: string, when: Period | { asOf: string }): string {
  const definition: ReportDefinition = reportDefinitions[kind];
  const grouping = (definition.groups as Record<string, string>)[group] ?? group;
  const dates = 'asOf' in when ? `as of ${formatDate(when.asOf)}` : periodWords(when);
  return `${definition.label} by ${grouping.toLowerCase()}, ${dates}`;
}
