import { studentEndpoints } from '@srs/shared/endpoints/students';
import type { DuplicatePair, DuplicatesResponse } from '@srs/shared/student-duplicates';
import { type InfiniteData, infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/http.ts';
import { studentKeys } from '../../lib/query-keys.ts';
import { showSuccess } from '../../lib/toasts.ts';
import { studentDuplicatesText } from './messages.ts';

/** Under the students' key: a change to any student (a merge, an edit) refreshes the pairs too. */
export const duplicatePairsKey = [...studentKeys.all, 'duplicate_pairs'] as const;

/** GET /students/duplicates, 50 pairs a page, each page after the key the one before gave. */
export const duplicatePairsQuery = () =>
  infiniteQueryOptions({
    queryKey: duplicatePairsKey,
    queryFn: ({ pageParam, signal }) =>
      call(studentEndpoints.duplicates, { query: pageParam ? { after: pageParam } : {}, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: DuplicatesResponse) => page.next,
  });

export const pairKey = (pair: DuplicatePair) => `${pair.students[0].id}-${pair.students[1].id}`;

/** The merge page keeps the earlier student and merges the later one into it (the lead's /students/merge). */
export const mergePath = (pair: DuplicatePair) => `/students/merge?keep=${pair.students[0].id}&merge=${pair.students[1].id}`;

/**
 * The notice once a pair is said not to be one person, as it reads in English (the tests compare
 * with it); it is shown from the catalogue, in the person's language.
 */
export const notSamePersonDone = 'Not the same person: this pair will not be offered again.';

/** Without the pair said not to be one person: the list keeps its place instead of loading again. */
export function withoutPair(data: InfiniteData<DuplicatesResponse, string | null> | undefined, key: string) {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, pairs: page.pairs.filter((pair) => pairKey(pair) !== key) })) };
}

/** POST /students/duplicates/not_same_person: the pair leaves the list at once, with a notice. */
export function useNotSamePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pair: DuplicatePair) =>
      call(studentEndpoints.notSamePerson, { body: { student_ids: [pair.students[0].id, pair.students[1].id] } }),
    onSuccess: (_answer, pair) => {
      client.setQueryData<InfiniteData<DuplicatesResponse, string | null>>(duplicatePairsKey, (data) => withoutPair(data, pairKey(pair)));
      showSuccess(studentDuplicatesText.t('notSamePersonDone'));
    },
  });
}
