import type { QuickAddForm, QuickCreateItem } from '@srs/shared/roles';
import type { RecordFormTarget } from '../../features/enrollments/forms/record-form-target.ts';
import { type PageMatch, recordIdsOf } from '../../lib/site-map/page-match.ts';
import { onlySchoolOf } from '../../lib/lookups/schools.ts';
import { pages } from '../../lib/site-map/pages.ts';

export type QuickTarget =
  | { kind: 'navigate'; to: string }
  | { kind: 'select-school' }
  | { kind: 'new-student' }
  | { kind: 'record'; target: RecordFormTarget };

/**
 * The draft of the new-student wizard in the Quick Add modal (lib/drafts.ts): kept while the
 * wizard is open, so that a reload opens the modal again on the step it was on.
 */
export const newStudentDraftName = 'quick-add-new-student';

/** The student and enrollment whose page is open: the Quick Add forms preselect them. */
export type OpenRecord = { studentId: number | null; enrollmentId: number | null };

/** The student and enrollment the open page is about (its site-map entry names them). */
export function openRecord(match: PageMatch | null): OpenRecord {
  const ids = recordIdsOf(match);
  return { studentId: ids.student ?? null, enrollmentId: ids.enrollment ?? null };
}

/**
 * Where a Quick Add item leads: Add New student to the new-student wizard, 'Select a school' to its
 * school step, every other item to its record form with the open student and enrollment chosen.
 */
export function quickAddTarget(form: QuickAddForm, open: OpenRecord): QuickTarget {
  if (form === 'new_student') return { kind: 'new-student' };
  if (form === 'select_school') return { kind: 'select-school' };
  return { kind: 'record', target: { kind: form, studentId: open.studentId, enrollmentId: open.enrollmentId } };
}

export function quickCreateTarget(key: QuickCreateItem['key']): QuickTarget {
  switch (key) {
    case 'student':
      return { kind: 'new-student' };
    case 'instructor':
      return { kind: 'navigate', to: pages['instructor-new'].path };
    case 'school':
      return { kind: 'navigate', to: pages['school-new'].path };
    case 'seminar':
      return { kind: 'select-school' };
  }
}

export function newSeminarPath(schoolId: string): string {
  return `${pages['seminar-new'].path}?${new URLSearchParams({ school_id: schoolId }).toString()}`;
}

/**
 * The school step, skipped for a user with one school: that school's new seminar at once. A user
 * with several keeps the step (SPEC section 2).
 */
export function withoutOnlySchoolStep(target: QuickTarget, schools: readonly { id: number }[] | undefined): QuickTarget {
  const only = onlySchoolOf(schools);
  return target.kind === 'select-school' && only ? { kind: 'navigate', to: newSeminarPath(String(only.id)) } : target;
}
