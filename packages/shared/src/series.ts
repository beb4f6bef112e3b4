import { z } from 'zod';
import {
  boundedArray,
  decimalNumber,
  destroyFlag,
  flag,
  idRef,
  isoDate,
  limits,
  ListQuery,
  notValid,
  optionalText,
  Pagination,
  permissionsOf,
  requiredText,
  SchoolRef,
} from './common.ts';
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
  /** With ?all=true (the editor): the lessons sent (deliveries) and attendances that hold it. */
  uses_count: z.number().optional(),
});
export type Episode = z.infer<typeof Episode>;
export const EpisodesResponse = z.object({ episodes: z.array(Episode) });
export type EpisodesResponse = z.infer<typeof EpisodesResponse>;

/** A retired option (active false) stays on past records and leaves the pickers. */
export const DecisionOption = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  active: z.boolean(),
  /** With ?all=true (the editor): the decisions recorded with it. */
  uses_count: z.number().optional(),
});
export type DecisionOption = z.infer<typeof DecisionOption>;
export const DecisionOptionsResponse = z.object({ decision_options: z.array(DecisionOption) });
export type DecisionOptionsResponse = z.infer<typeof DecisionOptionsResponse>;

/** A product offer a series carries (SPEC section 3). default_price is decimal text ('4.50'). */
export const ProductOffer = z.object({
  id: z.number(),
  name: z.string(),
  default_price: z.string(),
  /** Carried by this series and not retired from it (series_products.active). */
  active: z.boolean(),
  /** With ?all=true (the editor): deliveries of it in this series, and the other series carrying it. */
  uses_count: z.number().optional(),
  other_series_count: z.number().optional(),
});
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

/**
 * The editors' view of a catalogue list (`?all=true`): retired decision options and products too,
 * and how many records use each item. Without it, the pickers' view: only the active ones.
 */
export const CatalogueListQuery = z.object({ all: z.enum(['true', 'false']).optional() });
export type CatalogueListQuery = z.infer<typeof CatalogueListQuery>;

export const seriesStatuses = ['Applied', 'Enrolled', 'Attended', 'Graduated', 'Inactive'] as const;
export const SeriesActions = ['update', 'destroy'] as const;
export type SeriesAction = (typeof SeriesActions)[number];

/** GET /series/{id}: a course or a seminar, counts of the students the user may see by status. */
export const SeriesDetail = z.object({
  id: z.number(),
  type: z.enum(seriesTypes),
  name: z.string(),
  description: z.string().nullable(),
  priority: z.boolean(),
  active: z.boolean(),
  location: z.string().nullable(),
  /** A seminar's hosting school; null for a course. */
  school: SchoolRef.nullable(),
  students_count: z.number(),
  status_counts: z.object(
    Object.fromEntries(seriesStatuses.map((status) => [status, z.number()])) as Record<
      (typeof seriesStatuses)[number],
      z.ZodNumber
    >,
  ),
  episodes_count: z.number(),
  permissions: permissionsOf(SeriesActions),
});
export type SeriesDetail = z.infer<typeof SeriesDetail>;

export const SeriesSimpleShow = z.object({ id: z.number(), type: z.enum(seriesTypes), name: z.string() });
export type SeriesSimpleShow = z.infer<typeof SeriesSimpleShow>;

const seriesFields = {
  name: requiredText(200),
  description: optionalText(5000),
  priority: flag.optional(),
  active: flag.optional(),
  location: optionalText(255),
};

/** A time of day as HH:MM (a seminar's presentation). */
const timeOfDay = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, notValid);
const nestedItem = { _destroy: destroyFlag.optional() };

/** episodes: in the wanted order; an item without id is a new lesson or presentation. */
export const EpisodeInput = z.object({
  id: idRef.optional(),
  name: requiredText(200),
  date: isoDate.nullish(),
  time: timeOfDay.nullish(),
  ...nestedItem,
});
export type EpisodeInput = z.infer<typeof EpisodeInput>;

export const DecisionOptionInput = z.object({
  id: idRef.optional(),
  name: requiredText(200),
  active: flag.optional(),
  ...nestedItem,
});
export type DecisionOptionInput = z.infer<typeof DecisionOptionInput>;

/** A product the series carries: an existing offer (product_offer_id) or a new one. */
export const SeriesProductInput = z.object({
  product_offer_id: idRef.optional(),
  name: requiredText(200),
  /** Two decimals at most, minimum 0 (SPEC section 5). */
  default_price: decimalNumber(2, (n) => n.min(0, limits.atLeast(0)).max(1_000_000, limits.atMost(1_000_000))),
  active: flag.optional(),
  ...nestedItem,
});
export type SeriesProductInput = z.infer<typeof SeriesProductInput>;

/**
 * Two lessons, options or products of one series never share a name (whatever its case and
 * spaces): a picker would show them twice with nothing to tell them apart.
 */
const namedOnce = <T extends { name: string; _destroy?: boolean }>(items: T[], context: z.RefinementCtx) => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (item._destroy) return;
    const key = item.name.trim().toLowerCase();
    if (seen.has(key)) context.addIssue({ code: 'custom', message: 'has already been taken', path: [index, 'name'] });
    seen.add(key);
  });
};

/** PUT /series/{id}: the fields sent change, the others stay; each nested list in its wanted order. */
export const SeriesUpdateInput = z.object({
  name: seriesFields.name.optional(),
  description: seriesFields.description.optional(),
  priority: seriesFields.priority,
  active: seriesFields.active,
  location: seriesFields.location.optional(),
  episodes: boundedArray(EpisodeInput, 500).superRefine(namedOnce).optional(),
  decision_options: boundedArray(DecisionOptionInput, 500).superRefine(namedOnce).optional(),
  products: boundedArray(SeriesProductInput, 500).superRefine(namedOnce).optional(),
});
export type SeriesUpdateInput = z.input<typeof SeriesUpdateInput>;
export type SeriesUpdate = z.output<typeof SeriesUpdateInput>;

/** The rule of SPEC section 5 for a new seminar. */
export const schoolSelectRequired = 'School select for a new seminar is required';

/** POST /series: a course (global admins) or a seminar held by a school its creator administers. */
export const SeriesCreateInput = z
  .object({ type: z.enum(seriesTypes), ...seriesFields, school_id: idRef.nullish() })
  .superRefine((value, context) => {
    if (value.type === 'Seminar' && (value.school_id === null || value.school_id === undefined)) {
      context.addIssue({ code: 'custom', message: schoolSelectRequired, path: [] });
    }
  });
export type SeriesCreateInput = z.input<typeof SeriesCreateInput>;
export type SeriesCreate = z.output<typeof SeriesCreateInput>;

/** GET /series/{id}/schools: the schools offering a course (or holding and joining a seminar). */
export const SeriesSchool = z.object({
  id: z.number(),
  school_code: z.string(),
  church_name: z.string(),
  church_city: z.string().nullable(),
  /** The series_offered row; null for a seminar's hosting school. */
  series_offered_id: z.number().nullable(),
  hosting: z.boolean(),
  students_count: z.number(),
});
export type SeriesSchool = z.infer<typeof SeriesSchool>;
export const SeriesSchoolsResponse = z.object({ schools: z.array(SeriesSchool) });
export type SeriesSchoolsResponse = z.infer<typeof SeriesSchoolsResponse>;
