import type { studentSections } from '@srs/shared/students';

export type StudentSection = (typeof studentSections)[number];

export const studentSectionLabels: Record<StudentSection, string> = {
  all: 'All students',
  mine: 'My students',
  shared: 'Shared with me',
};
