import type { studentSections } from '@srs/shared/students';
import { studentsText } from './messages.ts';

export type StudentSection = (typeof studentSections)[number];

const sectionKeys = { all: 'sectionAll', mine: 'sectionMine', shared: 'sectionShared' } as const satisfies Record<
  StudentSection,
  string
>;

/** Each section's name ('All students', 'My students', 'Shared with me'), drawn again when the language changes. */
export function useStudentSectionLabel(): (section: StudentSection) => string {
  const t = studentsText.useT();
  return (section) => t(sectionKeys[section]);
}
