import type { QuickAddForm, QuickCreateItem } from '@srs/shared/roles';
import type { RecordFormTarget } from '../../features/enrollments/forms/record-form-target.ts';

export type QuickTarget =
  | { kind: 'navigate'; to: string }
  | { kind: 'select-school' }
  | { kind: 'new-student' }
  | { kind: 'record'; target: RecordFormTarget };

/** The student and enrollment whose page is open: the Quick Add forms preselect them. */
export type OpenRecord = { studentId: number | null; enrollmentId: number | null };

/** The student whose page is open, if any: the quick-add items preselect them. */
export function openStudentId(pathname: string): number | null {
  const match = /^\/students\/(\d+)(\/|$)/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** /students/{sid}/courses|seminars/enrollments/{eid}/… opens that student and enrollment. */
export function openRecord(pathname: string): OpenRecord {
  const enrollment = /^\/students\/(\d+)\/(?:courses|seminars)\/enrollments\/(\d+)(\/|$)/.exec(pathname);
  if (enrollment) return { studentId: Number(enrollment[1]), enrollmentId: Number(enrollment[2]) };
  return { studentId: openStudentId(pathname), enrollmentId: null };
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
      return { kind: 'navigate', to: '/instructors/new' };
    case 'school':
      return { kind: 'navigate', to: '/schools/new' };
    case 'seminar':
      return { kind: 'select-school' };
  }
}

export function newSeminarPath(schoolId: string): string {
  return `/seminars/new?${new URLSearchParams({ school_id: schoolId }).toString()}`;
}
