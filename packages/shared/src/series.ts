import { z } from 'zod';
import { ListQuery, Pagination } from './common.ts';
import { seriesTypes } from './enrollments.ts';

export const SeriesListQuery = ListQuery.extend({
  type: z.enum(seriesTypes),
  sortBy: z.enum(['name', 'students_count', 'priority']).default('name'),
});
export type SeriesListQuery = z.infer<typeof SeriesListQuery>;

export const SeriesItem = z.object({
  id: z.number(),
  type: z.enum(seriesTypes),
  name: z.string(),
  priority: z.boolean(),
  students_count: z.number(),
  /** Active enrollments needing follow-up, within what the user may see. */
  needing_followup_count: z.number(),
  episodes_count: z.number(),
  school: z.object({ id: z.number(), school_code: z.string(), church_name: z.string() }).nullable(),
});
export type SeriesItem = z.infer<typeof SeriesItem>;

/** GET /series?type=Course answers data.courses; type=Seminar answers data.seminars. */
export const CourseListResponse = z.object({ courses: z.array(SeriesItem), pagination: Pagination });
export const SeminarListResponse = z.object({ seminars: z.array(SeriesItem), pagination: Pagination });
export const SeriesListResponse = z.union([CourseListResponse, SeminarListResponse]);
export type CourseListResponse = z.infer<typeof CourseListResponse>;
export type SeminarListResponse = z.infer<typeof SeminarListResponse>;
