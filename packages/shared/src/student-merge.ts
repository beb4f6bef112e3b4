import { z } from 'zod';
import { idRef } from './common.ts';
import { StudentFields } from './students.ts';

/**
 * Two records of one person merged into one (issue 27): the user picks, for each field that
 * differs, the kept student's value or the other's; `school` takes the school and the instructor
 * together. Everything of the other student moves to the kept one, and the other is deleted with a
 * destroy version from which /versions undoes the merge.
 */
export const mergeFieldNames = [...(Object.keys(StudentFields.shape) as (keyof StudentFields)[]), 'school'] as const;
export type MergeFieldName = (typeof mergeFieldNames)[number];

export const StudentMergeInput = z.object({
  kept_id: idRef,
  merged_id: idRef,
  /** Per field, whose value the kept student ends with; a field left out keeps the kept one's. */
  fields: z.partialRecord(z.enum(mergeFieldNames), z.enum(['kept', 'merged'])).default({}),
});
export type StudentMergeInput = z.infer<typeof StudentMergeInput>;

/** Two active enrollments of the kept student in one course or seminar: both kept, one to close. */
export const SameSeries = z.object({
  series_name: z.string(),
  enrollment_ids: z.array(z.number()),
});

export const StudentMergeResponse = z.object({
  student_id: z.number(),
  /** The merged student's destroy version: where the merge is undone. */
  version_id: z.number(),
  moved: z.object({ enrollments: z.number(), notes: z.number(), shares: z.number(), interests: z.number() }),
  same_series: z.array(SameSeries),
});
export type StudentMergeResponse = z.infer<typeof StudentMergeResponse>;

export const mergeMessages = {
  sameStudent: 'Choose two different students to merge.',
  erased: 'An erased student cannot be merged.',
  twoActive: (name: string, series: string) => `${name} now has two active enrollments in ${series}: close one of them.`,
  undone: 'The merge is undone: both students are as they were before it.',
  keptGone: 'The merge cannot be undone: the student it was merged into has been deleted since.',
};
