import { z } from 'zod';
import { idRef } from './common.ts';

/**
 * Reports (DOMAIN.md "Reports", issue 11): each answers a table of rows with its totals, from one
 * query, within the user's scope. A column says how its cells read.
 */
export const ReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['text', 'number', 'days']),
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
