import { Student, StudentFields } from '@srs/shared/students';
import { z } from 'zod';
import { keptRequestKey, keptStudentValues } from '../forms/new-student-drafts.ts';
import type { WizardStep } from './wizard-steps.ts';

/**
 * The new-student wizard's draft (lib/drafts.ts): its step and what was searched, chosen and
 * typed, so that a reload opens it where it was. The success step is never kept: the draft goes
 * as the student is created.
 */
export const wizardDraft = z.object({
  step: z.enum(['search', 'manual', 'course', 'form', 'schools']),
  searched: z.string().nullable(),
  courseId: z.number().int().nullable(),
  /** The school of 'Place in School Manually'. */
  schoolId: z.number().int().nullable(),
  notify: z.boolean(),
  values: keptStudentValues.nullable(),
  /** A student already made by this run (its enrollment failed): only its school can be chosen. */
  lockedSchool: Student.shape.school.nullable(),
  requestKey: keptRequestKey,
});
export type WizardDraft = z.infer<typeof wizardDraft>;

/**
 * The step a kept wizard opens on: the kept one, or the nearest before it that has what it
 * needs (a search, a course, an address that passes the form's rules).
 */
export function resumedStep(draft: WizardDraft, fields: StudentFields | null): WizardStep {
  if (draft.searched === null) return 'search';
  if (draft.step === 'search' || draft.step === 'manual') return draft.step;
  if (draft.courseId === null) return 'course';
  if (draft.step === 'schools' && fields === null) return 'form';
  return draft.step;
}

/** The student fields of what was typed, as the form's Next made them, or null if they do not pass. */
export function fieldsOf(values: WizardDraft['values']): StudentFields | null {
  return values === null ? null : (StudentFields.safeParse(values).data ?? null);
}
