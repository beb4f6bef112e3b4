import { z } from 'zod';
import { idRef, ListQuery, Pagination } from './common.ts';
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

/** A lesson of a course or a presentation of a seminar (with its date and time). */
export const Episode = z.object({
  id: z.number(),
  position: z.number(),
  name: z.string(),
  date: z.string().nullable(),
  time: z.string().nullable(),
});
export type Episode = z.infer<typeof Episode>;
export const EpisodesResponse = z.object({ episodes: z.array(Episode) });
export type EpisodesResponse = z.infer<typeof EpisodesResponse>;

export const DecisionOption = z.object({ id: z.number(), name: z.string(), position: z.number() });
export type DecisionOption = z.infer<typeof DecisionOption>;
export const DecisionOptionsResponse = z.object({ decision_options: z.array(DecisionOption) });
export type DecisionOptionsResponse = z.infer<typeof DecisionOptionsResponse>;

/** A product offer a series carries (SPEC section 3). default_price is decimal text ('4.50'). */
export const ProductOffer = z.object({ id: z.number(), name: z.string(), default_price: z.string() });
export type ProductOffer = z.infer<typeof ProductOffer>;
export const ProductOffersResponse = z.object({ products: z.array(ProductOffer) });
export type ProductOffersResponse = z.infer<typeof ProductOffersResponse>;

/**
 * GET /series/simple_list: the pickers' series, priority courses first; school_id keeps those the
 * school offers or holds; student_id those the student's school offers or holds (what the student
 * can be enrolled in).
 */
export const SeriesSimpleListQuery = z.object({
  type: z.enum(seriesTypes).optional(),
  school_id: idRef.optional(),
  student_id: idRef.optional(),
});
export const SeriesOption = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(seriesTypes),
  priority: z.boolean(),
});
export type SeriesOption = z.infer<typeof SeriesOption>;
export const SeriesSimpleListResponse = z.object({ series: z.array(SeriesOption) });
export type SeriesSimpleListResponse = z.infer<typeof SeriesSimpleListResponse>;
