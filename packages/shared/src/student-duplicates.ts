import { z } from 'zod';
import { boundedText, idRef, SchoolRef } from './common.ts';
import { studentMatchReasons } from './student-import.ts';

/**
 * Likely duplicate students (issue 27, "Find and merge duplicates"): pairs of students the user sees
 * who share an email, a phone or a name and zip code (accents, case and spacing ignored), strongest
 * first. A pair said not to be the same person is never offered again.
 */

/** Why two students are likely one person: the keys of an import's match. */
export const duplicateReasons = studentMatchReasons;
export type DuplicateReason = (typeof duplicateReasons)[number];
export const duplicateReasonLabels: Record<DuplicateReason, string> = {
  email: 'Same email',
  phone: 'Same phone',
  name_and_zip: 'Same name and zip',
};

/** A page of pairs. */
export const duplicatesPageSize = 50;

export const DuplicateStudent = z.object({
  id: z.number(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  school: SchoolRef,
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The registration numbers of the student's enrollments (seminars), if any. */
  registration_numbers: z.array(z.string()),
  created_at: z.string(),
});
export type DuplicateStudent = z.infer<typeof DuplicateStudent>;

export const DuplicatePair = z.object({
  /** The older student first: the one a merge would keep by default. */
  students: z.tuple([DuplicateStudent, DuplicateStudent]),
  reasons: z.array(z.enum(duplicateReasons)),
});
export type DuplicatePair = z.infer<typeof DuplicatePair>;

export const DuplicatesQuery = z.object({
  /** The `next` of the page before: pages go by key, not by offset. */
  after: boundedText(100).optional(),
});
export type DuplicatesQuery = z.infer<typeof DuplicatesQuery>;

export const DuplicatesResponse = z.object({
  pairs: z.array(DuplicatePair),
  /** The key of the next page; null on the last. */
  next: z.string().nullable(),
});
export type DuplicatesResponse = z.infer<typeof DuplicatesResponse>;

export const NotSamePersonInput = z.object({
  student_ids: z.tuple([idRef, idRef]).refine(([a, b]) => a !== b, 'must name two different students'),
});
export type NotSamePersonInput = z.infer<typeof NotSamePersonInput>;

/** GET /students/likely_duplicates: the new-student form's check of the person being typed (the same keys). */
export const LikelyDuplicatesQuery = z.object({
  first_name: boundedText(100).optional(),
  last_name: boundedText(100).optional(),
  zip_code: boundedText(20).optional(),
  email: boundedText(255).optional(),
  phone: boundedText(40).optional(),
});
export type LikelyDuplicatesQuery = z.infer<typeof LikelyDuplicatesQuery>;

/** A form shows this many at most: more says the fields typed do not tell a person yet. */
export const likelyDuplicatesShown = 20;

export const StudentLikelyDuplicate = z.object({
  id: z.number(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  school: SchoolRef,
  reasons: z.array(z.enum(duplicateReasons)),
});
export type StudentLikelyDuplicate = z.infer<typeof StudentLikelyDuplicate>;
export const LikelyDuplicatesResponse = z.object({ students: z.array(StudentLikelyDuplicate) });
export type LikelyDuplicatesResponse = z.infer<typeof LikelyDuplicatesResponse>;
