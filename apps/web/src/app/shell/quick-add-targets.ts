import type { QuickAddForm, QuickCreateItem } from '@srs/shared/roles';

export type QuickTarget = { kind: 'navigate'; to: string } | { kind: 'select-school' };

/** The student whose page is open, if any: the quick-add items preselect them. */
export function openStudentId(pathname: string): number | null {
  const match = /^\/students\/(\d+)(\/|$)/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/**
 * Where a Quick Add item leads. The record forms come with their own release: until then the
 * lesson, visit, product, reminder, decision and note items open the open student's course
 * enrollments (or the student list, to choose a student).
 */
export function quickAddTarget(form: QuickAddForm, studentId: number | null): QuickTarget {
  if (form === 'new_student') return { kind: 'navigate', to: '/students/new' };
  if (form === 'select_school') return { kind: 'select-school' };
  return { kind: 'navigate', to: studentId ? `/students/${studentId}/courses` : '/students' };
}

export function quickCreateTarget(key: QuickCreateItem['key']): QuickTarget {
  switch (key) {
    case 'student':
      return { kind: 'navigate', to: '/students/new' };
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
