import { studentEndpoints } from '@srs/shared/endpoints/students';
import type { StudentMergeInput } from '@srs/shared/student-merge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readOf } from '../../lib/forget-when-left.ts';
import { call } from '../../lib/http.ts';
import { studentKeys } from '../../lib/query-keys.ts';

/**
 * POST /students/merge: every list and page of students, enrollments and changes is out of date
 * afterwards. The student merged away is not read again at once: the merge page shows it until it
 * has gone to the kept one, and its 404 ('Student deleted') would take the page's place first and
 * the page would never leave (seen on a loaded machine). Nor is the page held until the others are
 * read again (not awaited).
 */
export function useMergeStudents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentMergeInput) => call(studentEndpoints.merge, { body }),
    onSuccess: (_result, { merged_id }) => {
      const gone = readOf(studentKeys.detail(merged_id));
      void client.invalidateQueries({ predicate: (query) => !gone(query) });
      // Out of date all the same, read again only by a page opened later (Back to it says it was deleted).
      void client.invalidateQueries({ predicate: gone, refetchType: 'none' });
    },
  });
}
