import type { Student } from '@srs/shared/students';
import { fullName } from '../format.ts';

export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** 'Ann Lee, Bob Hart and 3 more': who a bulk action is about to change. */
export function selectedNames(students: readonly Student[], shown = 3): string {
  const names = students.slice(0, shown).map((student) => fullName(student));
  const more = students.length - names.length;
  if (more > 0) return `${names.join(', ')} and ${more} more`;
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
