import { z } from 'zod';
import {
  csvText,
  flag,
  idRef,
  isoDate,
  ListQuery,
  Pagination,
  PersonRef,
  optionalText,
  requiredText,
  SchoolRef,
} from './common.ts';
import { messages } from './messages.ts';
import { StudentLikelyDuplicate } from './student-duplicates.ts';
import { SuggestedSchool } from './students.ts';
import { emailPattern } from './users.ts';

/**
 * Interest tracking (DOMAIN.md; docs/decisions/018): a person who asked for Bible studies goes
 * new → assigned (a school, a student and an enrollment) → contacted → enrolled, or is closed.
 */
export const interestStatuses = ['new', 'assigned', 'contacted', 'enrolled', 'closed'] as const;
export type InterestStatus = (typeof interestStatuses)[number];
export const interestStatusLabels: Record<InterestStatus, string> = {
  new: 'New',
  assigned: 'Assigned',
  contacted: 'Contacted',
  enrolled: 'Enrolled',
  closed: 'Closed',
};

/** How an interest arrived: a website with a key, a CSV file, or typed by hand. */
export const interestSources = ['api', 'csv', 'manual'] as const;
export type InterestSource = (typeof interestSources)[number];
export const interestSourceLabels: Record<InterestSource, string> = {
  api: 'Website',
  csv: 'CSV import',
  manual: 'By hand',
};

export const InterestListQuery = ListQuery.extend({
  status: z.enum(interestStatuses).optional(),
  source: z.enum(interestSources).optional(),
  school_id: idRef.optional(),
  sortBy: z.enum(['received_on', 'name', 'status']).default('received_on'),
  orderBy: z.enum(['asc', 'desc']).default('desc'),
});
export type InterestListQuery = z.infer<typeof InterestListQuery>;

/** A person who asked for Bible studies (DOMAIN.md, Interest tracking). */
export const Interest = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string().nullable(),
  source: z.enum(interestSources),
  received_on: z.string(),
  status: z.enum(interestStatuses),
  assigned_at: z.string().nullable(),
  contacted_at: z.string().nullable(),
  enrolled_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  closed_reason: z.string().nullable(),
  series: z.object({ id: z.number(), name: z.string() }).nullable(),
  school: SchoolRef.nullable(),
  /** The student its assignment made or found, and that student's enrollment in the series. */
  student: PersonRef.nullable(),
  enrollment_id: z.number().nullable(),
});
export type Interest = z.infer<typeof Interest>;
export const InterestListResponse = z.object({ interests: z.array(Interest), pagination: Pagination });
export type InterestListResponse = z.infer<typeof InterestListResponse>;

const email = optionalText(200).refine((value) => value === null || emailPattern.test(value), 'is not a valid email address');

/** The person: what a website, a CSV line and the form all send. */
export const InterestPerson = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: email.optional(),
  phone: optionalText(40).optional(),
  address: optionalText(200).optional(),
  address_2: optionalText(200).optional(),
  city: optionalText(100).optional(),
  state: optionalText(100).optional(),
  zip_code: optionalText(20).optional(),
  country: optionalText(100).optional(),
  /** The course or seminar asked for, when there was a choice. */
  series_id: idRef.nullish(),
});
export type InterestPerson = z.infer<typeof InterestPerson>;

/** POST /interests (by hand) and PUT /interests/{id}: the person and the day the request came. */
export const InterestInput = InterestPerson.extend({ received_on: isoDate.optional() });
export type InterestInput = z.infer<typeof InterestInput>;
export type InterestFormValues = z.input<typeof InterestInput>;

/**
 * POST /interests/{id}/status: what the staff did. Contacted and enrolled follow an assignment;
 * closing needs a reason; reopening puts a closed interest back where it had got to.
 */
export const interestStatusActions = ['contacted', 'enrolled', 'closed', 'reopened'] as const;
export type InterestStatusAction = (typeof interestStatusActions)[number];
export const InterestStatusInput = z
  .object({ action: z.enum(interestStatusActions), closed_reason: optionalText(200).optional() })
  .superRefine((value, context) => {
    if (value.action === 'closed' && !value.closed_reason) {
      context.addIssue({ code: 'custom', path: ['closed_reason'], message: messages.fieldRequired });
    }
  });
export type InterestStatusInput = z.infer<typeof InterestStatusInput>;

export const interestMessages = {
  notAssigned: 'Assign this interest to a school first.',
  alreadyClosed: 'This interest is closed: reopen it first.',
  notClosed: 'This interest is not closed.',
  alreadyAssigned: 'This interest is assigned already.',
  closed: 'This interest is closed: reopen it before assigning it.',
  erasedStudent: "is a student whose personal data was erased",
};

/** The most lines one CSV import of interests takes. */
export const interestImportRowsMax = 5_000;
/** The columns a CSV of interests may have, named in its first line; first_name and last_name are needed. */
export const interestImportColumns = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'address_2',
  'city',
  'state',
  'zip_code',
  'country',
  'series',
  'received_on',
] as const;

/** POST /interests/import: dry_run previews every line's result; the confirmation sends its preview_token. */
export const InterestImportInput = z.object({
  file: csvText,
  dry_run: flag.default(false),
  preview_token: z.string().max(100).optional(),
});
export type InterestImportInput = z.input<typeof InterestImportInput>;
export const InterestImportRow = z.object({
  line: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  zip_code: z.string(),
  status: z.enum(['accepted', 'rejected']),
  reason: z.string().nullable(),
});
export type InterestImportRow = z.infer<typeof InterestImportRow>;
export const InterestImportResponse = z.object({
  rows: z.array(InterestImportRow),
  accepted_count: z.number(),
  rejected_count: z.number(),
  applied: z.boolean(),
  preview_token: z.string(),
});
export type InterestImportResponse = z.infer<typeof InterestImportResponse>;

/**
 * A student the interest's person likely already is: the new-student form's and the import's rule
 * (same email, same phone, or same name and zip code), with the keys shared.
 */
export const LikelyDuplicate = StudentLikelyDuplicate;
export type LikelyDuplicate = StudentLikelyDuplicate;

/** GET /interests/assignments: the unassigned interests, each with the school the wizard's rule suggests first. */
export const InterestAssignmentsQuery = ListQuery.extend({
  sortBy: z.enum(['received_on', 'name']).default('received_on'),
  orderBy: z.enum(['asc', 'desc']).default('asc'),
});
export type InterestAssignmentsQuery = z.infer<typeof InterestAssignmentsQuery>;
export const UnassignedInterest = Interest.extend({
  suggested_school: SuggestedSchool.nullable(),
  likely_duplicates: z.number(),
});
export type UnassignedInterest = z.infer<typeof UnassignedInterest>;
export const InterestAssignmentsResponse = z.object({ interests: z.array(UnassignedInterest), pagination: Pagination });
export type InterestAssignmentsResponse = z.infer<typeof InterestAssignmentsResponse>;

/** GET /interests/{id}/assignment?series_id=: what assigning it needs to show. */
export const InterestAssignmentQuery = z.object({ series_id: idRef.optional() });
export const InterestAssignment = z.object({
  interest: Interest,
  suggested_schools: z.array(SuggestedSchool),
  likely_duplicates: z.array(LikelyDuplicate),
});
export type InterestAssignment = z.infer<typeof InterestAssignment>;

/**
 * POST /interests/{id}/assign: a new student in `school_id`, or the existing student `student_id`
 * (a likely duplicate), enrolled in `series_id`. The address completes the interest's: a student
 * needs address, city, state, country and zip code.
 */
export const InterestAssignInput = InterestPerson.pick({
  address: true,
  address_2: true,
  city: true,
  state: true,
  zip_code: true,
  country: true,
})
  .extend({ series_id: idRef, school_id: idRef.optional(), student_id: idRef.optional() })
  .superRefine((value, context) => {
    if (value.school_id === undefined && value.student_id === undefined) {
      context.addIssue({ code: 'custom', path: ['school_id'], message: messages.fieldRequired });
    }
  });
export type InterestAssignInput = z.infer<typeof InterestAssignInput>;
export const InterestAssigned = z.object({
  interest: Interest,
  student_id: z.number(),
  enrollment_id: z.number(),
  /** False when the interest was matched to a student already recorded. */
  created_student: z.boolean(),
});
export type InterestAssigned = z.infer<typeof InterestAssigned>;
