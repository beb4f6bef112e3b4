import type { Student } from '@srs/shared/students';
import { useState } from 'react';

export type StudentSelection = {
  /** The selected students, in the order they were picked. */
  students: readonly Student[];
  ids: readonly number[];
  isSelected: (id: number) => boolean;
  toggle: (student: Student) => void;
  /** 'Select all on this page': selects the page, or clears it when all of it is selected. */
  togglePage: (page: readonly Student[]) => void;
  pageState: (page: readonly Student[]) => 'none' | 'some' | 'all';
  clear: () => void;
};

/**
 * The students picked on the list. The selection survives paging and sorting (labels for
 * students found on several pages) but belongs to one filter: another search or filter starts
 * empty, so that an action never reaches students the list no longer shows.
 */
export function useStudentSelection(filterKey: string): StudentSelection {
  const [state, setState] = useState<{ key: string; picked: ReadonlyMap<number, Student> }>({
    key: filterKey,
    picked: new Map(),
  });
  const picked = state.key === filterKey ? state.picked : new Map<number, Student>();
  const update = (change: (next: Map<number, Student>) => void) =>
    setState((current) => {
      const next = new Map(current.key === filterKey ? current.picked : []);
      change(next);
      return { key: filterKey, picked: next };
    });
  const pageState = (page: readonly Student[]) => {
    const count = page.filter((student) => picked.has(student.id)).length;
    return count === 0 ? 'none' : count === page.length ? 'all' : 'some';
  };
  return {
    students: [...picked.values()],
    ids: [...picked.keys()],
    isSelected: (id) => picked.has(id),
    toggle: (student) =>
      update((next) => {
        if (next.has(student.id)) next.delete(student.id);
        else next.set(student.id, student);
      }),
    togglePage: (page) => {
      const all = pageState(page) === 'all';
      update((next) => {
        for (const student of page) {
          if (all) next.delete(student.id);
          else next.set(student.id, student);
        }
      });
    },
    pageState,
    clear: () => update((next) => next.clear()),
  };
}
