import type { Student } from '@srs/shared/students';
import { fullName } from '../format.ts';
import { studentsText } from '../messages.ts';

/** 'Ann Lee, Bob Hart and 3 more': who a bulk action is about to change. */
export function selectedNames(students: readonly Student[], shown = 3): string {
  const names = students.slice(0, shown).map((student) => fullName(student));
  const more = students.length - names.length;
  if (more > 0) return studentsText.t('namesAndMore', { names: names.join(', '), more });
  if (names.length < 2) return names.join('');
  return studentsText.t('namesAnd', { names: names.slice(0, -1).join(', '), last: names.at(-1) });
}
